/**
 * `sallyport/client`: a typed client of the Sallyport API for Node 20+ and server code.
 *
 *   import { Sallyport } from 'sallyport/client'
 *   const sallyport = new Sallyport({ apiKey: process.env.SALLYPORT_API_KEY })
 *   const envelope = await sallyport.fetch({ url: 'https://example.com/', region: 'europe' })
 *
 * Types come from the service's OpenAPI document (openapi-types.ts, generated); calls go through
 * openapi-fetch. One method per operation of the API-key surface. An error answer is thrown as a
 * `SallyportError`; transient ones are retried first (retry.ts), a fetch always with an Idempotency-Key so
 * that a retry is never executed or billed twice.
 */
import { randomUUID } from 'node:crypto'
import createClient, { type Client } from 'openapi-fetch'
import type {
  Attempt,
  CallOptions,
  FetchEnvelope,
  FetchRequest,
  FleetStatus,
  Ok,
  Plans,
  RegionsAnswer,
  SallyportOptions,
  UserAgentQuery,
  UserAgents,
  Usage,
} from './api-types.ts'
import { Caller } from './call.ts'
import type { paths } from './openapi-types.ts'
import { defaultRetry } from './retry.ts'
import { socialApi, type SocialApi } from './social.ts'

export { SallyportError, transientCodes, type SallyportErrorCode, type ServiceErrorCode } from './errors.ts'
export { RetryBudget, retryDelayMs, type RetryOptions } from './retry.ts'
export type { components, operations, paths } from './openapi-types.ts'
export type {
  CallOptions,
  FetchEnvelope,
  FetchRequest,
  FleetStatus,
  Plans,
  Region,
  RegionsAnswer,
  SallyportOptions,
  Usage,
  UserAgentQuery,
  UserAgents,
} from './api-types.ts'

export const defaultBaseUrl = 'http://127.0.0.1:8080'

export class Sallyport {
  readonly baseUrl: string
  readonly #api: Client<paths>
  readonly #retryAttempts: number
  readonly #caller: Caller
  /** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. */
  readonly social: SocialApi

  constructor(options: SallyportOptions = {}) {
    const env = typeof process === 'undefined' ? {} : process.env
    this.baseUrl = (options.baseUrl ?? env.SALLYPORT_BASE_URL ?? defaultBaseUrl).replace(/\/+$/, '')
    const retry = { ...defaultRetry, ...options.retry }
    this.#retryAttempts = retry.maxAttempts
    this.#caller = new Caller({
      baseUrl: this.baseUrl,
      apiKey: options.apiKey ?? env.SALLYPORT_API_KEY,
      timeoutMs: options.timeoutMs ?? 60_000,
      retry,
    })
    this.#api = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: {
        accept: 'application/json',
        ...(options.userAgent !== undefined && { 'user-agent': options.userAgent }),
      },
      ...(options.fetch !== undefined && { fetch: options.fetch }),
    })
    this.social = socialApi(this.#api, (options, attempt) => this.#call(options, attempt))
  }

  /** Fetch a URL from an egress node in a region; resolves to the envelope (the target's own status in it). */
  async fetch(request: FetchRequest): Promise<FetchEnvelope> {
    const key = request.idempotencyKey ?? (this.#retryAttempts > 1 ? randomUUID() : undefined)
    return this.#call(request, (init) =>
      this.#api.POST('/v2/proxy/fetch', {
        params: { query: request.region === undefined ? {} : { region: request.region } },
        body: { url: request.url },
        signal: init.signal,
        headers: { ...init.headers, ...(key !== undefined && { 'idempotency-key': key }) },
      }),
    )
  }

  /** Regions that can serve right now. */
  regions(options: CallOptions = {}): Promise<RegionsAnswer> {
    return this.#call(options, (init) => this.#api.GET('/v2/proxy/regions', init))
  }

  /** Every egress node: region, health, last check, in-flight, latency. */
  status(options: CallOptions = {}): Promise<FleetStatus> {
    return this.#call(options, (init) => this.#api.GET('/v2/proxy/status', init))
  }

  /** This month so far: requests, bytes, charge, cap, trial, per day. Needs the `read` scope. */
  usage(options: CallOptions = {}): Promise<Usage> {
    return this.#call(options, (init) => this.#api.GET('/v2/usage', init))
  }

  /** Plans and prices (public). */
  plans(options: CallOptions = {}): Promise<Plans> {
    return this.#call(options, (init) => this.#api.GET('/v2/plans', init))
  }

  /** Browser User-Agent strings to send with fetches. */
  userAgents(query: UserAgentQuery = {}, options: CallOptions = {}): Promise<UserAgents> {
    return this.#call(options, (init) => this.#api.GET('/v2/user-agents/', { ...init, params: { query } }))
  }

  /** Liveness (public). */
  health(options: CallOptions = {}): Promise<Ok<'liveness'>> {
    return this.#call(options, (init) => this.#api.GET('/healthz', init))
  }

  /** Readiness (public); a service that is not ready answers 503, thrown as an error. */
  ready(options: CallOptions = {}): Promise<Ok<'readiness'>> {
    return this.#call(options, (init) => this.#api.GET('/readyz', init))
  }

  /** The OpenAPI 3.1 document the service publishes. */
  openapi(options: CallOptions = {}): Promise<Record<string, unknown>> {
    return this.#call<Record<string, unknown>>(options, async (init) => {
      const result = await this.#api.GET('/v2/docs/openapi.json', { ...init, parseAs: 'json' })
      return { ...result, data: result.data as Record<string, unknown> | undefined }
    })
  }

  #call<T>(options: CallOptions, attempt: Attempt<T>): Promise<T> {
    return this.#caller.call(options, attempt)
  }
}
