/** What the orchestrator (bench/run.ts) and its child processes (target, load generator) say over IPC. */
import type { LatencySummary } from './stats.ts'

export const bodySizes = { '1k': 1024, '1m': 1024 * 1024 } as const
export type BodyName = keyof typeof bodySizes

/** How a response is judged: a raw target body of the exact length, or a Sallyport envelope around one. */
export type BodyCheck = { kind: 'raw'; length: number } | { kind: 'envelope'; length: number; region: string }

export type LoadRequest = {
  /** Where the pool connects (target, squid or a gateway); loopback only. */
  origin: string
  method: 'GET' | 'POST'
  /** Origin-form (`/1k`) or, for a forward proxy, absolute-form (`http://127.0.0.1:1234/1k`). */
  path: string
  headers: Record<string, string>
  body: string | null
  check: BodyCheck
}

export type LoadSpec = {
  /**
   * What to send. With several, each request takes the next in turn, whichever worker sends it (the
   * topology spreads its load over gateways and regions this way); one pool per origin.
   */
  requests: LoadRequest[]
  concurrency: number
  warmupMs: number
  durationMs: number
  requestTimeoutMs: number
}

export type LoadResult = {
  /** Requests that completed inside the measured window with the right status and body. */
  completed: number
  /** Non-200 answers, wrong bodies and transport failures that ended inside the window. */
  errors: number
  /** `status 503: {"code":"..."}`, `ECONNRESET`, `bad body`... with counts. */
  errorKinds: Record<string, number>
  /** Response body bytes of the completed requests (the envelope for Sallyport). */
  bytes: number
  /** Measured window, ms (the requested duration, give or take a timer tick). */
  windowMs: number
  /** Per-request latency in ms, request start to last body byte, completed requests only. */
  latency: LatencySummary
  /** CPU the load generator itself used during the window. */
  cpu: { userMs: number; systemMs: number }
  /** Requests still running when the window closed (not counted). */
  unfinished: number
}

export type LoadMessage =
  { type: 'measuring' } | { type: 'result'; result: LoadResult } | { type: 'failed'; message: string }

export type TargetMessage = { type: 'listening'; port: number } | { type: 'failed'; message: string }
