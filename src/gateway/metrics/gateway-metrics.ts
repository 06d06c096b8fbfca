/**
 * The gateway's metrics (docs/operations.md). The services of the fetch path are wrapped, not edited: each
 * wrapper counts the answer its service gave and passes it on unchanged, errors included. Label values come
 * from fixed vocabularies (regions, error codes, decisions), never from the caller's request (DESIGN 7).
 */
import { Counter, type Registry } from 'prom-client'
import type { CancelSignal } from '../../shared/cancellation.ts'
import { AppError } from '../../shared/errors.ts'
import { countedSeriesBy, createHttpMetrics, type HttpMetrics } from '../../shared/metrics.ts'
import type { StandingService } from '../billing/standing.ts'
import type { FetchDispatcher } from '../fleet/fetch-dispatcher.ts'
import type { BeginOutcome, IdempotencyStore } from '../idempotency/idempotency-store.ts'
import type { Admission, AdmissionStore, RefusalReason } from '../rate-limits/admission.ts'
import { createFleetGauges, type FleetGauges } from './fleet-gauges.ts'

/** Which budget an admission drew on: a fetch's rules (SPEC 8) or the general 300 a minute. */
export type Budget = 'fetch' | 'general'

export const limiterDecisions = [
  'admitted',
  'rate_limited',
  'target_rate_limited',
  'in_flight_limited',
  'trial_exhausted',
  'trial_expired',
  'spend_cap_reached',
  'store_unavailable',
  'key_revoked',
  'key_unconfirmed',
] as const

export type LimiterDecision = (typeof limiterDecisions)[number]

/** The general budget is one rule: it admits, refuses, or its store does not answer. */
const generalDecisions = [
  'admitted',
  'rate_limited',
  'store_unavailable',
  'key_revoked',
  'key_unconfirmed',
] as const satisfies LimiterDecision[]

const refusalDecision = {
  rate_limited: 'rate_limited',
  target_rate_limited: 'target_rate_limited',
  in_flight: 'in_flight_limited',
  quota_exhausted: 'trial_exhausted',
  // A cached API key the store refused (ADR 0011): revoked, or to be confirmed by the database first.
  key_revoked: 'key_revoked',
  key_unconfirmed: 'key_unconfirmed',
} as const satisfies Record<RefusalReason, LimiterDecision>

const idempotencyOutcomes = [
  'claimed',
  'replayed',
  'in_flight',
  'key_reused',
  'not_kept',
  'budget_spent',
  'store_unavailable',
] as const

const beginOutcome = {
  claimed: 'claimed',
  replay: 'replayed',
  in_flight: 'in_flight',
  mismatch: 'key_reused',
  not_kept: 'not_kept',
  budget_spent: 'budget_spent',
} as const satisfies Record<BeginOutcome['kind'], (typeof idempotencyOutcomes)[number]>

/** A bug (a bad argument) is not a store outage: the rate limiter lets those through as they are too. */
function isBug(error: unknown): boolean {
  return error instanceof TypeError || error instanceof RangeError
}

export type GatewayMetrics = FleetGauges & {
  http: HttpMetrics
  /** Counts each admission's decision, and a store that did not answer as `store_unavailable`. */
  admissions(store: AdmissionStore): AdmissionStore
  /** Counts the trial's end by time and the spending cap, asked before a fetch's admission. */
  standing(standing: StandingService): StandingService
  /** Counts what each Idempotency-Key led to: a claim, a replay, a 409 or a 422. */
  idempotency(store: IdempotencyStore): IdempotencyStore
  /** Counts the outcome of each fetch's dispatch by the region asked for and the region that served. */
  dispatcher(dispatcher: FetchDispatcher): FetchDispatcher
}

export function createGatewayMetrics(registry: Registry): GatewayMetrics {
  const decisions = new Counter<'budget' | 'decision'>({
    name: 'sallyport_gateway_limiter_decisions_total',
    help: 'Rate-limit, trial and spending-cap decisions, by budget (fetch or general) and decision.',
    labelNames: ['budget', 'decision'],
    registers: [registry],
  })
  const idempotency = new Counter<'outcome'>({
    name: 'sallyport_gateway_idempotency_total',
    help: 'Fetches sent with an Idempotency-Key, by what the key led to (replayed: answered from the store).',
    labelNames: ['outcome'],
    registers: [registry],
  })
  const egress = new Counter<'requested_region' | 'region_used' | 'outcome'>({
    name: 'sallyport_gateway_egress_total',
    help:
      'Dispatched fetches by the region asked for (any: none named), the region that served (none: no ' +
      'node did) and the outcome (envelope, or the error code).',
    labelNames: ['requested_region', 'region_used', 'outcome'],
    registers: [registry],
  })
  // A fetch counts its egress and its admission's decision: each series is bound once (countedSeriesBy).
  const egressSeries = countedSeriesBy(egress, ['requested_region', 'region_used', 'outcome'])
  const countEgress = (requested: string | undefined, regionUsed: string, outcome: string) =>
    egressSeries(requested ?? 'any', regionUsed, outcome).inc()
  const decisionSeries = countedSeriesBy(decisions, ['budget', 'decision'])
  // Every series an alert may watch exists from the start at 0, so its first increase is seen.
  for (const decision of limiterDecisions) decisionSeries('fetch', decision)
  for (const decision of generalDecisions) decisionSeries('general', decision)
  for (const outcome of idempotencyOutcomes) idempotency.inc({ outcome }, 0)

  const decide = (budget: Budget, decision: LimiterDecision) => decisionSeries(budget, decision).inc()
  const decided = (budget: Budget, answer: Admission) => {
    decide(budget, answer.admitted ? 'admitted' : refusalDecision[answer.reason])
    return answer
  }

  return {
    ...createFleetGauges(registry),
    http: createHttpMetrics(registry, 'sallyport_gateway_'),

    admissions: (store) => ({
      ...store,
      // An answer given at once stays at once (ADR 0031): counted, and passed through.
      admit: (request) => {
        const budget: Budget = request.rules.some((rule) => rule.name === 'account_fetch')
          ? 'fetch'
          : 'general'
        const answer = store.admit(request)
        if (answer instanceof Promise) {
          return answer.then(
            (settled) => decided(budget, settled),
            (error: unknown) => {
              if (!isBug(error)) decide(budget, 'store_unavailable')
              throw error
            },
          )
        }
        return decided(budget, answer)
      },
    }),

    standing: (standing) => {
      const counted = (error: unknown): never => {
        if (
          error instanceof AppError &&
          (error.code === 'trial_expired' || error.code === 'spend_cap_reached')
        ) {
          decide('fetch', error.code)
        }
        throw error
      }
      return {
        // A standing known at once stays at once: refusals always come as a rejection (standing.ts).
        standingFor: (accountId, now) => {
          const found = standing.standingFor(accountId, now)
          return found instanceof Promise ? found.catch(counted) : found
        },
      }
    },

    idempotency: (store) => ({
      ...store,
      begin: async (accountId, key, fingerprint, now) => {
        try {
          const outcome = await store.begin(accountId, key, fingerprint, now)
          idempotency.inc({ outcome: beginOutcome[outcome.kind] })
          return outcome
        } catch (error) {
          if (!isBug(error)) idempotency.inc({ outcome: 'store_unavailable' })
          throw error
        }
      },
    }),

    dispatcher: (dispatcher) => ({
      dispatchHop: async (job, requested, signal, pinned) => {
        try {
          const served = await dispatcher.dispatchHop(job, requested, signal, pinned)
          // A redirect is one hop of a fetch; the fetch is counted once, by its last hop.
          if (served.envelope !== undefined) countEgress(requested, served.regionUsed, 'envelope')
          return served
        } catch (error) {
          countEgress(requested, 'none', failureOutcome(signal, error))
          throw error
        }
      },
      dispatch: async (job, requested, signal, options) => {
        try {
          const served = await dispatcher.dispatch(job, requested, signal, options)
          countEgress(requested, served.regionUsed, 'envelope')
          return served
        } catch (error) {
          countEgress(requested, 'none', failureOutcome(signal, error))
          throw error
        }
      },
    }),
  }
}

/**
 * What a failed dispatch counts as: the fetch's deadline or the caller's disconnect, whatever the node
 * client made of the abort, else the error's own code.
 */
function failureOutcome(signal: CancelSignal | undefined, error: unknown): string {
  const reason = signal?.aborted === true && signal.reason instanceof AppError ? signal.reason : error
  return reason instanceof AppError ? reason.code : 'internal_error'
}
