/**
 * Every social upstream call goes out through the egress fleet like any fetch (the dispatcher, the node's
 * address policy), in the first region in service. Around it: a short cache per upstream URL (keyed by a
 * digest, DESIGN 7), one shared call for concurrent identical requests, the per-(upstream, egress
 * address) budget, and the mapping of transport and status failures onto the error vocabulary.
 *
 * The cache and the shared calls are per process on purpose (docs/social.md, "Several gateways"): they
 * hold public upstream data for 30 to 60 s and decide nothing. The budgets are shared state: with Redis,
 * every gateway takes from and reports to the same lanes.
 * Nothing here logs an upstream URL (DESIGN 7).
 */
import { createHash } from 'node:crypto'
import type { Logger } from 'pino'
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'
import type { FetchJob, NodeEnvelope } from '../../shared/fleet-contract.ts'
import type { FetchDispatcher } from '../fleet/fetch-dispatcher.ts'
import type { FleetMember } from '../fleet/fleet.ts'
import type { SocialMeta } from './social-types.ts'
import { createTtlCache } from './ttl-cache.ts'
import {
  isEmptyObservation,
  observationOf,
  resetTime,
  retryAfterTime,
  type BudgetObservation,
  type BudgetPolicy,
  type UpstreamBudgetStore,
} from './upstream-budget.ts'

export type UpstreamCall = {
  /** The budget lane: `bluesky`, `mastodon:<instance>`, `hackernews`. */
  upstream: string
  /** How error details name the upstream: `Bluesky`, `The Mastodon instance`, `Hacker News`. */
  label: string
  url: URL
  /** 0: never cached. Only 200 answers are cached. */
  ttlMs: number
  /** Response headers to bring back (lower case), besides the rate-limit ones. */
  headers?: readonly string[]
}

export type UpstreamAnswer = {
  status: number
  /** Parsed JSON; null when a non-2xx answer had no JSON body. */
  body: unknown
  headers: Readonly<Record<string, string>>
  fetchedAt: number
  cached: boolean
}

/** Rate-limit headers of Mastodon (X-RateLimit-*) and Bluesky (RateLimit-*), and Retry-After. */
const rateLimitHeaders = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
]

export type UpstreamClientOptions = {
  dispatcher: Pick<FetchDispatcher, 'dispatch'>
  /** The lanes: in this process, or in Redis shared by every gateway. */
  budget: UpstreamBudgetStore
  /** The published limit of a lane's upstream (`bluesky`, `mastodon:<instance>`, `hackernews`). */
  policyOf: (upstream: string) => BudgetPolicy
  clock: Clock
  /** Where a budget report that could not be stored is told. */
  log?: Pick<Logger, 'warn'>
  maxCacheEntries?: number
}

const storeRetryAfterSeconds = 5

export function createUpstreamClient(options: UpstreamClientOptions) {
  const { dispatcher, budget, policyOf, clock } = options
  const cache = createTtlCache<UpstreamAnswer>(options.maxCacheEntries ?? 5_000)
  const inFlight = new Map<string, Promise<UpstreamAnswer>>()

  async function get(call: UpstreamCall): Promise<UpstreamAnswer> {
    const key = createHash('sha256').update(call.url.href).digest('base64url')
    if (call.ttlMs > 0) {
      const hit = cache.get(key, clock.now())
      if (hit !== undefined) return { ...hit, cached: true }
    }
    const shared = inFlight.get(key)
    if (shared !== undefined) return shared
    const pending = fetchOnce(call).finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
    const answer = await pending
    if (call.ttlMs > 0 && answer.status === 200) cache.set(key, answer, answer.fetchedAt + call.ttlMs)
    return answer
  }

  async function fetchOnce(call: UpstreamCall): Promise<UpstreamAnswer> {
    const job: FetchJob = {
      url: call.url.href,
      user_agent: null,
      accept: 'application/json',
      response_headers: [...rateLimitHeaders, ...(call.headers ?? [])],
    }
    const refusals: number[] = []
    let egress: string | undefined
    const admit = async (member: FleetMember) => {
      const address = egressOf(member)
      const lane = { upstream: call.upstream, egress: address }
      const verdict = await budget
        .take(lane, policyOf(call.upstream), clock.now())
        .catch((error: unknown) => {
          throw budgetUnavailable(error)
        })
      if (verdict.ok) egress = address
      else refusals.push(verdict.retryAfterMs)
      return verdict.ok
    }
    let envelope: NodeEnvelope
    try {
      const served = await dispatcher.dispatch(job, undefined, undefined, { admit })
      envelope = JSON.parse(served.envelope.toString('utf8')) as NodeEnvelope
      egress = egressOf(served.member)
    } catch (error) {
      if (error instanceof AppError && error.code === 'no_healthy_endpoints' && refusals.length > 0) {
        throw rateLimited(call.label, Math.min(...refusals), 'our budget for it')
      }
      if (error instanceof AppError && error.code === 'store_unavailable') throw error
      throw unreachable(call.label, error)
    }
    const now = clock.now()
    const headers = envelope.headers ?? {}
    await report(call.upstream, egress ?? 'unknown', observationOf(envelope.status, headers, now), now)

    if (envelope.status === 429) {
      const until =
        retryAfterTime(headers['retry-after'], now) ??
        resetTime(headers['x-ratelimit-reset'] ?? headers['ratelimit-reset'], now)
      throw rateLimited(call.label, (until ?? now + 60_000) - now, 'its rate limit')
    }
    if (envelope.status >= 500) {
      throw new AppError('upstream_unavailable', `${call.label} answered with an error (${envelope.status}).`)
    }
    let body: unknown = null
    try {
      if (envelope.result_encoding === 'base64') throw new SyntaxError('not text')
      body = JSON.parse(envelope.result)
    } catch {
      if (envelope.status >= 200 && envelope.status < 300) {
        throw new AppError('upstream_unavailable', `${call.label} answered with something that is not JSON.`)
      }
    }
    return { status: envelope.status, body, headers, fetchedAt: now, cached: false }
  }

  /**
   * Awaited, so the next take on any gateway sees what this answer said. A report that cannot be stored
   * does not fail the answer already in hand: the next take meets the same store and fails closed.
   */
  async function report(
    upstream: string,
    egress: string,
    observation: BudgetObservation,
    now: number,
  ): Promise<void> {
    if (isEmptyObservation(observation)) return
    try {
      await budget.observe({ upstream, egress }, observation, now)
    } catch (error) {
      options.log?.warn({ err: error, upstream }, 'an upstream rate-limit report could not be stored')
    }
  }

  return { get }
}

export type UpstreamClient = ReturnType<typeof createUpstreamClient>

/** The address the upstream sees: the node's public address, as its health report gives it. */
function egressOf(member: FleetMember): string {
  return member.publicIp ?? member.deviceId ?? member.url
}

function rateLimited(label: string, waitMs: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return new AppError('upstream_rate_limited', `${label} would be over ${what}; try again in ${seconds} s.`, {
    retryAfter: seconds,
  })
}

/** The budget store (Redis) did not answer: refused, never sent unmetered (like the account budgets). */
function budgetUnavailable(cause: unknown): AppError {
  if (cause instanceof AppError) return cause
  return new AppError(
    'store_unavailable',
    'The service cannot check its budget for this network right now, so nothing was sent. Retry shortly.',
    { retryAfter: storeRetryAfterSeconds, cause },
  )
}

/** The fleet's own conditions pass through; a refusal of the upstream by the egress node is `upstream_unavailable`. */
function unreachable(label: string, error: unknown): unknown {
  if (!(error instanceof AppError)) return error
  if (error.code === 'no_healthy_endpoints' || error.code === 'region_out_of_service') return error
  return new AppError('upstream_unavailable', `${label} could not be reached through the egress fleet.`, {
    timedOut: error.status === 504,
    cause: error,
  })
}

/** Records every answer of one operation, so its `meta` can say whether all of it came from the cache. */
export function createTrace(clock: Clock) {
  const answers: UpstreamAnswer[] = []
  return {
    add(answer: UpstreamAnswer): UpstreamAnswer {
      answers.push(answer)
      return answer
    },
    /** `upstream_status` is the main call's; `fetched_at` the oldest data in the answer. */
    meta(main: UpstreamAnswer): SocialMeta {
      const oldest = answers.reduce((at, answer) => Math.min(at, answer.fetchedAt), main.fetchedAt)
      return {
        beta: true,
        upstream_status: main.status,
        cached: answers.every((answer) => answer.cached),
        fetched_at: new Date(Number.isFinite(oldest) ? oldest : clock.now()).toISOString(),
      }
    },
  }
}

export type Trace = ReturnType<typeof createTrace>
