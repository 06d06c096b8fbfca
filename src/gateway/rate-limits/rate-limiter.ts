/**
 * The rate limiter (SPEC 8, DESIGN 6, docs/rate-limits.md): every request an account makes counts against
 * its budgets, all keys of the account together. A fetch takes every rule of a fetch in ONE `admit()`:
 * 120 fetches per minute, 60 per minute per target host, the global per-host ceiling, the in-flight cap
 * and, on a trial, the trial allowance. Every other call that knows the account costs one unit of the
 * general budget, 300 per minute.
 *
 * Each answer carries the states of the budgets it consulted, for the caller to report (the HTTP plugin
 * writes them as the IETF draft's `RateLimit` field). A store that does not answer is 503
 * `store_unavailable` (fail closed: a paid, metered service does not serve unlimited while its counters
 * are away).
 *
 * A principal from the gateway's key cache is confirmed in that same admission (ADR 0011): a revoked key is
 * 401 `invalid_api_key`, and a key whose account epoch the store does not hold (Redis restarted empty) is
 * looked up in the database again and admitted once more.
 */
import { performance } from 'node:perf_hooks'
import type { Logger } from 'pino'
import { AppError } from '../../shared/errors.ts'
import { invalidKey, type CachedKey } from '../keys/principal.ts'
import type { RateLimitDeps } from './account-limits.ts'
import {
  accountScope,
  fetchAdmission,
  generalAdmission,
  hopAdmission,
  hostKeys,
  type Admission,
  type AdmissionLimits,
  type AdmissionRequest,
  type KeyCheck,
  type RuleState,
} from './admission.ts'

/** An admitted fetch. `finish` once it ended: frees its in-flight slot and, without an envelope, refunds. */
export type FetchTicket = { finish(billable: boolean): void }

/** A limiter's answer: the budgets' states to report, and what was refused (never thrown). */
export type LimitAnswer<T> =
  | { admitted: true; states: readonly RuleState[]; value: T }
  | { admitted: false; states: readonly RuleState[]; error: AppError }

export type RateLimiter = {
  /**
   * One unit of the account's general budget; refused with 429 `rate_limited` when spent. `key`: the cached
   * key the request was authenticated with, confirmed in the same step.
   */
  general(
    accountId: string,
    limits: Readonly<AdmissionLimits>,
    now: number,
    key?: CachedKey,
  ): Promise<LimitAnswer<void>>
  /**
   * Every rule of one fetch in one step; refused with 429 or 402 `trial_exhausted`. The answer itself when
   * the store answers at once (ADR 0031), else a promise; a store's failure is always a rejection.
   */
  fetch(input: {
    accountId: string
    host: string
    trial: boolean
    /** Trial requests the usage ledger holds already: the trial counter never counts from less. */
    trialUsed?: number | undefined
    limits: Readonly<AdmissionLimits>
    now: number
    key?: CachedKey | undefined
  }): LimitAnswer<FetchTicket> | Promise<LimitAnswer<FetchTicket>>
  /** One redirect hop after the first: both per-host budgets for its host, nothing else (ADR 0010). */
  hop(input: {
    accountId: string
    host: string
    limits: Readonly<AdmissionLimits>
    now: number
  }): Promise<LimitAnswer<void>>
  /** Maps a failure of a shared store onto 503 `store_unavailable`; bugs (TypeError...) pass through. */
  guard<T>(work: Promise<T>): Promise<T>
}

const storeRetryAfterSeconds = 5

/** A key whose epoch changes under every confirmation (a store flushed again and again) is not admitted. */
const keyConfirmations = 3

function seconds(ms: number): number {
  return Math.ceil(ms / 1000)
}

/** The answer to a refused admission (docs/rate-limits.md, "Retry-After"). */
export function refusalError(
  answer: Extract<Admission, { admitted: false }>,
  limits: AdmissionLimits,
): AppError {
  const retryAfter = Math.max(1, seconds(answer.retryAfterMs))
  switch (answer.reason) {
    case 'key_revoked':
    case 'key_unconfirmed':
      return invalidKey()
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

export function createRateLimiter(deps: RateLimitDeps, log: Pick<Logger, 'warn'>): RateLimiter {
  const { store } = deps
  const hostKeyOf = hostKeys(deps.hostKeySecret)
  // A store that is down fails every request: one warning every few seconds says so without a flood.
  let lastWarning = -Infinity
  function warn(error: unknown, message: string): void {
    const at = performance.now()
    if (at - lastWarning < 5_000) return
    lastWarning = at
    log.warn({ err: error }, message)
  }

  /** A store's failure as the request's answer: 503 `store_unavailable`; bugs pass through. */
  function failed(error: unknown): never {
    if (error instanceof AppError || error instanceof TypeError || error instanceof RangeError) throw error
    warn(error, 'the rate-limit store did not answer: requests are refused with store_unavailable')
    throw storeUnavailable(error)
  }

  const guard = <T>(work: Promise<T>): Promise<T> => work.catch(failed)

  /** A store's answer, at once when it came at once (ADR 0031), its failure mapped as `guard` maps it. */
  function guarded(answer: Admission | Promise<Admission>): Admission | Promise<Admission> {
    return answer instanceof Promise ? answer.catch(failed) : answer
  }

  /**
   * Admits `build(check)`, confirming a cached key on the way: a revoked key is forgotten (and refused by the
   * caller as `invalid_api_key`); an epoch the store does not hold sends the key to the database again. An
   * answer the store gave at once that needs no confirmation is returned at once.
   */
  function admitKeyed(
    build: (check: KeyCheck | undefined) => AdmissionRequest,
    key: CachedKey | undefined,
  ): Admission | Promise<Admission> {
    const answer = guarded(store.admit(build(key?.check)))
    if (answer instanceof Promise) return answer.then((first) => confirmed(first, build, key))
    return confirmed(answer, build, key)
  }

  function confirmed(
    answer: Admission,
    build: (check: KeyCheck | undefined) => AdmissionRequest,
    key: CachedKey | undefined,
  ): Admission | Promise<Admission> {
    if (answer.admitted || key === undefined) return answer
    return confirmAgain(answer, build, key)
  }

  /** A cached key's refusal: forgotten when revoked, looked up again (at most three admissions in all). */
  async function confirmAgain(
    first: Extract<Admission, { admitted: false }>,
    build: (check: KeyCheck | undefined) => AdmissionRequest,
    key: CachedKey,
  ): Promise<Admission> {
    let answer: Admission = first
    let cached = key
    for (let attempt = 0; ; attempt++) {
      if (answer.admitted) return answer
      if (answer.reason === 'key_revoked') cached.forget()
      if (answer.reason !== 'key_unconfirmed') return answer
      if (attempt + 1 >= keyConfirmations) {
        throw storeUnavailable(new Error('the key epoch changed under every confirmation'))
      }
      cached = await cached.reconfirm()
      answer = await guarded(store.admit(build(cached.check)))
    }
  }

  return {
    guard,

    general: async (accountId, limits, now, key) => {
      const answer = await admitKeyed(
        (check) => generalAdmission({ accountId, limits, now, key: check }),
        key,
      )
      if (!answer.admitted) {
        return { admitted: false, states: answer.states, error: refusalError(answer, limits) }
      }
      return { admitted: true, states: answer.states, value: undefined }
    },

    hop: async ({ accountId, host, limits, now }) => {
      const request = hopAdmission({ accountId, hostKey: hostKeyOf(host), limits, now })
      const answer = await guarded(store.admit(request))
      if (!answer.admitted) {
        return { admitted: false, states: answer.states, error: refusalError(answer, limits) }
      }
      return { admitted: true, states: answer.states, value: undefined }
    },

    fetch: ({ accountId, host, trial, trialUsed, limits, now, key }) => {
      let answer
      try {
        const hashed = hostKeyOf(host)
        const build = (check: KeyCheck | undefined) =>
          fetchAdmission({ accountId, hostKey: hashed, limits, trial, trialUsed, key: check, now })
        answer = admitKeyed(build, key)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      if (answer instanceof Promise)
        return answer.then((admission) => ticketFor(admission, accountId, trial, limits))
      return ticketFor(answer, accountId, trial, limits)
    },
  }

  /** The limiter's answer to a fetch's admission: its refusal, or the ticket that ends it. */
  function ticketFor(
    answer: Admission,
    accountId: string,
    trial: boolean,
    limits: Readonly<AdmissionLimits>,
  ): LimitAnswer<FetchTicket> {
    if (!answer.admitted) {
      return { admitted: false, states: answer.states, error: refusalError(answer, limits) }
    }
    const token = answer.inFlightToken
    // fetchAdmission() keys the in-flight slot and the trial counter by the account's scope.
    const slotKey = accountScope(accountId)
    const quotaKey = trial ? slotKey : undefined
    let finished = false
    const ticket: FetchTicket = {
      finish: (billable) => {
        if (finished) return
        finished = true
        // Not awaited: the answer does not wait for bookkeeping. One connection runs commands in order, so
        // this account's next admission on this gateway already sees the slot free.
        if (token !== undefined) {
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
    return { admitted: true, states: answer.states, value: ticket }
  }
}
