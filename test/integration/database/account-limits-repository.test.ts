import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createAccountLimitsRepository } from '../../../src/gateway/rate-limits/account-limits-repository.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

forEachDialect((name, openDb) => {
  describe(`account limits repository (${name})`, () => {
    it('stores, replaces and removes the overrides of an account, as numbers', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      await insertAccount(db, 'acct_2')
      const repo = createAccountLimitsRepository(db)
      assert.equal(await repo.find('acct_1'), undefined)

      await repo.save('acct_1', { fetchPerMinute: 1_000_000_000, maxInFlight: 64 }, 1)
      assert.deepEqual(await repo.find('acct_1'), { fetchPerMinute: 1_000_000_000, maxInFlight: 64 })
      await repo.save('acct_1', { hostPerMinute: 5, generalPerMinute: 7 }, 2)
      assert.deepEqual(await repo.find('acct_1'), { hostPerMinute: 5, generalPerMinute: 7 })
      assert.equal(await repo.find('acct_2'), undefined, 'only that account')

      await repo.save('acct_1', {}, 3)
      assert.equal(await repo.find('acct_1'), undefined)
      assert.deepEqual(await db.selectFrom('account_limits').selectAll().execute(), [])
    })

    it('reads the overrides of many accounts in one statement, only those that have any', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const repo = createAccountLimitsRepository(db)
      for (const id of ['acct_1', 'acct_2', 'acct_3']) await insertAccount(db, id)
      await repo.save('acct_1', { fetchPerMinute: 1_000_000_000 }, 1)
      await repo.save('acct_3', { maxInFlight: 64, hostPerMinute: 5 }, 1)
      assert.deepEqual(
        await repo.findMany(['acct_1', 'acct_2', 'acct_3', 'acct_nobody']),
        new Map([
          ['acct_1', { fetchPerMinute: 1_000_000_000 }],
          ['acct_3', { hostPerMinute: 5, maxInFlight: 64 }],
        ]),
      )
      assert.deepEqual(await repo.findMany([]), new Map())
    })

    it('goes with its account', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_1')
      await createAccountLimitsRepository(db).save('acct_1', { fetchPerMinute: 10 }, 1)
      await db.deleteFrom('accounts').where('id', '=', 'acct_1').execute()
      assert.deepEqual(await db.selectFrom('account_limits').selectAll().execute(), [])
    })
  })
})
