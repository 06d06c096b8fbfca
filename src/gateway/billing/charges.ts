/**
 * What a month costs (docs/billing.md, docs/adr/0002-billing-periods-and-prorated-overage.md): the plan's fee, plus the
 * requests beyond the included ones at the plan's rate per 1,000, prorated per request and rounded up to
 * the whole cent once, on the month's total. All in integer cents.
 */
import type { Plan } from './plans.ts'
import type { PlanId } from './standing.ts'

export type Charge = Readonly<{
  plan: PlanId
  feeCents: number
  includedRequests: number
  usedRequests: number
  overageRequests: number
  overageCents: number
  totalCents: number
}>

/** ceil(requests × centsPer1000 / 1000), exactly: integer steps only, BigInt past 2^53. */
export function overageCents(requests: number, centsPer1000: number): number {
  if (requests <= 0 || centsPer1000 <= 0) return 0
  const product = requests * centsPer1000
  if (Number.isSafeInteger(product)) {
    const rest = product % 1000
    return (product - rest) / 1000 + (rest > 0 ? 1 : 0)
  }
  return Number((BigInt(requests) * BigInt(centsPer1000) + 999n) / 1000n)
}

export function chargeFor(plan: Plan, usedRequests: number): Charge {
  // The trial has no fee and no overage: its requests stop at the allowance instead.
  const overageRequests =
    plan.overageCentsPer1000 === null ? 0 : Math.max(0, usedRequests - plan.includedRequests)
  const overage = overageCents(overageRequests, plan.overageCentsPer1000 ?? 0)
  return {
    plan: plan.id,
    feeCents: plan.monthlyFeeCents,
    includedRequests: plan.includedRequests,
    usedRequests,
    overageRequests,
    overageCents: overage,
    totalCents: plan.monthlyFeeCents + overage,
  }
}

export type PlanChange = Readonly<{ changedAt: number; fromPlan: PlanId; toPlan: PlanId }>

/** The plan in force at `at`, from the account's plan changes (oldest first) and its plan now. */
export function planAt(changes: readonly PlanChange[], currentPlan: PlanId, at: number): PlanId {
  let plan: PlanId | undefined
  for (const change of changes) {
    if (change.changedAt <= at) plan = change.toPlan
    else return plan ?? change.fromPlan
  }
  return plan ?? currentPlan
}

/**
 * The plan a month is billed on: the last paid plan in force at any time in [start, end), else the trial.
 * So an upgrade or a downgrade mid-month bills the whole month on the new plan (its fee, its included
 * requests, its rate), and a move back to the trial does not wipe out the paid days before it.
 */
export function billedPlan(
  changes: readonly PlanChange[],
  currentPlan: PlanId,
  period: { start: number; end: number },
): PlanId {
  const inForce = [
    planAt(changes, currentPlan, period.start),
    ...changes.filter((c) => c.changedAt > period.start && c.changedAt < period.end).map((c) => c.toPlan),
  ]
  return inForce.filter((plan) => plan !== 'trial').at(-1) ?? 'trial'
}
