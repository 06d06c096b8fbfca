/**
 * The common part of the fake upstreams: a `node:http` server on a loopback address that records every
 * request, counts concurrent ones, and can be told to fail or hang before answering normally.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type SeenRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  at: number
}

export type Injected = { status: number; body: unknown; headers?: Record<string, string> }

export type FakeServer = {
  host: string
  port: number
  /** `http://host:port` */
  origin: string
  requests: SeenRequest[]
  /** Requests whose path starts with `prefix` (all when omitted). */
  count(prefix?: string): number
  /** The most requests that were open at once. */
  maxInFlight(): number
  /** Answers to give before the normal ones, first in first out. */
  failNext(...answers: Injected[]): void
  /** While true, requests get no answer at all (a time-out upstream). */
  hang: boolean
  /** Milliseconds every answer waits, so concurrency is visible. */
  delayMs: number
  reset(): void
  close(): Promise<void>
}

export type FakeHandler = (
  request: { method: string; url: URL; raw: IncomingMessage },
  response: ServerResponse,
) => void

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  })
  response.end(payload)
}

export async function startFakeServer(host: string, handler: FakeHandler): Promise<FakeServer> {
  const injected: Injected[] = []
  let inFlight = 0
  let maxInFlight = 0
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`)
    fake.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      at: Date.now(),
    })
    if (fake.hang) return
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    response.once('close', () => inFlight--)
    const answer = () => {
      const next = injected.shift()
      if (next !== undefined) return sendJson(response, next.status, next.body, next.headers)
      handler({ method: request.method ?? 'GET', url, raw: request }, response)
    }
    if (fake.delayMs > 0) setTimeout(answer, fake.delayMs)
    else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeServer = {
    host,
    port,
    origin: `http://${host}:${port}`,
    requests: [],
    count: (prefix = '') => fake.requests.filter((seen) => seen.path.startsWith(prefix)).length,
    maxInFlight: () => maxInFlight,
    failNext: (...answers) => injected.push(...answers),
    hang: false,
    delayMs: 0,
    reset: () => {
      fake.requests.length = 0
      injected.length = 0
      maxInFlight = 0
      fake.hang = false
      fake.delayMs = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}

/** A fixed-window request budget like the upstreams keep per client address. */
export function windowCounter(limit: number, windowMs: number) {
  let windowStart = 0
  let used = 0
  return {
    limit,
    /** Counts one request; false when it is over the limit. */
    take(now: number): { ok: boolean; remaining: number; resetAt: number } {
      if (now >= windowStart + windowMs) {
        windowStart = now - (now % windowMs)
        used = 0
      }
      used++
      return { ok: used <= limit, remaining: Math.max(0, limit - used), resetAt: windowStart + windowMs }
    },
  }
}
