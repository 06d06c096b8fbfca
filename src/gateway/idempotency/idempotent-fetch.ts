/**
 * docs/idempotency.md: at most one fetch per (account, key); every retry gets its stored answer.
 *
 * `begin()` decides: another url or region is 422, a running attempt 409, a stored answer is replayed, an
 * answer that was not kept is 410, a spent storage budget is 429 (each costing one unit of the general
 * budget, nothing else); else the key is ours until the fetch ends. An envelope is stored (or, over the
 * account's budget, the fact that it was delivered); any error releases the key, so a retry runs again.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'
import { envelopeType, joinedEnvelope, type FetchOutcome } from '../fetching/fetch-outcome.ts'
import type { AdmissionLimits } from '../rate-limits/admission.ts'
import type { CachedKey } from '../keys/principal.ts'
import type { RateLimiter } from '../rate-limits/rate-limiter.ts'
import type { IdempotencyStore } from './idempotency-store.ts'

export type IdempotentFetchDeps = {
  store: IdempotencyStore
  limiter: RateLimiter
  clock: Clock
}

export type IdempotentClaim = {
  accountId: string
  limits: Readonly<AdmissionLimits>
  /** The cached API key of the request, confirmed by the admission of a replay or refusal (ADR 0011). */
  cachedKey?: CachedKey | undefined
  key: string
  /** `idempotencyFingerprint(url, region)`: what a retry with the key must ask for again. */
  fingerprint: string
}

type Log = Pick<Logger, 'warn'>

/** Runs `fetchOnce` under the claim of `claim.key`, or answers from the store without running it. */
export type IdempotentFetch = (
  claim: IdempotentClaim,
  log: Log,
  fetchOnce: () => Promise<FetchOutcome>,
) => Promise<FetchOutcome>

/**
 * Pauses of the retries of a claim's completion or release: 3.5 s in all, inside the 5 s by which a
 * claim's lease outlives the fetch deadline (config.ts), so a retry never finds another request's claim.
 * Sending either again is harmless: a claim completed or released already answers false.
 */
const claimRetryPausesMs = [500, 1_000, 2_000]

function retryShortly(work: () => Promise<unknown>, log: Log, failure: string): void {
  const attempt = (index: number) => {
    const pause = claimRetryPausesMs[index]
    if (pause === undefined) {
      log.warn(`${failure}: the claim's lease frees the key`)
      return
    }
    setTimeout(() => {
      work().then(
        () => undefined,
        () => attempt(index + 1),
      )
    }, pause).unref()
  }
  attempt(0)
}

export function createIdempotentFetch(deps: IdempotentFetchDeps): IdempotentFetch {
  const { store, limiter, clock } = deps

  async function release(log: Log, accountId: string, key: string, token: string): Promise<void> {
    const abandon = () => store.abandon(accountId, key, token)
    try {
      await abandon()
    } catch (error) {
      // Until the claim is released (or its lease runs out), a retry with the key is answered 409.
      log.warn({ err: error }, 'an idempotency claim could not be released: trying again shortly')
      retryShortly(abandon, log, 'an idempotency claim could not be released')
    }
  }

  return async ({ accountId, limits, cachedKey, key, fingerprint }, log, fetchOnce) => {
    let began
    try {
      began = await limiter.guard(store.begin(accountId, key, fingerprint, clock.now()))
    } catch (error) {
      return { kind: 'error', error }
    }
    if (began.kind !== 'claimed') {
      // No egress, no billing, no trial: the general budget only (docs/idempotency.md, "Billing and rate limits").
      let general
      try {
        general = await limiter.general(accountId, limits, clock.now(), cachedKey)
      } catch (error) {
        return { kind: 'error', error }
      }
      const rateLimit = general.states
      if (!general.admitted) return { kind: 'error', error: general.error, rateLimit }
      switch (began.kind) {
        case 'mismatch':
          return {
            kind: 'error',
            rateLimit,
            error: new AppError(
              'idempotency_key_reused',
              'This Idempotency-Key was used in the last 24 hours for another url or region; use a new key.',
            ),
          }
        case 'in_flight':
          return {
            kind: 'error',
            rateLimit,
            error: new AppError(
              'idempotency_in_flight',
              'A request with this Idempotency-Key is still running; retry with the same key.',
              { retryAfter: began.retryAfterSeconds },
            ),
          }
        case 'not_kept':
          return {
            kind: 'error',
            rateLimit,
            error: new AppError(
              'idempotency_answer_not_kept',
              'The first request with this Idempotency-Key completed and was billed, but its answer was too ' +
                "large to keep within the account's storage budget; it is not fetched again. Use a new key " +
                'to fetch again.',
            ),
          }
        case 'budget_spent':
          return {
            kind: 'error',
            rateLimit,
            error: new AppError(
              'idempotency_budget_spent',
              "The account's stored idempotent answers fill its storage budget; nothing was fetched. Retry " +
                'after Retry-After seconds, or send the request without an Idempotency-Key.',
              { retryAfter: began.retryAfterSeconds },
            ),
          }
        case 'replay':
          return { kind: 'replay', response: began.response, rateLimit }
      }
    }
    let outcome: FetchOutcome | undefined
    try {
      outcome = await fetchOnce()
    } finally {
      // An error answer is never stored: the key is released, and a retry runs the fetch again.
      if (outcome?.kind !== 'envelope') await release(log, accountId, key, began.token)
    }
    if (outcome.kind !== 'envelope') return outcome
    const answer = {
      status: 200,
      headers: { 'content-type': envelopeType },
      body: joinedEnvelope(outcome.parts),
    }
    const complete = () => store.complete(accountId, key, began.token, answer, clock.now())
    try {
      const ended = await complete()
      if (!ended) log.warn('an idempotent fetch outlived its claim: its answer is not stored')
    } catch (error) {
      // The fetch ran and is billed: the caller gets its answer now, and the store gets it if it is back
      // within the claim's lease; else only a later replay is lost (docs/adr/0004-store-faults.md).
      log.warn({ err: error }, 'an idempotent answer could not be stored: trying again shortly')
      retryShortly(complete, log, 'an idempotent answer could not be stored')
    }
    return outcome
  }
}
