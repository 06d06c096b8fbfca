/** The client's types: what each operation answers and takes, from the generated OpenAPI types. */
import type { RetryOptions } from './retry.ts'
import type { components, operations } from './openapi-types.ts'

export type Schemas = components['schemas']
/** What a successful operation answers, by operationId. */
export type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: infer R }
  ? R extends { content: { 'application/json': infer Body } }
    ? Body
    : never
  : never
/** An operation's query parameters, by operationId. */
export type Query<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never

export type Region = Schemas['Region']
export type FetchEnvelope = Schemas['FetchEnvelope']
export type RegionsAnswer = Ok<'listRegions'>
export type FleetStatus = Ok<'fleetStatus'>
export type Usage = Ok<'getUsage'>
export type Plans = Ok<'listPlans'>
export type UserAgents = Ok<'listUserAgents'>
export type UserAgentQuery = Query<'listUserAgents'>

export type SallyportOptions = {
  /** Sent as `x-api-key`. Default: the SALLYPORT_API_KEY environment variable. */
  apiKey?: string | undefined
  /** Default: SALLYPORT_BASE_URL, else http://127.0.0.1:8080 (what `npm start` serves). */
  baseUrl?: string | undefined
  /** Per request (each retry gets its own). A fetch takes up to 30 s on the service. Default 60 s. */
  timeoutMs?: number
  retry?: RetryOptions
  /** The User-Agent of API requests, which the service sends on to targets. Default: Node's. */
  userAgent?: string
  /** Another fetch implementation (a proxy agent, a test double). Default: the global fetch. */
  fetch?: typeof globalThis.fetch
}

/** Options every call takes. */
export type CallOptions = {
  /** Cancels the call, its retries and waits included; the promise rejects with the signal's reason. */
  signal?: AbortSignal
  /** Overrides the client's per-request time-out for this call. */
  timeoutMs?: number
}

export type FetchRequest = CallOptions & {
  url: string
  /** Omitted: the first region in service in the order us-east, us-west, europe. */
  region?: Region
  /**
   * Runs the fetch at most once per key (docs/idempotency.md). Default: a new UUID per call, reused by
   * every retry of that call, when retries are on.
   */
  idempotencyKey?: string
}

export type Attempt<T> = (init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  data?: T | undefined
  error?: unknown
  response: Response
}>
