/**
 * The plan catalog (SPEC 8, DESIGN 2): the trial and three paid plans, each with its price, its included
 * requests and its rate limits. The paid plans' figures are ours and an operator overrides them with
 * SALLYPORT_PLANS (docs/billing.md); the trial's 30 days and 1,000 requests are SPEC 5.7's and fixed.
 */
import { ConfigError, type PlanOverrides } from '../../config/config.ts'
import { trial } from '../accounts/account-service.ts'
import { parseUsd, usdOf } from './money.ts'
import type { PlanId } from './standing.ts'

export const planIds: readonly PlanId[] = ['trial', 'entry', 'growth', 'scale']
export const paidPlanIds: readonly PlanId[] = ['entry', 'growth', 'scale']

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (planIds as readonly string[]).includes(value)
}

/** Per account (SPEC 8): the same for every plan unless an operator overrides them for one account. */
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
const maxLimit = 1_000_000

const limitKeys = {
  fetch_per_minute: 'fetchPerMinute',
  host_per_minute: 'hostPerMinute',
  general_per_minute: 'generalPerMinute',
  in_flight: 'inFlight',
} as const satisfies Record<string, keyof PlanLimits>

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

function overrideLimits(id: string, base: PlanLimits, raw: unknown): PlanLimits {
  if (!isObject(raw)) throw problem(`${id}.limits`, 'must be an object')
  const limits: Record<keyof PlanLimits, number> = { ...base }
  for (const [key, value] of Object.entries(raw)) {
    if (!Object.hasOwn(limitKeys, key)) {
      throw problem(`${id}.limits.${key}`, `is not a limit; known: ${Object.keys(limitKeys).join(', ')}`)
    }
    limits[limitKeys[key as keyof typeof limitKeys]] = countField(`${id}.limits.${key}`, value, 1, maxLimit)
  }
  return Object.freeze(limits)
}

function overridePlan(base: Plan, raw: unknown): Plan {
  if (!isObject(raw)) throw problem(base.id, 'must be an object')
  // SPEC 5.7 fixes the trial; the admission engine and the account view count with those figures.
  const allowed =
    base.id === 'trial'
      ? ['limits']
      : ['monthly_fee_usd', 'included_requests', 'overage_usd_per_1000', 'limits']
  const plan: { -readonly [K in keyof Plan]: Plan[K] } = { ...base }
  for (const [key, value] of Object.entries(raw)) {
    const where = `${base.id}.${key}`
    if (!allowed.includes(key)) throw problem(where, `cannot be set; ${base.id} takes ${allowed.join(', ')}`)
    if (key === 'monthly_fee_usd') plan.monthlyFeeCents = usdField(where, value, maxFeeCents)
    if (key === 'included_requests') plan.includedRequests = countField(where, value, 0, maxIncluded)
    if (key === 'overage_usd_per_1000') plan.overageCentsPer1000 = usdField(where, value, maxRateCents)
    if (key === 'limits') plan.limits = overrideLimits(base.id, base.limits, value)
  }
  return Object.freeze(plan)
}

/**
 * The catalog with the operator's overrides applied: `{"entry": {"monthly_fee_usd": "29.00",
 * "included_requests": 60000, "overage_usd_per_1000": "0.45", "limits": {"fetch_per_minute": 240}}}`.
 * Anything unknown or out of range is a ConfigError at start-up, never a surprise on an invoice.
 */
export function createPlanCatalog(overrides: PlanOverrides = {}): PlanCatalog {
  for (const key of Object.keys(overrides)) {
    if (!isPlanId(key)) throw problem(key, `is not a plan; known: ${planIds.join(', ')}`)
  }
  const plans = Object.freeze(
    defaultPlans.map((plan) =>
      overrides[plan.id] === undefined ? plan : overridePlan(plan, overrides[plan.id]),
    ),
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
