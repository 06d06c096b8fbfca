/**
 * Loopback targets for the egress tests of the wire behaviour (HTTP/2, TLS with a private CA, cookies in a
 * redirect chain, header caps): an HTTP/1.1 server, an HTTP/2-only TLS server that counts its sessions,
 * a resolver that maps test names to 127.0.0.x addresses; the fetcher options and outcome checks are
 * test-targets.ts's, under the names these tests use. Loopback only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  createSecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2'
import type { AddressInfo } from 'node:net'
import type { FetchJob } from '../../src/shared/fleet-contract.ts'
import type { Resolver } from '../../src/node/fetching/resolver.ts'
import { job, startTarget } from './test-targets.ts'

export {
  envelopeOf as envelope,
  fetcherOptions as egressOptions,
  refusalOf as refusal,
} from './test-targets.ts'

type AnyRequest = IncomingMessage | Http2ServerRequest
type AnyResponse = ServerResponse | Http2ServerResponse
export type Handler = (request: AnyRequest, response: AnyResponse) => void

export type EgressTarget = {
  port: number
  /** `scheme://name:port/path` for a name the fake resolver maps to this target's address. */
  url(name: string, path: string): string
  requests: AnyRequest[]
  /** TCP connections (HTTP/1.1) or HTTP/2 sessions accepted so far. */
  connections(): number
  /** HTTP/2 only: the sessions accepted, each with its SNI name, for waiting on their close. */
  sessions: ServerHttp2Session[]
  close(): Promise<void>
}

/** An HTTP/1.1 target (test-targets.ts) addressed by the names the fake resolver maps to it. */
export async function startHttpTarget(host: string, handler: Handler): Promise<EgressTarget> {
  const target = await startTarget(host, handler)
  return {
    port: target.port,
    url: (name, path) => `http://${name}:${target.port}${path}`,
    requests: target.requests,
    connections: () => target.connections(),
    sessions: [],
    close: () => target.close(),
  }
}

/** An HTTP/2-only TLS server (ALPN `h2` alone, `allowHTTP1: false`), as some CDNs and gRPC hosts run. */
export async function startH2Target(
  host: string,
  credentials: { cert: string; key: string },
  handler: Handler,
): Promise<EgressTarget> {
  const requests: AnyRequest[] = []
  const sessions: ServerHttp2Session[] = []
  const server = createSecureServer(
    // Node refuses to send a header block over 64000 bytes unless told otherwise.
    { ...credentials, allowHTTP1: false, maxSendHeaderBlockLength: 256 * 1024 },
    (request, response) => {
      requests.push(request)
      handler(request, response)
    },
  )
  server.on('session', (session: ServerHttp2Session) => sessions.push(session))
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (name, path) => `https://${name}:${port}${path}`,
    requests,
    connections: () => sessions.length,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A resolver answering from a fixed map, nothing else; an unknown name does not resolve. */
export function mapResolver(records: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    async resolve(hostname) {
      asked.push(hostname)
      const addresses = records[hostname]
      if (addresses === undefined) throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' })
      return addresses
    },
  }
}

export function fetchJob(url: string): FetchJob {
  return job(url)
}

/** `count` headers of about 1000 bytes each: a header block of roughly `count` KB. */
export function bulkyHeaders(count: number): Record<string, string> {
  const headers: Record<string, string> = {}
  for (let i = 0; i < count; i++) headers[`x-filler-${i}`] = 'v'.repeat(988)
  return headers
}
