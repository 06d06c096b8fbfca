import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createUsageRepository, UsageWriteFailed } from '../../../src/gateway/metering/usage-repository.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

forEachDialect((name, openDb) => {
  describe(`usage repository (${name})`, () => {
    it('adds concurrent records up exactly, per account and day', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      await Promise.all(Array.from({ length: 50 }, (_, i) => usage.add('acct_1', '2026-03-02', 1, i)))
      await usage.add('acct_1', '2026-03-03', 1, 7)
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 50, bytes: 1225 },
        { day: '2026-03-03', requests: 1, bytes: 7 },
      ])
      assert.equal(await usage.totalRequests('acct_1'), 51)
      assert.equal(await usage.totalRequests('acct_nobody'), 0)
      assert.deepEqual(await usage.days('acct_nobody'), [])
    })

    it('adds up what several gateways flush for the same account and day at the same time', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      await insertAccount(db, 'acct_2')
      const gateways = [
        createUsageRepository(db),
        createUsageRepository(openPeer()),
        createUsageRepository(openPeer()),
      ]
      await Promise.all(
        Array.from({ length: 90 }, (_, i) =>
          gateways[i % 3]!.add(i % 2 ? 'acct_1' : 'acct_2', '2026-03-02', 10, 1_000_000),
        ),
      )
      assert.deepEqual(await gateways[0]!.days('acct_1'), [
        { day: '2026-03-02', requests: 450, bytes: 45_000_000 },
      ])
      assert.equal(await gateways[1]!.totalRequests('acct_2'), 450)
    })

    it('applies a write sent again under its number once, per writer, and forgets past days', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      const first = { seq: 1, requests: 3, bytes: 30 }
      await usage.addOnce('gw-a', 'acct_1', '2026-03-02', [first])
      // The first attempt's answer was lost: the retry carries it again, with a new write after it.
      await usage.addOnce('gw-a', 'acct_1', '2026-03-02', [first, { seq: 2, requests: 2, bytes: 20 }])
      await usage.addOnce('gw-a', 'acct_1', '2026-03-02', [first])
      // Another gateway numbers its own writes.
      await usage.addOnce('gw-b', 'acct_1', '2026-03-02', [{ seq: 1, requests: 1, bytes: 10 }])
      await usage.addOnce('gw-a', 'acct_1', '2026-03-03', [{ seq: 3, requests: 4, bytes: 40 }])
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 6, bytes: 60 },
        { day: '2026-03-03', requests: 4, bytes: 40 },
      ])
      await usage.pruneWriters('2026-03-03')
      const left = await db.selectFrom('usage_writers').select(['writer', 'day', 'last_seq']).execute()
      assert.deepEqual(left, [{ writer: 'gw-a', day: '2026-03-03', last_seq: 3 }])
    })

    it('says whether a failed write may have been applied', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const usage = createUsageRepository(db)
      // No such account: the foreign key fails before the commit, so nothing was written.
      const failure = await usage
        .addOnce('gw-a', 'acct_nobody', '2026-03-02', [{ seq: 1, requests: 1, bytes: 1 }])
        .then(
          () => assert.fail('the write should fail'),
          (error: unknown) => error,
        )
      assert.ok(failure instanceof UsageWriteFailed)
      assert.equal(failure.maybeWritten, false)
      assert.deepEqual(await db.selectFrom('usage_writers').selectAll().execute(), [])
    })

    it('keeps a write apart from a transaction open at the same time, which rolls back', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      const day = '2026-03-02'
      let opened!: () => void
      const open = new Promise<void>((resolve) => (opened = resolve))
      // Another caller's transaction on the same database, waiting between its statements: on SQLite the
      // same connection; it writes the same row, then rolls back.
      const other = db.transaction().execute(async (trx) => {
        await trx
          .insertInto('usage_daily')
          .values({ account_id: 'acct_1', day, requests: 100, bytes: 1000 })
          .execute()
        await trx
          .insertInto('usage_writers')
          .values({ writer: 'gw-other', account_id: 'acct_1', day, last_seq: 9 })
          .execute()
        opened()
        await new Promise((resolve) => setTimeout(resolve, 20))
        throw new Error('rolled back on purpose')
      })
      await open
      const write = usage.addOnce('gw-a', 'acct_1', day, [{ seq: 1, requests: 2, bytes: 20 }])
      await assert.rejects(other, /rolled back on purpose/)
      await write
      // The rollback took back the other transaction's rows only, and the write did not commit them.
      assert.deepEqual(await usage.days('acct_1'), [{ day, requests: 2, bytes: 20 }])
      assert.deepEqual(await db.selectFrom('usage_writers').select(['writer', 'last_seq']).execute(), [
        { writer: 'gw-a', last_seq: 1 },
      ])
      // Its number survived too: sent again, it adds nothing.
      await usage.addOnce('gw-a', 'acct_1', day, [{ seq: 1, requests: 2, bytes: 20 }])
      assert.deepEqual(await usage.days('acct_1'), [{ day, requests: 2, bytes: 20 }])
    })

    it('keeps byte counts past 2^32 exact', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      const usage = createUsageRepository(db)
      await usage.add('acct_1', '2026-03-02', 1, 2 ** 32 + 5)
      await usage.add('acct_1', '2026-03-02', 1, 2 ** 40)
      assert.deepEqual(await usage.days('acct_1'), [
        { day: '2026-03-02', requests: 2, bytes: 2 ** 40 + 2 ** 32 + 5 },
      ])
    })
  })
})
