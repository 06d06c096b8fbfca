import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { billedPlan, chargeFor, overageCents, planAt, type PlanChange } from './charges.ts'
import { parseMonth } from './period.ts'
import { createPlanCatalog } from './plans.ts'

const catalog = createPlanCatalog()
const entry = catalog.get('entry')

describe('a month on the entry plan (25.00 USD, 50,000 included, 0.50 USD per 1,000 beyond)', () => {
  it('costs the fee alone at 0 requests', () => {
    assert.deepEqual(chargeFor(entry, 0), {
      plan: 'entry',
      feeCents: 2500,
      includedRequests: 50_000,
      usedRequests: 0,
      overageRequests: 0,
      overageCents: 0,
      totalCents: 2500,
    })
  })

  it('costs the fee alone at exactly the 50,000 included', () => {
    const charge = chargeFor(entry, 50_000)
    assert.equal(charge.overageRequests, 0)
    assert.equal(charge.overageCents, 0)
    assert.equal(charge.totalCents, 2500)
  })

  it('at 73,456 requests: 23,456 beyond, 11.728 USD prorated, rounded up to 11.73: 36.73 USD', () => {
    const charge = chargeFor(entry, 73_456)
    assert.equal(charge.overageRequests, 23_456)
    assert.equal(charge.overageCents, 1173)
    assert.equal(charge.totalCents, 3673)
  })
})

describe('overage rounding: prorated per request, rounded up to the whole cent once per month', () => {
  for (const [requests, cents] of [
    [1, 1], // 0.05 cents: the first request beyond the plan already costs a cent
    [20, 1], // 1.0 cent exactly
    [21, 2], // 1.05
    [1_000, 50],
    [1_001, 51], // 50.05
    [1_999, 100], // 99.95
    [2_000, 100],
  ] as const) {
    it(`${requests} requests at 50 cents per 1,000 cost ${cents} cents`, () => {
      assert.equal(overageCents(requests, 50), cents)
    })
  }

  it('is exact far beyond float precision', () => {
    // 10^15 requests at 30 cents per 1,000: the product (3 × 10^16) is past 2^53, the answer still exact.
    assert.equal(overageCents(10 ** 15, 30), 3 * 10 ** 13)
    assert.equal(overageCents(10 ** 15 + 1, 30), 3 * 10 ** 13 + 1)
  })

  it('nothing beyond the plan, or a zero rate, costs nothing', () => {
    assert.equal(overageCents(0, 50), 0)
    assert.equal(overageCents(500, 0), 0)
  })

  it('the larger plans use their own fee, allowance and rate', () => {
    assert.equal(chargeFor(catalog.get('growth'), 300_000).totalCents, 9900 + 2000)
    assert.equal(chargeFor(catalog.get('scale'), 1_500_001).totalCents, 44900 + 1)
  })

  it('the trial has no fee and no overage, however many requests', () => {
    const charge = chargeFor(catalog.get('trial'), 5_000)
    assert.equal(charge.totalCents, 0)
    assert.equal(charge.overageRequests, 0)
  })
})

describe('which plan a month is billed on', () => {
  const march = parseMonth('2026-03')!
  const at = (day: number) => Date.UTC(2026, 2, day, 12)
  const change = (changedAt: number, fromPlan: PlanChange['fromPlan'], toPlan: PlanChange['toPlan']) => ({
    changedAt,
    fromPlan,
    toPlan,
  })

  it('no change ever: the current plan', () => {
    assert.equal(billedPlan([], 'growth', march), 'growth')
    assert.equal(billedPlan([], 'trial', march), 'trial')
  })

  it('trial to entry mid-month: the whole month on entry', () => {
    assert.equal(billedPlan([change(at(14), 'trial', 'entry')], 'entry', march), 'entry')
  })

  it('a downgrade mid-month: the whole month on the new plan', () => {
    assert.equal(billedPlan([change(at(14), 'growth', 'entry')], 'entry', march), 'entry')
  })

  it('back to the trial mid-month: the last paid plan of the month', () => {
    const history = [
      change(at(2), 'trial', 'entry'),
      change(at(9), 'entry', 'growth'),
      change(at(20), 'growth', 'trial'),
    ]
    assert.equal(billedPlan(history, 'trial', march), 'growth')
  })

  it('a change after the month does not reach back: the plan the month had', () => {
    const history = [change(Date.UTC(2026, 3, 3), 'entry', 'scale')]
    assert.equal(billedPlan(history, 'scale', march), 'entry')
    assert.equal(billedPlan(history, 'scale', parseMonth('2026-04')!), 'scale')
  })

  it('a change at the very first instant of the month counts for it; one at the next month’s does not', () => {
    assert.equal(billedPlan([change(march.start, 'entry', 'growth')], 'growth', march), 'growth')
    assert.equal(billedPlan([change(march.end, 'entry', 'growth')], 'growth', march), 'entry')
  })

  it('planAt reads the history at an instant', () => {
    const history = [change(at(5), 'trial', 'entry'), change(at(10), 'entry', 'scale')]
    assert.equal(planAt(history, 'scale', at(1)), 'trial')
    assert.equal(planAt(history, 'scale', at(5)), 'entry')
    assert.equal(planAt(history, 'scale', at(7)), 'entry')
    assert.equal(planAt(history, 'scale', at(11)), 'scale')
  })
})
