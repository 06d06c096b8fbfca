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
import { SallyportError, transientCodes, type SallyportErrorCode } from './errors.ts'
import type { components, operations, paths } from './openapi-types.ts'
import {
  defaultRetry,
  parseRetryAfter,
  RetryBudget,
  retryDelayMs,
  sleep,
  type RetryOptions,
  type RetryPolicy,
} from './retry.ts'

export { SallyportError, transientCodes, type SallyportErrorCode, type ServiceErrorCode } from './errors.ts'
export { RetryBudget, retryDelayMs, type RetryOptions } from './retry.ts'
export type { components, operations, paths } from './openapi-types.ts'

type Schemas = components['schemas']
/** What a successful operation answers, by operationId. */
type Ok<Op extends keyof operations> = operations[Op]['responses'] extends { 200: infer R }
  ? R extends { content: { 'application/json': infer Body } }
    ? Body
    : never
  : never
/** An operation's query parameters, by operationId. */
type Query<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q }
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

type Attempt<T> = (init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  data?: T | undefined
  error?: unknown
  response: Response
}>

export const defaultBaseUrl = 'http://127.0.0.1:8080'

export class Sallyport {
  readonly baseUrl: string
  readonly #api: Client<paths>
  readonly #apiKey: string | undefined
  readonly #timeoutMs: number
  readonly #retry: RetryPolicy
  readonly #budget: RetryBudget

  constructor(options: SallyportOptions = {}) {
    const env = typeof process === 'undefined' ? {} : process.env
    this.baseUrl = (options.baseUrl ?? env.SALLYPORT_BASE_URL ?? defaultBaseUrl).replace(/\/+$/, '')
    this.#apiKey = options.apiKey ?? env.SALLYPORT_API_KEY
    this.#timeoutMs = options.timeoutMs ?? 60_000
    this.#retry = { ...defaultRetry, ...options.retry }
    this.#budget = new RetryBudget(this.#retry.budget)
    this.#api = createClient<paths>({
      baseUrl: this.baseUrl,
      headers: {
        accept: 'application/json',
        ...(options.userAgent !== undefined && { 'user-agent': options.userAgent }),
      },
      ...(options.fetch !== undefined && { fetch: options.fetch }),
    })
  }

  /** Fetch a URL from an egress node in a region; resolves to the envelope (the target's own status in it). */
  async fetch(request: FetchRequest): Promise<FetchEnvelope> {
    const key = request.idempotencyKey ?? (this.#retry.maxAttempts > 1 ? randomUUID() : undefined)
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

  /** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. */
  readonly social = {
    platforms: (options: CallOptions = {}): Promise<Ok<'listSocialPlatformsV2'>> =>
      this.#call(options, (init) => this.#api.GET('/v2/social/platforms', init)),
    blueskyProfiles: (
      query: Query<'getBlueskyProfiles'>,
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyProfiles'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/bluesky/profiles', { ...init, params: { query } }),
      ),
    blueskyProfile: (
      actor: string,
      query: Query<'getBlueskyProfile'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyProfile'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/bluesky/profiles/{actor}', { ...init, params: { path: { actor }, query } }),
      ),
    blueskyPosts: (
      actor: string,
      query: Query<'listBlueskyPosts'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listBlueskyPosts'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/bluesky/profiles/{actor}/posts', {
          ...init,
          params: { path: { actor }, query },
        }),
      ),
    blueskyPost: (
      actor: string,
      rkey: string,
      query: Query<'getBlueskyPost'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyPost'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}', {
          ...init,
          params: { path: { actor, rkey }, query },
        }),
      ),
    blueskyThread: (
      actor: string,
      rkey: string,
      query: Query<'getBlueskyThread'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getBlueskyThread'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread', {
          ...init,
          params: { path: { actor, rkey }, query },
        }),
      ),
    lookupBlueskyPost: (
      query: Query<'lookupBlueskyPost'>,
      options: CallOptions = {},
    ): Promise<Ok<'lookupBlueskyPost'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/bluesky/posts/lookup', { ...init, params: { query } }),
      ),
    mastodonAccount: (
      account: string,
      query: Query<'getMastodonAccount'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getMastodonAccount'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/mastodon/accounts/{account}', {
          ...init,
          params: { path: { account }, query },
        }),
      ),
    mastodonPosts: (
      account: string,
      query: Query<'listMastodonPosts'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listMastodonPosts'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/mastodon/accounts/{account}/posts', {
          ...init,
          params: { path: { account }, query },
        }),
      ),
    mastodonTag: (
      tag: string,
      query: Query<'getMastodonTag'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getMastodonTag'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/mastodon/tags/{tag}', { ...init, params: { path: { tag }, query } }),
      ),
    mastodonTagPosts: (
      tag: string,
      query: Query<'listMastodonTagPosts'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listMastodonTagPosts'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/mastodon/tags/{tag}/posts', { ...init, params: { path: { tag }, query } }),
      ),
    hackerNewsItem: (
      id: string,
      query: Query<'getHackerNewsItem'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getHackerNewsItem'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/hackernews/items/{id}', { ...init, params: { path: { id }, query } }),
      ),
    hackerNewsComments: (
      id: string,
      query: Query<'listHackerNewsComments'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listHackerNewsComments'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/hackernews/items/{id}/comments', {
          ...init,
          params: { path: { id }, query },
        }),
      ),
    hackerNewsUser: (
      user: string,
      query: Query<'getHackerNewsUser'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'getHackerNewsUser'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/hackernews/users/{user}', { ...init, params: { path: { user }, query } }),
      ),
    hackerNewsSubmissions: (
      user: string,
      query: Query<'listHackerNewsSubmissions'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listHackerNewsSubmissions'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/hackernews/users/{user}/submissions', {
          ...init,
          params: { path: { user }, query },
        }),
      ),
    hackerNewsStories: (
      list: operations['listHackerNewsStories']['parameters']['path']['list'],
      query: Query<'listHackerNewsStories'> = {},
      options: CallOptions = {},
    ): Promise<Ok<'listHackerNewsStories'>> =>
      this.#call(options, (init) =>
        this.#api.GET('/v2/social/hackernews/stories/{list}', { ...init, params: { path: { list }, query } }),
      ),
  }

  /** One call: attempts, retries of transient errors within the budget, waits that the signal can cut short. */
  async #call<T>(options: CallOptions, attempt: Attempt<T>): Promise<T> {
    const headers: Record<string, string> = this.#apiKey === undefined ? {} : { 'x-api-key': this.#apiKey }
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs
    for (let attempts = 1; ; attempts++) {
      let failure: SallyportError
      try {
        const data = await this.#attempt(attempt, headers, timeoutMs, options.signal)
        this.#budget.succeeded()
        return data
      } catch (error) {
        if (!(error instanceof SallyportError)) throw error
        failure = error.withAttempts(attempts)
      }
      const wait = this.#waitBeforeRetry(failure, attempts)
      if (wait === undefined) throw failure
      await sleep(wait, options.signal)
    }
  }

  /** How long to wait before the next attempt, or undefined to give up with this error. */
  #waitBeforeRetry(failure: SallyportError, attempts: number): number | undefined {
    if (!transientCodes.has(failure.code) || attempts >= this.#retry.maxAttempts) return undefined
    const wait = retryDelayMs(this.#retry, attempts, failure.retryAfter)
    if (failure.retryAfter !== undefined) {
      // The service said when to come back: that pacing is its own, so it takes nothing from the budget.
      return wait > this.#retry.maxRetryAfterMs ? undefined : wait
    }
    return this.#budget.take() ? wait : undefined
  }

  async #attempt<T>(
    attempt: Attempt<T>,
    headers: Record<string, string>,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs)
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout])
    let result: Awaited<ReturnType<Attempt<T>>>
    try {
      result = await attempt({ signal: combined, headers })
    } catch (error) {
      // The caller's own abort is theirs to handle: rethrown as it is, never retried.
      if (signal?.aborted) throw signal.reason
      if (timeout.aborted) {
        throw new SallyportError({
          code: 'timeout',
          status: 0,
          detail: `no answer from ${this.baseUrl} within ${timeoutMs} ms`,
          cause: error,
        })
      }
      throw new SallyportError({
        code: 'network_error',
        status: 0,
        detail: `could not reach ${this.baseUrl}: ${describeCause(error)}`,
        cause: error,
      })
    }
    const { response } = result
    if (response.ok && result.data !== undefined) return result.data
    throw problemError(response, result.error)
  }
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

/** The problem document of an error answer as a SallyportError; anything else as `unexpected_response`. */
function problemError(response: Response, body: unknown): SallyportError {
  const problem = (typeof body === 'object' && body !== null ? body : {}) as Partial<Schemas['Problem']>
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'))
  const requestId = problem.request_id ?? response.headers.get('x-request-id') ?? undefined
  const known = typeof problem.code === 'string'
  return new SallyportError({
    code: known ? (problem.code as SallyportErrorCode) : 'unexpected_response',
    status: response.status,
    detail: known
      ? (problem.detail ?? '')
      : `HTTP ${response.status} without a problem document${typeof body === 'string' && body !== '' ? `: ${body.slice(0, 200)}` : ''}`,
    ...(problem.title !== undefined && { title: problem.title }),
    ...(problem.type !== undefined && { type: problem.type }),
    ...(requestId !== undefined && { requestId }),
    ...(retryAfter !== undefined && { retryAfter }),
  })
}
