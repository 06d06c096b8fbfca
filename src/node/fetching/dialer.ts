/**
 * Opens the TCP or TLS connection the guarded connector asks for, to an IP literal it already checked.
 * TLS offers ALPN `h2` then `http/1.1` (the order browsers use) on every hop and the target picks;
 * undici then speaks HTTP/2 or HTTP/1.1 on the socket accordingly. Plain http is HTTP/1.1 only (no h2c).
 * Certificates are checked against Node's bundled root store, plus an extra CA when one is configured.
 */
import net from 'node:net'
import tls from 'node:tls'
import { errors, type buildConnector } from 'undici'

export type DialerOptions = {
  /** Per connection, TCP and TLS handshake together. */
  timeoutMs: number
  /** PEM certificates trusted for targets in addition to the bundled root store (SALLYPORT_EXTRA_CA_FILE). */
  extraCa?: string | undefined
  /** Called for a name it must never be asked to look up: the connector hands over IP literals only. */
  lookup: net.LookupFunction
}

export const alpnProtocols = ['h2', 'http/1.1']

/** TLS sessions kept for resumption, keyed by server name, address and port: a small, bounded cache. */
const maxCachedSessions = 100

export function createDialer(options: DialerOptions): buildConnector.connector {
  const ca = options.extraCa === undefined ? undefined : [...tls.rootCertificates, options.extraCa]
  const sessions = new Map<string, Buffer>()

  return function dial(connectOptions, callback) {
    const { hostname, protocol, servername } = connectOptions
    const localAddress = connectOptions.localAddress ?? undefined
    let socket: net.Socket
    if (protocol === 'https:') {
      const port = Number(connectOptions.port || 443)
      const sessionKey = `${servername ?? ''}|${hostname}|${port}`
      const tlsSocket = tls.connect({
        host: hostname,
        port,
        ...(servername !== undefined && { servername }),
        ...(ca !== undefined && { ca }),
        ...(localAddress !== undefined && { localAddress }),
        ...(sessions.has(sessionKey) && { session: sessions.get(sessionKey) }),
        ALPNProtocols: alpnProtocols,
        lookup: options.lookup,
      })
      tlsSocket.on('session', (session: Buffer) => {
        sessions.delete(sessionKey)
        sessions.set(sessionKey, session)
        if (sessions.size > maxCachedSessions) sessions.delete(sessions.keys().next().value ?? '')
      })
      socket = tlsSocket
    } else {
      socket = net.connect({
        host: hostname,
        port: Number(connectOptions.port || 80),
        ...(localAddress !== undefined && { localAddress }),
        lookup: options.lookup,
      })
    }
    socket.setKeepAlive(true, 60_000).setNoDelay(true)
    settleOnce(socket, protocol === 'https:' ? 'secureConnect' : 'connect', options.timeoutMs, callback)
  }
}

/** Calls back once: connected, failed, or timed out (the socket is then destroyed). */
function settleOnce(
  socket: net.Socket,
  connectedEvent: string,
  timeoutMs: number,
  callback: buildConnector.Callback,
): void {
  let settled = false
  const settle = (error: Error | null): void => {
    if (settled) return
    settled = true
    clearTimeout(timer)
    socket.off('error', onError)
    if (error === null) {
      callback(null, socket)
    } else {
      socket.on('error', noop).destroy()
      callback(error, null)
    }
  }
  const onError = (error: Error): void => settle(error)
  const timer = setTimeout(
    () => settle(new errors.ConnectTimeoutError('The connection to the target timed out.')),
    timeoutMs,
  )
  socket.once(connectedEvent, () => settle(null))
  socket.on('error', onError)
}

function noop(): void {}
