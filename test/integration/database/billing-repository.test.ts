import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createBillingRepository } from '../../../src/gateway/billing/billing-repository.ts'
import { createBillingService } from '../../../src/gateway/billing/billing-service.ts'
import { parseMonth } from '../../../src/gateway/billing/period.ts'
import { createPlanCatalog } from '../../../src/gateway/billing/plans.ts'
import { createUsageRepository } from '../../../src/gateway/metering/usage-repository.ts'
import type { Database } from '../../../src/infra/database/database.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { manualClock } from '../../helpers/manual-clock.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

function account(db: Database, id: string, createdAt: number, plan = 'trial'): Promise<void> {
  return insertAccount(db, id, {
    plan,
    email_verified_at: createdAt + 1,
    created_at: createdAt,
    updated_at: createdAt,
  })
}

// Past 2^31, so a 32-bit column or a string from the driver would show.
const t0 = Date.UTC(2026, 1, 10)

/** `acct_1` as `account(db, 'acct_1', t0)` makes it, read back with its (absent) cap. */
const firstRow = {
  id: 'acct_1',
  email: 'acct_1@example.com',
  plan: 'trial',
  email_verified_at: t0 + 1,
  created_at: t0,
  cap_cents: null,
}

forEachDialect((name, openDb) => {
  describe(`billing repository (${name})`, () => {
    it('reads an account with its cap as numbers; sets, replaces and clears the cap', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_1', t0)
      const repo = createBillingRepository(db)
      assert.deepEqual(await repo.findAccount('acct_1'), firstRow)
      await repo.setSpendCap('acct_1', 100_000_000, t0)
      assert.equal((await repo.findAccount('acct_1'))?.cap_cents, 100_000_000)
      await repo.setSpendCap('acct_1', 2_500, t0 + 1)
      assert.equal((await repo.findAccount('acct_1'))?.cap_cents, 2_500)
      await repo.setSpendCap('acct_1', null, t0 + 2)
      assert.equal((await repo.findAccount('acct_1'))?.cap_cents, null)
      assert.equal(await repo.findAccount('acct_nobody'), undefined)
    })

    it('changes a plan and records it together; a stale "from" changes nothing', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      await account(db, 'acct_1', t0)
      const repo = createBillingRepository(db)
      const other = createBillingRepository(openPeer())
      assert.equal(await repo.changePlan('acct_1', 'trial', 'entry', t0 + 10), true)
      assert.equal(await other.changePlan('acct_1', 'trial', 'growth', t0 + 11), false, 'no longer on trial')
      assert.equal(await other.changePlan('acct_1', 'entry', 'scale', t0 + 12), true)
      assert.equal((await repo.findAccount('acct_1'))?.plan, 'scale')
      assert.deepEqual(await repo.planChanges('acct_1'), [
        { account_id: 'acct_1', from_plan: 'trial', to_plan: 'entry', changed_at: t0 + 10 },
        { account_id: 'acct_1', from_plan: 'entry', to_plan: 'scale', changed_at: t0 + 12 },
      ])
      assert.equal((await repo.allPlanChanges()).length, 2)
    })

    it('sums usage over a day range, per account and per day', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_1', t0)
      await account(db, 'acct_2', t0 + 1)
      await account(db, 'acct_3', Date.UTC(2026, 3, 1))
      const usage = createUsageRepository(db)
      await usage.add('acct_1', '2026-02-28', 5, 50)
      await usage.add('acct_1', '2026-03-01', 3_000_000_000, 6_000_000_000)
      await usage.add('acct_1', '2026-03-31', 7, 70)
      await usage.add('acct_2', '2026-03-15', 11, 110)
      await usage.add('acct_2', '2026-04-01', 13, 130)
      const repo = createBillingRepository(db)
      assert.equal(await repo.requestsBetween('acct_1', '2026-03-01', '2026-03-31'), 3_000_000_007)
      assert.equal(await repo.requestsBetween('acct_1', '2026-04-01', '2026-04-30'), 0)
      assert.deepEqual(await repo.daysBetween('acct_1', '2026-03-01', '2026-03-31'), [
        { day: '2026-03-01', requests: 3_000_000_000, bytes: 6_000_000_000 },
        { day: '2026-03-31', requests: 7, bytes: 70 },
      ])
      assert.deepEqual([...(await repo.requestsByAccount('2026-03-01', '2026-03-31'))].sort(), [
        ['acct_1', 3_000_000_007],
        ['acct_2', 11],
      ])
      assert.deepEqual(
        (await repo.accountsCreatedBefore(Date.UTC(2026, 3, 1))).map((row) => row.id),
        ['acct_1', 'acct_2'],
      )
      // Each account from its own first day, in one statement; accounts without rows are left out.
      const from = await repo.requestsFrom(
        new Map([
          ['acct_1', '2026-03-01'],
          ['acct_2', '2026-03-16'],
          ['acct_3', '2026-03-01'],
        ]),
        '2026-03-31',
      )
      assert.deepEqual([...from], [['acct_1', 3_000_000_007]])
      assert.deepEqual(
        [
          ...(await repo.requestsFrom(
            new Map([
              ['acct_1', '2026-02-01'],
              ['acct_2', '2026-03-01'],
            ]),
            '2026-04-01',
          )),
        ].sort(),
        [
          ['acct_1', 3_000_000_012],
          ['acct_2', 24],
        ],
      )
      assert.deepEqual(await repo.requestsFrom(new Map(), '2026-04-01'), new Map())
    })

    it('reads the plan changes and days of many accounts in one statement each', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_1', t0)
      await account(db, 'acct_2', t0 + 1)
      await account(db, 'acct_3', t0 + 2)
      const repo = createBillingRepository(db)
      await repo.changePlan('acct_1', 'trial', 'entry', t0 + 10)
      await repo.changePlan('acct_1', 'entry', 'growth', t0 + 20)
      await repo.changePlan('acct_3', 'trial', 'scale', t0 + 30)
      const changes = await repo.planChangesOf(['acct_1', 'acct_2', 'acct_3'])
      assert.deepEqual([...changes.keys()].sort(), ['acct_1', 'acct_3'])
      assert.deepEqual(changes.get('acct_1'), [
        { account_id: 'acct_1', from_plan: 'trial', to_plan: 'entry', changed_at: t0 + 10 },
        { account_id: 'acct_1', from_plan: 'entry', to_plan: 'growth', changed_at: t0 + 20 },
      ])
      assert.deepEqual(changes.get('acct_3'), [
        { account_id: 'acct_3', from_plan: 'trial', to_plan: 'scale', changed_at: t0 + 30 },
      ])

      const usage = createUsageRepository(db)
      await usage.add('acct_1', '2026-02-28', 5, 50)
      await usage.add('acct_1', '2026-03-02', 3_000_000_000, 6_000_000_000)
      await usage.add('acct_1', '2026-03-01', 7, 70)
      await usage.add('acct_2', '2026-03-15', 11, 110)
      const days = await repo.daysOf(['acct_1', 'acct_2', 'acct_3'], '2026-03-01', '2026-03-31')
      assert.deepEqual([...days.keys()].sort(), ['acct_1', 'acct_2'])
      assert.deepEqual(days.get('acct_1'), [
        { day: '2026-03-01', requests: 7, bytes: 70 },
        { day: '2026-03-02', requests: 3_000_000_000, bytes: 6_000_000_000 },
      ])
      assert.deepEqual(days.get('acct_2'), [{ day: '2026-03-15', requests: 11, bytes: 110 }])
      assert.deepEqual(await repo.planChangesOf([]), new Map())
      assert.deepEqual(await repo.daysOf([], '2026-03-01', '2026-03-31'), new Map())
    })

    it('reads many accounts with their caps in one statement', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_1', t0)
      await account(db, 'acct_2', t0 + 1, 'entry')
      const repo = createBillingRepository(db)
      await repo.setSpendCap('acct_2', 2_500, t0 + 2)
      const rows = await repo.findAccounts(['acct_1', 'acct_2', 'acct_nobody'])
      assert.deepEqual([...rows.keys()].sort(), ['acct_1', 'acct_2'])
      assert.deepEqual(rows.get('acct_1'), firstRow)
      assert.deepEqual(rows.get('acct_2'), {
        id: 'acct_2',
        email: 'acct_2@example.com',
        plan: 'entry',
        email_verified_at: t0 + 2,
        created_at: t0 + 1,
        cap_cents: 2_500,
      })
      assert.deepEqual(await repo.findAccounts([]), new Map())
    })

    it('statements for an entry month at 0, 50,000 and 73,456 requests: 2500, 2500 and 3673 cents', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const repo = createBillingRepository(db)
      const usage = createUsageRepository(db)
      for (const [id, requests] of [
        ['acct_0', 0],
        ['acct_50k', 50_000],
        ['acct_73k', 73_456],
      ] as const) {
        await account(db, id, t0)
        await repo.changePlan(id, 'trial', 'entry', t0 + 1)
        if (requests > 0) await usage.add(id, '2026-03-09', requests, 1)
      }
      const billing = createBillingService({
        repo,
        catalog: createPlanCatalog(),
        usage: { unwritten: () => ({ requests: 0, bytes: 0 }), requestsUsed: async () => 0 },
        clock: manualClock(),
      })
      const statements = await billing.statements(parseMonth('2026-03')!)
      assert.deepEqual(
        statements.map((s) => [s.accountId, s.charge.plan, s.charge.overageCents, s.charge.totalCents]),
        [
          ['acct_0', 'entry', 0, 2500],
          ['acct_50k', 'entry', 0, 2500],
          ['acct_73k', 'entry', 1173, 3673],
        ],
      )
    })
  })
})
