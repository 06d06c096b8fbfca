/**
 * The fetch use case (SPEC 4.1, docs/rate-limits.md, docs/idempotency.md): the caller's URL, fetched by an
 * egress node of the chosen region, answered in the flat envelope of SPEC 2.2. The route parses and
 * answers; this decides. The order of one fetch:
 * 1. with an Idempotency-Key, the claim (idempotency/idempotent-fetch.ts): a replay, a 409 or a 422 ends
 *    here, costing one unit of the general budget;
 * 2. the account's standing (trial days, spending cap; a refusal costs one unit of the general budget),
 *    then ONE admission for every rule of the fetch;
 * 3. the dispatch, capped by `fetchDeadlineMs` (below the idempotency and in-flight leases), counted by
 *    metering as it starts;
 * 4. an envelope is delivered once its count is committed and, with a key, stored; any error releases the
 *    key, refunds the trial and takes the count back.
 */
import { Buffer } from 'node:buffer'
import type { Logger } from 'pino'
import { Cancellation, type CancelSignal } from '../../shared/cancellation.ts'
import type { Clock } from '../../shared/clock.ts'
import { Deadlines } from '../../shared/deadlines.ts'
import { AppError } from '../../shared/errors.ts'
import { firstHop, type HopState } from '../../shared/fleet-contract.ts'
import type { Region } from '../../shared/regions.ts'
import type { StandingService } from '../billing/standing.ts'
import type { FetchDispatcher } from '../fleet/fetch-dispatcher.ts'
import { createIdempotentFetch } from '../idempotency/idempotent-fetch.ts'
import { idempotencyFingerprint } from '../idempotency/idempotency-key.ts'
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts'
import type { CachedKey } from '../keys/principal.ts'
import { envelopeBytes } from '../metering/envelope-bytes.ts'
import type { MeteringService } from '../metering/metering-service.ts'
import type { AdmissionLimits } from '../rate-limits/admission.ts'
import type { RateLimiter } from '../rate-limits/rate-limiter.ts'
import type { FetchOutcome } from './fetch-outcome.ts'

export type { FetchOutcome } from './fetch-outcome.ts'

export type FetchServiceDeps = {
  dispatcher: FetchDispatcher
  /** Counts each returned envelope per account and day (DESIGN 7), from its dispatch on. */
  metering: Pick<MeteringService, 'reserve'>
  /** Trial days and spending cap (billing). */
  standing: StandingService
  limiter: RateLimiter
  idempotency: IdempotencyStore
  clock: Clock
  /** The longest a fetch may run, fail-over included (config `fetchDeadlineMs`). */
  fetchDeadlineMs: number
}

/** A fetch as the route parsed it: the url checked, the Idempotency-Key well-formed. */
export type FetchRequest = {
  url: URL
  region: Region | undefined
  /** The caller's User-Agent; null (also for an empty one) lets the node send its own (DESIGN 2). */
  userAgent: string | null
  idempotencyKey: string | undefined
}

/** Whose fetch it is: the account and the limits its requests are admitted under. */
export type FetchPrincipal = {
  accountId: string
  limits: Readonly<AdmissionLimits>
  /** The cached key the request came with, confirmed by its admission (ADR 0011). */
  key?: CachedKey | undefined
}

export type FetchCall = {
  log: Pick<Logger, 'warn'>
  /**
   * Registers `stop` for when the caller goes away (a fetch without a key then stops; a keyed one runs on)
   * and returns its removal. A callback, not an AbortSignal: no EventTarget per fetch just to listen.
   */
  onCallerGone?: ((stop: () => void) => () => void) | undefined
}

export type FetchService = {
  fetch(request: FetchRequest, principal: FetchPrincipal, call: FetchCall): Promise<FetchOutcome>
}

const envelopePrefixes = new Map<string, Buffer>()
function envelopePrefix(region: Region): Buffer {
  let prefix = envelopePrefixes.get(region)
  if (prefix === undefined) {
    prefix = Buffer.from(`{"region_used":${JSON.stringify(region)},`)
    envelopePrefixes.set(region, prefix)
  }
  return prefix
}

export function createFetchService(deps: FetchServiceDeps): FetchService {
  const idempotent = createIdempotentFetch({
    store: deps.idempotency,
    limiter: deps.limiter,
    clock: deps.clock,
  })

  /** Standing, admission, dispatch: the envelope's bytes as the caller gets them, or the error. */
  async function fetchOnce(
    request: FetchRequest,
    { accountId, limits, key }: FetchPrincipal,
    signal: CancelSignal,
  ): Promise<FetchOutcome> {
    let admission
    try {
      const now = deps.clock.now()
      // Trial over or spending cap reached: refused before the fetch's own budgets, at the cost of one unit
      // of the general budget, like every call an account makes (SPEC 5.7, DESIGN 2).
      let standing
      try {
        const found = deps.standing.standingFor(accountId, now)
        standing = found instanceof Promise ? await found : found
      } catch (error) {
        const general = await deps.limiter.general(accountId, limits, now, key)
        return { kind: 'error', error: general.admitted ? error : general.error, rateLimit: general.states }
      }
      const admitted = deps.limiter.fetch({
        accountId,
        host: request.url.hostname,
        trial: standing.trialQuota,
        trialUsed: standing.trialUsed,
        key,
        limits,
        now,
      })
      admission = admitted instanceof Promise ? await admitted : admitted
    } catch (error) {
      return { kind: 'error', error }
    }
    if (!admission.admitted) return { kind: 'error', error: admission.error, rateLimit: admission.states }
    const ticket = admission.value
    // Counted now, committed while the fetch is on its way: the envelope waits for the commit, not for a
    // write after the fetch (docs/adr/0018-metering-before-dispatch.md).
    const metered = deps.metering.reserve(accountId)
    let billable = false
    let rateLimit = admission.states
    try {
      // The gateway drives the redirect chain one hop per job (ADR 0010), so that every hop is admitted
      // against both per-host budgets; the node checks each hop's addresses and builds the final envelope.
      let url = request.url.href
      let hop: Readonly<HopState> = firstHop
      let pinned: Region | undefined
      for (;;) {
        const served = await deps.dispatcher.dispatchHop(
          { url, user_agent: request.userAgent, hop },
          request.region,
          signal,
          pinned,
        )
        if (served.envelope !== undefined) {
          // Splice region_used into the node's JSON instead of parsing and re-serialising up to 10 MiB.
          const parts = [envelopePrefix(served.regionUsed), served.envelope.subarray(1)] as const
          billable = true
          // An envelope is one billable request (DESIGN 2), committed before it is delivered (DESIGN 6).
          metered.bill(envelopeBytes(served.envelope))
          await metered.committed
          return { kind: 'envelope', parts, rateLimit }
        }
        // The target redirected. The next hop's host spends both per-host budgets before any node sends it.
        pinned = served.regionUsed
        url = served.redirect.location
        hop = served.redirect.hop
        const next = await deps.limiter.hop({
          accountId,
          host: new URL(url).hostname,
          limits,
          now: deps.clock.now(),
        })
        rateLimit = next.states
        if (!next.admitted) {
          // Requests were sent for the caller: a refused later hop is billed, with no body (ADR 0010).
          billable = true
          metered.bill(0)
          await metered.committed
          return { kind: 'error', error: next.error, rateLimit }
        }
      }
    } catch (error) {
      // The deadline or the caller's disconnect, whatever the node client made of the abort.
      if (signal.aborted && signal.reason instanceof AppError)
        return { kind: 'error', error: signal.reason, rateLimit }
      return { kind: 'error', error, rateLimit }
    } finally {
      ticket.finish(billable)
      // Nothing billable came of it: the count is taken back before the error is answered.
      if (!billable) await metered.refund()
    }
  }

  // Every fetch's deadline lasts the same: one list of them and one timer (shared/deadlines.ts).
  const deadlines = new Deadlines(deps.fetchDeadlineMs)
  const expire = (deadline: Cancellation) => {
    deadline.abort(
      new AppError(
        'upstream_unavailable',
        `The fetch did not finish within ${Math.round(deps.fetchDeadlineMs / 1000)} s, fail-over included.`,
        { timedOut: true },
      ),
    )
  }

  return {
    fetch: async (request, principal, call) => {
      // One deadline for the whole fetch, started before the idempotency claim, whose lease outlives it.
      const deadline = new Cancellation()
      const timer = deadlines.start(expire, deadline)
      try {
        const key = request.idempotencyKey
        if (key !== undefined) {
          const claim = {
            accountId: principal.accountId,
            limits: principal.limits,
            cachedKey: principal.key,
            key,
            fingerprint: idempotencyFingerprint(request.url, request.region),
          }
          return await idempotent(claim, call.log, () => fetchOnce(request, principal, deadline))
        }
        // Without a key a caller who went away gets nothing, so the fetch stops. A keyed fetch runs on:
        // its stored answer is what the caller's retry will get.
        const forget = call.onCallerGone?.(() => {
          deadline.abort(new AppError('upstream_unavailable', 'The caller closed the connection.'))
        })
        try {
          return await fetchOnce(request, principal, deadline)
        } finally {
          forget?.()
        }
      } finally {
        timer.cancel()
      }
    },
  }
}
