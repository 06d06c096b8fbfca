import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { displayUsd, moneyOf, parseUsd, usdOf } from './money.ts'
import { daysFrom, dayOf, parseMonth, periodOf } from './period.ts'

describe('money', () => {
  it('formats cents as decimal USD with two decimals', () => {
    assert.equal(usdOf(0), '0.00')
    assert.equal(usdOf(5), '0.05')
    assert.equal(usdOf(50), '0.50')
    assert.equal(usdOf(2500), '25.00')
    assert.equal(usdOf(100_000_000), '1000000.00')
    assert.deepEqual(moneyOf(3673), { usd: '36.73', cents: 3673 })
    assert.equal(displayUsd(123_456_789), '1,234,567.89 USD')
    assert.throws(() => usdOf(-1), RangeError)
    assert.throws(() => usdOf(1.5), RangeError)
  })

  it('parses up to two decimals and nothing else', () => {
    assert.equal(parseUsd('40'), 4000)
    assert.equal(parseUsd('40.5'), 4050)
    assert.equal(parseUsd('40.05'), 4005)
    assert.equal(parseUsd('0'), 0)
    assert.equal(parseUsd('0.01'), 1)
    for (const bad of ['', '.5', '40.', '40.123', '-1', '+1', '1e3', '1,000', ' 1', '4O', '0x10', 'NaN']) {
      assert.equal(parseUsd(bad), undefined, bad)
    }
  })
})

describe('periods', () => {
  it('a period is a calendar month in UTC', () => {
    const period = periodOf(Date.UTC(2026, 1, 28, 23, 59, 59, 999))
    assert.equal(period.month, '2026-02')
    assert.equal(period.start, Date.UTC(2026, 1, 1))
    assert.equal(period.end, Date.UTC(2026, 2, 1))
    assert.equal(period.firstDay, '2026-02-01')
    assert.equal(period.lastDay, '2026-02-28')
    assert.equal(periodOf(Date.UTC(2026, 2, 1)).month, '2026-03')
    assert.equal(parseMonth('2028-02')!.lastDay, '2028-02-29')
    assert.equal(parseMonth('2026-12')!.end, Date.UTC(2027, 0, 1))
  })

  it('parseMonth takes YYYY-MM only', () => {
    for (const bad of ['2026-3', '2026-13', '2026-00', '26-03', '2026-03-01', '']) {
      assert.equal(parseMonth(bad), undefined, bad)
    }
  })

  it('daysFrom lists every day, both ends included, across a month end', () => {
    assert.deepEqual(daysFrom('2026-02-27', '2026-03-02'), [
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ])
    assert.deepEqual(daysFrom('2026-03-02', '2026-03-01'), [])
    assert.equal(dayOf(Date.UTC(2026, 2, 2, 23, 59)), '2026-03-02')
  })
})
