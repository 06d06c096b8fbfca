import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { openTestDatabase } from '../../../test/helpers/account-gateway.ts'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import type { Database } from '../../infra/database/database.ts'
import { AppError } from '../../shared/errors.ts'
import { createUsageRepository } from '../metering/usage-repository.ts'
import { createBillingStack } from './billing-stack.ts'
import { parseMonth } from './period.ts'
import { createPlanCatalog } from './plans.ts'
import { statementsCsv } from './statement-csv.ts'
import { insertAccount } from '../../../test/helpers/account-rows.ts'

const march = Date.UTC(2026, 2, 1)

async function setUp(t: { after(fn: () => Promise<void>): void }) {
  const database = await openTestDatabase()
  t.after(database.close)
  const clock = manualClock(Date.UTC(2026, 2, 20, 12))
  const unwritten = new Map<string, number>()
  const usageRepo = createUsageRepository(database.db)
  const stack = createBillingStack({
    db: database.db,
    clock,
    catalog: createPlanCatalog(),
    metering: {
      unwritten: (accountId, day) => ({ requests: unwritten.get(`${accountId} ${day}`) ?? 0, bytes: 0 }),
      requestsUsed: async (accountId) => usageRepo.totalRequests(accountId),
    },
  })
  return { db: database.db, clock, stack, usage: usageRepo, unwritten }
}

function account(db: Database, id: string, email: string, createdAt = Date.UTC(2026, 1, 1)) {
  return insertAccount(db, id, {
    email,
    email_key: email,
    email_verified_at: createdAt,
    created_at: createdAt,
    updated_at: createdAt,
  })
}

describe('monthly statements', () => {
  it('an entry-plan month at 0, 50,000 and 73,456 requests: 25.00, 25.00 and 36.73 USD', async (t) => {
    const { db, stack, usage, clock } = await setUp(t)
    clock.advance(-30 * 86_400_000) // 2026-02-18: the moves to entry happen before March
    for (const [id, requests] of [
      ['acct_0', 0],
      ['acct_50k', 50_000],
      ['acct_73k', 73_456],
    ] as const) {
      await account(db, id, `${id}@example.com`)
      await stack.billing.setPlan(id, 'entry')
      // Spread over days, with a day of February and one of April that must not count.
      if (requests > 0) {
        await usage.add(id, '2026-03-01', 1_000, 10)
        await usage.add(id, '2026-03-31', requests - 1_000, 10)
      }
      await usage.add(id, '2026-02-28', 99_999, 10)
      await usage.add(id, '2026-04-01', 99_999, 10)
    }
    const statements = await stack.billing.statements(parseMonth('2026-03')!)
    assert.deepEqual(
      statements.map(({ accountId, charge }) => [
        accountId,
        charge.usedRequests,
        charge.overageRequests,
        charge.overageCents,
        charge.totalCents,
      ]),
      [
        ['acct_0', 0, 0, 0, 2500],
        ['acct_50k', 50_000, 0, 0, 2500],
        ['acct_73k', 73_456, 23_456, 1173, 3673],
      ],
    )
    assert.match(
      statementsCsv('2026-03', statements),
      /^2026-03,acct_73k,acct_73k@example\.com,entry,2500,25\.00,50000,73456,23456,1173,11\.73,3673,36\.73\r$/m,
    )
  })

  it('bills each month on the plan it had, whatever came later; leaves out accounts made after it', async (t) => {
    const { db, stack, usage, clock } = await setUp(t)
    await account(db, 'acct_a', 'a@example.com')
    await account(db, 'acct_late', 'late@example.com', Date.UTC(2026, 3, 2))
    clock.advance(Date.UTC(2026, 2, 14) - clock.now())
    await stack.billing.setPlan('acct_a', 'growth') // mid-March
    clock.advance(Date.UTC(2026, 3, 10) - clock.now())
    await stack.billing.setPlan('acct_a', 'entry') // mid-April
    await usage.add('acct_a', '2026-03-03', 260_000, 0)
    const february = await stack.billing.statements(parseMonth('2026-02')!)
    assert.deepEqual(
      february.map((s) => [s.accountId, s.charge.plan, s.charge.totalCents]),
      [['acct_a', 'trial', 0]],
    )
    const marchStatements = await stack.billing.statements(parseMonth('2026-03')!)
    // Growth for all of March (moved on the 14th): 99.00 + 10,000 beyond 250,000 at 0.40 per 1,000.
    assert.deepEqual(
      marchStatements.map((s) => [s.accountId, s.charge.plan, s.charge.totalCents]),
      [['acct_a', 'growth', 9900 + 400]],
    )
    const april = await stack.billing.statements(parseMonth('2026-04')!)
    assert.deepEqual(
      april.map((s) => [s.accountId, s.charge.plan]),
      [
        ['acct_a', 'entry'],
        ['acct_late', 'trial'],
      ],
    )
  })
})

describe('the usage view', () => {
  it('sums the period, adds the unwritten tally, fills every day to today, and prices it', async (t) => {
    const { db, stack, usage, unwritten } = await setUp(t)
    await account(db, 'acct_a', 'a@example.com')
    await db.updateTable('accounts').set({ plan: 'entry' }).execute()
    await usage.add('acct_a', '2026-02-27', 5, 5)
    await usage.add('acct_a', '2026-03-02', 60_000, 1_000)
    unwritten.set('acct_a 2026-03-20', 3)
    const view = await stack.billing.usageOf('acct_a')
    assert.equal(view.period.month, '2026-03')
    assert.equal(view.days.length, 20)
    assert.deepEqual(view.days[1], { day: '2026-03-02', requests: 60_000, bytes: 1_000 })
    assert.deepEqual(view.days[19], { day: '2026-03-20', requests: 3, bytes: 0 })
    assert.equal(view.charge.usedRequests, 60_003)
    assert.equal(view.charge.overageCents, 501) // 10,003 × 0.05 = 500.15, rounded up
    assert.equal(view.charge.totalCents, 3001)
    assert.equal(view.trial, null)
    assert.ok(view.period.start === march)
  })

  it('is the same for many accounts read together as for each read alone', async (t) => {
    const { db, stack, usage, unwritten } = await setUp(t)
    await account(db, 'acct_a', 'a@example.com')
    await account(db, 'acct_t', 't@example.com', Date.UTC(2026, 2, 1, 12))
    await db.updateTable('accounts').set({ plan: 'entry' }).where('id', '=', 'acct_a').execute()
    await usage.add('acct_a', '2026-03-02', 60_000, 1_000)
    await usage.add('acct_t', '2026-03-05', 400, 7)
    unwritten.set('acct_a 2026-03-20', 3)
    const views = await stack.billing.usagesOf(['acct_a', 'acct_t', 'acct_gone'])
    assert.deepEqual([...views.keys()].sort(), ['acct_a', 'acct_t'])
    assert.deepEqual(views.get('acct_a'), await stack.billing.usageOf('acct_a'))
    assert.deepEqual(views.get('acct_t'), await stack.billing.usageOf('acct_t'))
    assert.equal(views.get('acct_a')!.charge.usedRequests, 60_003)
  })

  it('on the trial: no charge, and the trial counted in total, not per month', async (t) => {
    const { db, stack, usage } = await setUp(t)
    await account(db, 'acct_t', 't@example.com', Date.UTC(2026, 2, 1, 12))
    await usage.add('acct_t', '2026-02-27', 0, 0)
    await usage.add('acct_t', '2026-03-02', 400, 0)
    const view = await stack.billing.usageOf('acct_t')
    assert.equal(view.charge.totalCents, 0)
    assert.deepEqual(view.trial, {
      endsAt: Date.UTC(2026, 2, 31, 12),
      daysLeft: 11,
      requestsUsed: 400,
      requestsLeft: 600,
      requestsIncluded: 1000,
    })
  })
})

describe('the spending cap', () => {
  it('is set, replaced and cleared, and the standing cache forgets it at once', async (t) => {
    const { db, stack, clock, usage } = await setUp(t)
    await account(db, 'acct_a', 'a@example.com')
    await stack.billing.setPlan('acct_a', 'entry')
    await usage.add('acct_a', '2026-03-02', 50_000, 0)
    const now = clock.now()
    assert.deepEqual(await stack.standing.standingFor('acct_a', now), { plan: 'entry', trialQuota: false })
    assert.equal(await stack.billing.setSpendCap('acct_a', '25'), 2500)
    await assert.rejects(async () => stack.standing.standingFor('acct_a', now), { code: 'spend_cap_reached' })
    assert.equal(await stack.billing.setSpendCap('acct_a', '25.01'), 2501)
    assert.equal((await stack.standing.standingFor('acct_a', now)).plan, 'entry')
    assert.equal(await stack.billing.setSpendCap('acct_a', null), null)
    assert.equal((await db.selectFrom('spend_caps').selectAll().execute()).length, 0)
  })

  for (const [given, message] of [
    ['-1', /must not be negative/],
    ['12.345', /at most 2 decimals/],
    ['1e3', /at most 2 decimals/],
    ['forty', /at most 2 decimals/],
    ['1000000.01', /at most 1,000,000\.00 USD/],
    ['24.99', /at least the Entry plan's monthly fee, 25\.00 USD/],
  ] as const) {
    it(`refuses ${given} with invalid_request naming cap_usd`, async (t) => {
      const { db, stack } = await setUp(t)
      await account(db, 'acct_a', 'a@example.com')
      await stack.billing.setPlan('acct_a', 'entry')
      const error = await stack.billing.setSpendCap('acct_a', given).catch((e: unknown) => e)
      assert.ok(error instanceof AppError)
      assert.equal(error.code, 'invalid_request')
      assert.match(error.message, /^cap_usd /)
      assert.match(error.message, message)
    })
  }

  it('on the trial any amount from 0.00 is accepted: there is no fee', async (t) => {
    const { db, stack } = await setUp(t)
    await account(db, 'acct_t', 't@example.com')
    assert.equal(await stack.billing.setSpendCap('acct_t', '0'), 0)
    assert.equal(await stack.billing.setSpendCap('acct_t', '1000000.00'), 100_000_000)
  })
})

describe('moving between plans', () => {
  it('records each change once; the same plan again changes nothing', async (t) => {
    const { db, stack, clock } = await setUp(t)
    await account(db, 'acct_a', 'a@example.com')
    const first = await stack.billing.setPlan('acct_a', 'scale')
    assert.deepEqual([first.from, first.to, first.changed, first.at], ['trial', 'scale', true, clock.now()])
    assert.equal((await stack.billing.setPlan('acct_a', 'scale')).changed, false)
    const rows = await db.selectFrom('plan_changes').selectAll().execute()
    assert.deepEqual(
      rows.map((row) => [row.account_id, row.from_plan, row.to_plan, Number(row.changed_at)]),
      [['acct_a', 'trial', 'scale', clock.now()]],
    )
    assert.match(rows[0]!.id, /^pchg_/)
    assert.equal((await db.selectFrom('accounts').select('plan').executeTakeFirstOrThrow()).plan, 'scale')
  })
})
