/**
 * The plan catalog (SPEC 8, DESIGN 2): the trial and three paid plans, each with its price, its included
 * requests and its rate limits. The paid plans' prices are ours and an operator overrides them with
 * SALLYPORT_PLANS (docs/billing.md); the trial's 30 days and 1,000 requests are SPEC 5.7's and fixed. The
 * rate limits are per account and the same on every plan (SPEC 8): the catalog shows the deployment's.
 */
import { ConfigError } from '../../config/env-parsing.ts'
import { type PlanOverrides } from '../../config/limits-config.ts'
import { trial } from '../accounts/account-view.ts'
import { parseUsd, usdOf } from './money.ts'
import type { PlanId } from './standing.ts'

export const planIds: readonly PlanId[] = ['trial', 'entry', 'growth', 'scale']
export const paidPlanIds: readonly PlanId[] = ['entry', 'growth', 'scale']

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value)
}

/**
 * Per account (SPEC 8): the same for every plan, the deployment's (SALLYPORT_MAX_IN_FLIGHT included),
 * unless an operator overrides them for one account with `sallyport admin set-limits`.
 */
export type PlanLimits = Readonly<{
  fetchPerMinute: number
  hostPerMinute: number
  generalPerMinute: number
  inFlight: number
}>

export type Plan = Readonly<{
  id: PlanId
  name: string
  monthlyFeeCents: number
  /** Paid plans: per calendar month. The trial: in total. */
  includedRequests: number
  /** Cents per 1,000 requests beyond the included ones; null for the trial, which stops instead. */
  overageCentsPer1000: number | null
  /** The trial only: days from e-mail verification. */
  trialDays: number | null
  limits: PlanLimits
}>

export type PlanCatalog = Readonly<{
  plans: readonly Plan[]
  get(id: PlanId): Plan
}>

export const defaultLimits: PlanLimits = Object.freeze({
  fetchPerMinute: 120,
  hostPerMinute: 60,
  generalPerMinute: 300,
  inFlight: 20,
})

export const defaultPlans: readonly Plan[] = Object.freeze([
  {
    id: 'trial',
    name: 'Trial',
    monthlyFeeCents: 0,
    includedRequests: trial.requests,
    overageCentsPer1000: null,
    trialDays: trial.days,
    limits: defaultLimits,
  },
  {
    id: 'entry',
    name: 'Entry',
    monthlyFeeCents: 2_500,
    includedRequests: 50_000,
    overageCentsPer1000: 50,
    trialDays: null,
    limits: defaultLimits,
  },
  {
    id: 'growth',
    name: 'Growth',
    monthlyFeeCents: 9_900,
    includedRequests: 250_000,
    overageCentsPer1000: 40,
    trialDays: null,
    limits: defaultLimits,
  },
  {
    id: 'scale',
    name: 'Scale',
    monthlyFeeCents: 44_900,
    includedRequests: 1_500_000,
    overageCentsPer1000: 30,
    trialDays: null,
    limits: defaultLimits,
  },
])

/** Bounds that keep every charge an exact safe integer and catch a misplaced digit. */
const maxFeeCents = 100_000_000 // 1,000,000.00 USD a month
const maxIncluded = 1_000_000_000_000
const maxRateCents = 100_000 // 1,000.00 USD per 1,000 requests

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function problem(where: string, what: string): ConfigError {
  return new ConfigError(`SALLYPORT_PLANS: ${where} ${what}`)
}

function usdField(where: string, value: unknown, max: number): number {
  const cents = typeof value === 'string' ? parseUsd(value) : undefined
  if (cents === undefined || cents > max) {
    throw problem(where, `must be a decimal USD string with at most 2 decimals, up to ${usdOf(max)}`)
  }
  return cents
}

function countField(where: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw problem(where, `must be a whole number from ${min} to ${max}`)
  }
  return value
}

const priceFields = ['monthly_fee_usd', 'included_requests', 'overage_usd_per_1000']

function overridePlan(base: Plan, raw: unknown): Plan {
  if (!isObject(raw)) throw problem(base.id, 'must be an object')
  const plan: { -readonly [K in keyof Plan]: Plan[K] } = { ...base }
  for (const [key, value] of Object.entries(raw)) {
    const where = `${base.id}.${key}`
    // Admission applies the same limits to every plan (SPEC 8): a per-plan figure would be shown, not kept.
    if (key === 'limits') {
      throw problem(
        where,
        'cannot be set: rate limits are per account and the same on every plan; ' +
          'change them for one account with `sallyport admin set-limits`',
      )
    }
    // SPEC 5.7 fixes the trial; the admission engine and the account view count with those figures.
    if (base.id === 'trial') throw problem(where, 'cannot be set: the trial’s terms are fixed (SPEC 5.7)')
    if (!priceFields.includes(key)) {
      throw problem(where, `cannot be set; ${base.id} takes ${priceFields.join(', ')}`)
    }
    if (key === 'monthly_fee_usd') plan.monthlyFeeCents = usdField(where, value, maxFeeCents)
    if (key === 'included_requests') plan.includedRequests = countField(where, value, 0, maxIncluded)
    if (key === 'overage_usd_per_1000') plan.overageCentsPer1000 = usdField(where, value, maxRateCents)
  }
  return Object.freeze(plan)
}

/**
 * The catalog with the operator's overrides applied: `{"entry": {"monthly_fee_usd": "29.00",
 * "included_requests": 60000, "overage_usd_per_1000": "0.45"}}`. Anything unknown or out of range is a
 * ConfigError at start-up, never a surprise on an invoice. `limits`: the deployment's rate limits per
 * account, which every plan shows (the gateway passes its own, SALLYPORT_MAX_IN_FLIGHT included).
 */
export function createPlanCatalog(
  overrides: PlanOverrides = {},
  limits: PlanLimits = defaultLimits,
): PlanCatalog {
  for (const key of Object.keys(overrides)) {
    if (!isPlanId(key)) throw problem(key, `is not a plan; known: ${planIds.join(', ')}`)
  }
  const shown = Object.freeze({ ...limits })
  const plans = Object.freeze(
    defaultPlans.map((plan) => {
      const priced = overrides[plan.id] === undefined ? plan : overridePlan(plan, overrides[plan.id])
      return Object.freeze({ ...priced, limits: shown })
    }),
  )
  const byId = new Map(plans.map((plan) => [plan.id, plan]))
  return Object.freeze({
    plans,
    get: (id: PlanId) => byId.get(id)!,
  })
}

/** "25.00 USD a month, 50,000 requests included, then 0.50 USD per 1,000": for people. */
export function describePlan(plan: Plan): string {
  const count = plan.includedRequests.toLocaleString('en-US')
  if (plan.overageCentsPer1000 === null) {
    return `no fee, ${plan.trialDays ?? 0} days and ${count} requests in total`
  }
  return `${usdOf(plan.monthlyFeeCents)} USD a month, ${count} requests included, then ${usdOf(plan.overageCentsPer1000)} USD per 1,000`
}
