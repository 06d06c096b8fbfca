/**
 * The target's failures as `TargetRefusal` values (DESIGN 3). A `detail` goes back to the caller, so it
 * says what happened in general terms and never names the target's host, URL or address; the underlying
 * error messages (undici's name the attempted address) are never copied into it.
 */
import type { TargetRefusal, TargetRefusalCode } from '../../shared/fleet-contract.ts'

export function refusal(code: TargetRefusalCode, detail: string, timedOut = false): TargetRefusal {
  return { code, detail, timed_out: timedOut }
}

export const notPermitted = refusal('target_not_permitted', 'The target address is not permitted.')

function unreachable(reason: string): TargetRefusal {
  return refusal('upstream_unavailable', `The target could not be reached: ${reason}.`)
}

const headersTooLarge = refusal(
  'upstream_unavailable',
  'The target sent response headers that are too large.',
)

const byCode: Record<string, TargetRefusal> = {
  SALLYPORT_TARGET_UNRESOLVED: unreachable('its name could not be resolved'),
  SALLYPORT_NO_EGRESS_ROUTE: unreachable('it has no address of the egress address family'),
  SALLYPORT_BODY_DECODE: refusal('upstream_unavailable', 'The target sent a body that could not be decoded.'),
  ENOTFOUND: unreachable('its name could not be resolved'),
  ENODATA: unreachable('its name could not be resolved'),
  EAI_AGAIN: unreachable('its name could not be resolved'),
  ECONNREFUSED: unreachable('connection refused'),
  ECONNRESET: unreachable('connection reset'),
  EPIPE: unreachable('connection reset'),
  UND_ERR_SOCKET: unreachable('connection closed before the response was complete'),
  ENETUNREACH: unreachable('network unreachable'),
  EHOSTUNREACH: unreachable('host unreachable'),
  EADDRNOTAVAIL: unreachable('address not available'),
  UND_ERR_HEADERS_OVERFLOW: headersTooLarge,
}

const timedOut = (what: string): TargetRefusal => refusal('upstream_unavailable', what, true)

const timeoutCodes: Record<string, TargetRefusal> = {
  UND_ERR_CONNECT_TIMEOUT: timedOut('The connection to the target timed out.'),
  ETIMEDOUT: timedOut('The connection to the target timed out.'),
  UND_ERR_HEADERS_TIMEOUT: timedOut('The target did not answer in time.'),
  UND_ERR_BODY_TIMEOUT: timedOut('The target did not answer in time.'),
}

export const wholeFetchTimedOut = timedOut('The target did not answer in time.')

/** Maps an error thrown while connecting to or reading from the target. */
export function refusalOf(error: unknown): TargetRefusal {
  const code = errorCode(error)
  if (code === 'SALLYPORT_TARGET_NOT_PERMITTED') return notPermitted
  const known = byCode[code] ?? timeoutCodes[code]
  if (known !== undefined) return known
  if (isTlsError(error, code)) return unreachable('the TLS handshake failed')
  if (code.startsWith('ERR_HTTP2_')) return http2Refusal(error, code)
  // llhttp parse errors: the target did not speak valid HTTP/1.1.
  if (code.startsWith('HPE_'))
    return refusal('upstream_unavailable', 'The target sent an invalid HTTP response.')
  return refusal('upstream_unavailable', 'The target could not be reached.')
}

/**
 * Node's HTTP/2 client resets a stream whose response has more header fields than it accepts (128, pseudo
 * headers included) with ENHANCE_YOUR_CALM: the same refusal as a header block over the byte cap. A stream
 * or session the target reset or closed is a connection closed early; anything else broke the protocol.
 */
function http2Refusal(error: unknown, code: string): TargetRefusal {
  const message = error instanceof Error ? error.message : ''
  if (message.includes('NGHTTP2_ENHANCE_YOUR_CALM')) return headersTooLarge
  if (
    code === 'ERR_HTTP2_STREAM_ERROR' ||
    code === 'ERR_HTTP2_SESSION_ERROR' ||
    code === 'ERR_HTTP2_GOAWAY_SESSION'
  ) {
    return unreachable('connection closed before the response was complete')
  }
  return refusal('upstream_unavailable', 'The target sent an invalid HTTP response.')
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : ''
}

/** Node's TLS failures: handshake and certificate errors (OpenSSL codes) and `ERR_TLS_*` / `ERR_SSL_*`. */
function isTlsError(error: unknown, code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    code.startsWith('UNABLE_TO_') ||
    code.includes('SELF_SIGNED') ||
    code === 'HOSTNAME_MISMATCH' ||
    (error as { library?: unknown } | null)?.library === 'SSL routines'
  )
}
