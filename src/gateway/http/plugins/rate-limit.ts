/**
 * Rate limits on the HTTP side (SPEC 8, DESIGN 6, docs/rate-limits.md). Every request an account makes
 * counts against its budgets, all keys of the account together:
 *
 * - `POST /v2/proxy/fetch` admits itself (config `admission: 'own'`), with every rule of a fetch in ONE
 *   `admit()`: 120 fetches per minute, 60 per minute per target host, the global per-host ceiling, the
 *   in-flight cap and, on a trial, the trial allowance (`RateLimiter.fetch`).
 * - Every other route that knows the account (a data-plane route with a `scope`, a session route) costs
 *   one unit of the general budget, 300 per minute, in a `preParsing` hook: after authentication (the
 *   `onRequest` hooks), before the body is read.
 *
 * Answers carry the IETF draft fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` on every
 * answer to an authenticated request, `RateLimit` once a budget has been consulted. A refusal is 429 with
 * `Retry-After`; a store that does not answer is 503 `store_unavailable` (fail closed: a paid, metered
 * service does not serve unlimited while its counters are away).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import type { Clock } from '../../../shared/clock.ts'
import { AppError } from '../../../shared/errors.ts'
import type { AccountLimitsSource, RateLimitDeps } from '../../rate-limits/account-limits.ts'
import {
  fetchAdmission,
  generalAdmission,
  hostKey,
  type Admission,
  type AdmissionLimits,
  type LimitRuleName,
  type RuleState,
} from '../../rate-limits/admission.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'own'`: the route admits its requests itself (the fetch route: one admission for all its rules). */
    admission?: 'own'
  }
  interface FastifyRequest {
    /** The account's limits, set by the rate-limit hook on every route that knows the account. */
    accountLimits: Readonly<AdmissionLimits> | undefined
  }
}

export type { RateLimitDeps }

/** An admitted fetch. `finish` once it ended: frees its in-flight slot and, without an envelope, refunds. */
export type FetchTicket = { finish(billable: boolean): void }

export type RateLimiter = {
  /** One unit of the account's general budget; throws 429 `rate_limited` when spent. Sets `RateLimit`. */
  general(
    reply: FastifyReply,
    accountId: string,
    limits: Readonly<AdmissionLimits>,
    now: number,
  ): Promise<void>
  /** Every rule of one fetch in one step; throws 429 or 402 `trial_exhausted`. Sets `RateLimit`. */
  fetch(
    reply: FastifyReply,
    input: {
      accountId: string
      host: string
      trial: boolean
      /** Trial requests the usage ledger holds already: the trial counter never counts from less. */
      trialUsed?: number | undefined
      limits: Readonly<AdmissionLimits>
      now: number
    },
  ): Promise<FetchTicket>
  /** Maps a failure of a shared store onto 503 `store_unavailable`; bugs (TypeError...) pass through. */
  guard<T>(work: Promise<T>): Promise<T>
}

/** The draft's policy names; the global per-host ceiling is not advertised (SPEC 8 keeps its value ours). */
const policyNames: Partial<Record<LimitRuleName, string>> = {
  account_fetch: 'fetch',
  target_host: 'host',
  account_general: 'general',
}

const storeRetryAfterSeconds = 5

function seconds(ms: number): number {
  return Math.ceil(ms / 1000)
}

/** `RateLimit: "fetch";r=17;t=42, "host";r=59;t=60`: what is left and when the window frees up. */
export function rateLimitField(states: readonly RuleState[]): string {
  let field = ''
  for (const state of states) {
    const name = policyNames[state.name]
    if (name === undefined) continue
    field += `${field === '' ? '' : ', '}"${name}";r=${state.remaining};t=${seconds(state.resetMs)}`
  }
  return field
}

const fetchPolicies = new WeakMap<Readonly<AdmissionLimits>, string>()
const generalPolicies = new WeakMap<Readonly<AdmissionLimits>, string>()

/**
 * `RateLimit-Policy` of a route: the fetch route lists `fetch` and `host` and also `general`, which its
 * replays and idempotency answers draw on (docs/idempotency.md); every other route lists `general`.
 */
export function rateLimitPolicyField(limits: Readonly<AdmissionLimits>, route: 'fetch' | 'general'): string {
  const cache = route === 'fetch' ? fetchPolicies : generalPolicies
  let field = cache.get(limits)
  if (field === undefined) {
    const w = seconds(limits.windowMs)
    const general = `"general";q=${limits.generalPerWindow};w=${w}`
    field =
      route === 'fetch'
        ? `"fetch";q=${limits.fetchPerWindow};w=${w}, "host";q=${limits.targetHostPerWindow};w=${w}, ${general}`
        : general
    cache.set(limits, field)
  }
  return field
}

/** The answer to a refused admission (docs/rate-limits.md, "Retry-After"). */
export function refusalError(
  answer: Extract<Admission, { admitted: false }>,
  limits: AdmissionLimits,
): AppError {
  const retryAfter = Math.max(1, seconds(answer.retryAfterMs))
  switch (answer.reason) {
    case 'quota_exhausted':
      // A total, not a window: waiting does not help, so no Retry-After.
      return new AppError(
        'trial_exhausted',
        `The trial's ${limits.trialRequests.toLocaleString('en-US')} requests are used. Moving to a paid plan ` +
          'starts with an e-mail to our billing contact: see /dashboard/account.',
      )
    case 'target_rate_limited':
      return new AppError(
        'target_rate_limited',
        'Too many fetches to this target host in the last minute; other hosts are not affected.',
        { retryAfter },
      )
    case 'in_flight':
      return new AppError(
        'rate_limited',
        `${limits.inFlight} fetches of this account are already running; wait for one to finish.`,
        { retryAfter },
      )
    case 'rate_limited':
      return new AppError('rate_limited', "The account's request budget for the last minute is spent.", {
        retryAfter,
      })
  }
}

export function storeUnavailable(cause: unknown): AppError {
  return new AppError(
    'store_unavailable',
    'The service cannot check its rate limits right now, so nothing was done. Retry shortly.',
    { retryAfter: storeRetryAfterSeconds, cause },
  )
}

export function createRateLimiter(deps: RateLimitDeps, log: FastifyBaseLogger): RateLimiter {
  const { store } = deps
  // A store that is down fails every request: one warning every few seconds says so without a flood.
  let lastWarning = -Infinity
  function warn(error: unknown, message: string): void {
    const at = performance.now()
    if (at - lastWarning < 5_000) return
    lastWarning = at
    log.warn({ err: error }, message)
  }

  async function guard<T>(work: Promise<T>): Promise<T> {
    try {
      return await work
    } catch (error) {
      if (error instanceof AppError || error instanceof TypeError || error instanceof RangeError) throw error
      warn(error, 'the rate-limit store did not answer: requests are refused with store_unavailable')
      throw storeUnavailable(error)
    }
  }

  return {
    guard,

    general: async (reply, accountId, limits, now) => {
      const answer = await guard(store.admit(generalAdmission({ accountId, limits, now })))
      void reply.header('ratelimit', rateLimitField(answer.states))
      if (!answer.admitted) throw refusalError(answer, limits)
    },

    fetch: async (reply, { accountId, host, trial, trialUsed, limits, now }) => {
      const request = fetchAdmission({
        accountId,
        hostKey: hostKey(deps.hostKeySecret, host),
        limits,
        trial,
        trialUsed,
        now,
      })
      const answer = await guard(store.admit(request))
      void reply.header('ratelimit', rateLimitField(answer.states))
      if (!answer.admitted) throw refusalError(answer, limits)
      const token = answer.inFlightToken
      const slotKey = request.inFlight?.key
      const quotaKey = request.quota?.key
      let finished = false
      return {
        finish: (billable) => {
          if (finished) return
          finished = true
          // Not awaited: the answer does not wait for bookkeeping. One connection runs commands in order, so
          // this account's next admission on this gateway already sees the slot free.
          if (token !== undefined && slotKey !== undefined) {
            store.release(slotKey, token).catch((error: unknown) => {
              warn(error, 'an in-flight slot could not be released: its lease frees it')
            })
          }
          // Only an envelope is billable (DESIGN 2): the trial gets back what an error answer took.
          if (!billable && quotaKey !== undefined) {
            store.refundQuota(quotaKey).catch((error: unknown) => {
              warn(error, 'a trial request could not be refunded')
            })
          }
        },
      }
    },
  }
}

/**
 * The hook: the account's limits for every route that knows the account, `RateLimit-Policy` on its answer,
 * and one unit of the general budget unless the route admits itself.
 */
export function registerRateLimits(
  app: FastifyInstance,
  deps: { limiter: RateLimiter; limits: AccountLimitsSource; clock: Clock },
): void {
  const { limiter, limits, clock } = deps
  app.decorateRequest('accountLimits', undefined)
  app.addHook('preParsing', async (request, reply) => {
    const accountId = request.principal?.accountId ?? request.accountSession?.accountId
    if (accountId === undefined) return
    const found = limits.limitsFor(accountId)
    const account = found instanceof Promise ? await found : found
    request.accountLimits = account
    const own = request.routeOptions.config.admission === 'own'
    void reply.header('ratelimit-policy', rateLimitPolicyField(account, own ? 'fetch' : 'general'))
    if (!own) await limiter.general(reply, accountId, account, clock.now())
  })
}
