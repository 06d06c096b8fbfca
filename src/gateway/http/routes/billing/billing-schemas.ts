/** Schemas of the plan, usage and spending-cap routes, and their translation from the billing views. */
import { Type } from '@sinclair/typebox'
import type { UsageView } from '../../../billing/billing-service.ts'
import { moneyOf, type Money } from '../../../billing/money.ts'
import type { Plan } from '../../../billing/plans.ts'

export const MoneySchema = Type.Object(
  {
    usd: Type.String({
      pattern: '^[0-9]+\\.[0-9]{2}$',
      description: 'Decimal US dollars, always two decimals.',
      examples: ['25.00'],
    }),
    cents: Type.Integer({ minimum: 0, description: 'The same amount in integer cents.', examples: [2500] }),
  },
  { $id: 'Money', description: 'An amount in USD, as a decimal string and as integer cents.' },
)

const planIdSchema = (description: string) =>
  Type.Unsafe<string>({ type: 'string', enum: ['trial', 'entry', 'growth', 'scale'], description })

export const PlanSchema = Type.Object(
  {
    id: planIdSchema('The plan.'),
    name: Type.String(),
    monthly_fee: Type.Ref('Money', {
      description: 'Charged for every month on the plan, whatever the usage.',
    }),
    included_requests: Type.Integer({
      minimum: 0,
      description:
        'Billable requests included: per calendar month (UTC) on a paid plan, in total on the trial.',
    }),
    overage_per_1000: Type.Union([Type.Ref('Money'), Type.Null()], {
      description:
        'The price of 1,000 requests beyond the included ones, prorated per request; the month’s overage ' +
        'is rounded up to the whole cent. Null on the trial, which stops at its allowance instead.',
    }),
    trial_days: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
      description: 'The trial only: days from e-mail verification.',
    }),
    limits: Type.Object(
      {
        fetch_per_minute: Type.Integer({ description: 'POST /v2/proxy/fetch per account.' }),
        host_per_minute: Type.Integer({ description: 'Fetches to any one target host per account.' }),
        general_per_minute: Type.Integer({ description: 'All other endpoints per account.' }),
        in_flight: Type.Integer({ description: 'Fetches of one account running at the same time.' }),
      },
      { description: 'Rate limits per account; an operator may raise them for one account by contract.' },
    ),
  },
  { $id: 'Plan', description: 'A plan of the catalog.' },
)

export const PlanListSchema = Type.Object(
  {
    currency: Type.Literal('USD'),
    plans: Type.Array(Type.Ref('Plan')),
  },
  { $id: 'PlanList', description: 'The plan catalog.' },
)

export const DayUsageSchema = Type.Object(
  {
    day: Type.String({ format: 'date', description: 'A UTC day.' }),
    requests: Type.Integer({
      minimum: 0,
      description: 'Billable requests (fetches that returned an envelope).',
    }),
    bytes: Type.Integer({ minimum: 0, description: 'Body bytes of those fetches, after content decoding.' }),
  },
  { $id: 'DayUsage' },
)

export const UsageSchema = Type.Object(
  {
    period: Type.Object(
      {
        month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', examples: ['2026-03'] }),
        start: Type.String({ format: 'date-time', description: 'The 1st of the month, 00:00 UTC.' }),
        end: Type.String({
          format: 'date-time',
          description: 'The 1st of the next month, 00:00 UTC (excluded).',
        }),
      },
      { description: 'The billing period: the current calendar month in UTC.' },
    ),
    plan: planIdSchema('The plan the account is on now.'),
    billed_plan: planIdSchema(
      'The plan this month is billed on: the last paid plan the account had this month (a change mid-month ' +
        'bills the whole month on the new plan), else `trial`.',
    ),
    requests: Type.Object({
      used: Type.Integer({ minimum: 0, description: 'Billable requests this month so far.' }),
      included: Type.Integer({ minimum: 0, description: 'Included in the billed plan.' }),
      overage: Type.Integer({ minimum: 0, description: 'Beyond the included ones.' }),
    }),
    bytes: Type.Integer({ minimum: 0, description: 'Body bytes of this month’s billable requests.' }),
    charge: Type.Object(
      {
        plan_fee: Type.Ref('Money'),
        overage_per_1000: Type.Union([Type.Ref('Money'), Type.Null()]),
        overage: Type.Ref('Money', { description: 'Prorated, rounded up to the whole cent.' }),
        total: Type.Ref('Money', { description: 'Plan fee plus overage: the month’s charge so far.' }),
      },
      { description: 'What this month costs so far. Excludes taxes.' },
    ),
    spend_cap: Type.Union([Type.Ref('Money'), Type.Null()], {
      description:
        'The account’s own monthly cap, or null. Fetches that would pass it get `spend_cap_reached`.',
    }),
    trial: Type.Union(
      [
        Type.Object({
          ends_at: Type.String({ format: 'date-time', description: '30 days after e-mail verification.' }),
          days_left: Type.Integer({ minimum: 0 }),
          requests_used: Type.Integer({ minimum: 0, description: 'In total, not per month.' }),
          requests_left: Type.Integer({ minimum: 0 }),
          requests_included: Type.Integer({ minimum: 0 }),
        }),
        Type.Null(),
      ],
      { description: 'The trial, for an account on it; null on a paid plan.' },
    ),
    days: Type.Array(Type.Ref('DayUsage'), {
      description: 'Every day of the period up to today (UTC), days without requests included.',
    }),
  },
  { $id: 'Usage', description: 'The current billing period so far. Counts lag by about a second.' },
)

export const SpendCapSchema = Type.Object(
  {
    spend_cap: Type.Union([Type.Ref('Money'), Type.Null()], { description: 'The cap now; null: none.' }),
  },
  { $id: 'SpendCap', description: 'The account’s monthly spending cap.' },
)

export const billingSchemas = [
  MoneySchema,
  PlanSchema,
  PlanListSchema,
  DayUsageSchema,
  UsageSchema,
  SpendCapSchema,
]

export function planBody(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    monthly_fee: moneyOf(plan.monthlyFeeCents),
    included_requests: plan.includedRequests,
    overage_per_1000: plan.overageCentsPer1000 === null ? null : moneyOf(plan.overageCentsPer1000),
    trial_days: plan.trialDays,
    limits: {
      fetch_per_minute: plan.limits.fetchPerMinute,
      host_per_minute: plan.limits.hostPerMinute,
      general_per_minute: plan.limits.generalPerMinute,
      in_flight: plan.limits.inFlight,
    },
  }
}

export function capBody(capCents: number | null): Money | null {
  return capCents === null ? null : moneyOf(capCents)
}

export function usageBody(view: UsageView) {
  const { charge, trial } = view
  return {
    period: {
      month: view.period.month,
      start: new Date(view.period.start).toISOString(),
      end: new Date(view.period.end).toISOString(),
    },
    plan: view.plan,
    billed_plan: charge.plan,
    requests: {
      used: charge.usedRequests,
      included: charge.includedRequests,
      overage: charge.overageRequests,
    },
    bytes: view.bytes,
    charge: {
      plan_fee: moneyOf(charge.feeCents),
      overage_per_1000: view.overageCentsPer1000 === null ? null : moneyOf(view.overageCentsPer1000),
      overage: moneyOf(charge.overageCents),
      total: moneyOf(charge.totalCents),
    },
    spend_cap: capBody(view.capCents),
    trial:
      trial === null
        ? null
        : {
            ends_at: new Date(trial.endsAt).toISOString(),
            days_left: trial.daysLeft,
            requests_used: trial.requestsUsed,
            requests_left: trial.requestsLeft,
            requests_included: trial.requestsIncluded,
          },
    days: view.days,
  }
}
