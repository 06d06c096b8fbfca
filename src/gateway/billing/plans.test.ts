import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError } from '../../config/env-parsing.ts'
import { createPlanCatalog, describePlan } from './plans.ts'

describe('the plan catalog', () => {
  it('holds the trial and the three paid plans of SPEC 8 and DESIGN 2', () => {
    const catalog = createPlanCatalog()
    assert.deepEqual(
      catalog.plans.map((p) => [
        p.id,
        p.monthlyFeeCents,
        p.includedRequests,
        p.overageCentsPer1000,
        p.trialDays,
      ]),
      [
        ['trial', 0, 1_000, null, 30],
        ['entry', 2_500, 50_000, 50, null],
        ['growth', 9_900, 250_000, 40, null],
        ['scale', 44_900, 1_500_000, 30, null],
      ],
    )
    for (const plan of catalog.plans) {
      assert.deepEqual(plan.limits, {
        fetchPerMinute: 120,
        hostPerMinute: 60,
        generalPerMinute: 300,
        inFlight: 20,
      })
    }
    assert.equal(
      describePlan(catalog.get('entry')),
      '25.00 USD a month, 50,000 requests included, then 0.50 USD per 1,000',
    )
  })

  it('takes an operator’s overrides of the paid plans’ prices', () => {
    const catalog = createPlanCatalog({
      entry: { monthly_fee_usd: '29', included_requests: 60_000, overage_usd_per_1000: '0.45' },
    })
    const entry = catalog.get('entry')
    assert.deepEqual(
      [entry.monthlyFeeCents, entry.includedRequests, entry.overageCentsPer1000],
      [2_900, 60_000, 45],
    )
    assert.equal(catalog.get('growth').monthlyFeeCents, 9_900, 'plans not named keep their figures')
  })

  it('shows the deployment’s limits on every plan, as admission applies them', () => {
    const limits = { fetchPerMinute: 120, hostPerMinute: 60, generalPerMinute: 300, inFlight: 64 }
    const catalog = createPlanCatalog({ scale: { monthly_fee_usd: '499.00' } }, limits)
    for (const plan of catalog.plans) assert.deepEqual(plan.limits, limits, plan.id)
    assert.equal(catalog.get('scale').monthlyFeeCents, 49_900)
  })

  for (const [name, overrides, message] of [
    ['an unknown plan', { gold: {} }, /gold is not a plan/],
    ['an unknown field', { entry: { fee: 1 } }, /entry\.fee cannot be set/],
    [
      'the trial’s price or allowance (SPEC 5.7)',
      { trial: { included_requests: 5000 } },
      /trial\.included_requests cannot be set/,
    ],
    [
      'a fee with three decimals',
      { entry: { monthly_fee_usd: '25.001' } },
      /entry\.monthly_fee_usd must be a decimal USD string/,
    ],
    ['a fee as a number', { entry: { monthly_fee_usd: 25 } }, /monthly_fee_usd must be a decimal USD string/],
    [
      'a negative allowance',
      { growth: { included_requests: -1 } },
      /growth\.included_requests must be a whole number/,
    ],
    [
      'limits for a plan, which admission would not apply (SPEC 8: per account, the same on every plan)',
      { scale: { limits: { fetch_per_minute: 600 } } },
      /scale\.limits cannot be set: .*sallyport admin set-limits/,
    ],
    ['limits for the trial', { trial: { limits: { in_flight: 5 } } }, /trial\.limits cannot be set/],
    ['a plan that is not an object', { entry: 'cheap' }, /entry must be an object/],
  ] as const) {
    it(`refuses ${name} with a ConfigError that names it`, () => {
      assert.throws(
        () => createPlanCatalog(overrides),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
      )
    })
  }
})
