import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createSessionRepository } from '../../../src/gateway/sessions/session-repository.ts'
import type { Database } from '../../../src/infra/database/database.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

async function accounts(db: Database, ...ids: string[]): Promise<void> {
  for (const id of ids) await insertAccount(db, id)
}

const session = (digest: string, accountId: string, createdAt: number, lastSeenAt = createdAt) => ({
  digest,
  account_id: accountId,
  created_at: createdAt,
  last_seen_at: lastSeenAt,
})

forEachDialect((name, openDb) => {
  describe(`session repository (${name})`, () => {
    it('stores a session by digest and reads it back with its times as numbers', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await accounts(db, 'acct_a')
      const sessions = createSessionRepository(db)
      const row = session('d1', 'acct_a', 1_767_225_600_123)
      await sessions.insert(row)
      assert.deepEqual(await sessions.find('d1'), row)
      assert.equal(await sessions.find('d2'), undefined)
      await assert.rejects(sessions.insert(row), 'a digest is one session')
    })

    it('moves last_seen_at forward on touch, and forgets a removed session', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await accounts(db, 'acct_a')
      const sessions = createSessionRepository(db)
      await sessions.insert(session('d1', 'acct_a', 1_000))
      await sessions.touch('d1', 61_000)
      assert.equal((await sessions.find('d1'))?.last_seen_at, 61_000)
      await sessions.remove('d1')
      assert.equal(await sessions.find('d1'), undefined)
      await sessions.remove('d1')
    })

    it('removes every session of one account, and only that account', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await accounts(db, 'acct_a', 'acct_b')
      const sessions = createSessionRepository(db)
      await sessions.insert(session('a1', 'acct_a', 1))
      await sessions.insert(session('a2', 'acct_a', 1))
      await sessions.insert(session('b1', 'acct_b', 1))
      await sessions.removeForAccount('acct_a')
      const left = await db.selectFrom('sessions').select('digest').orderBy('digest').execute()
      assert.deepEqual(left, [{ digest: 'b1' }])
    })

    it('removes the sessions idle too long or too old, of that account only', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await accounts(db, 'acct_a', 'acct_b')
      const sessions = createSessionRepository(db)
      await sessions.insert(session('idle', 'acct_a', 5_000, 5_000))
      await sessions.insert(session('old', 'acct_a', 1_000, 9_000))
      await sessions.insert(session('fresh', 'acct_a', 5_000, 9_000))
      await sessions.insert(session('other', 'acct_b', 1_000, 1_000))
      await sessions.removeExpired('acct_a', 8_000, 2_000)
      const left = await db.selectFrom('sessions').select('digest').orderBy('digest').execute()
      assert.deepEqual(left, [{ digest: 'fresh' }, { digest: 'other' }])
    })

    it('keeps every session when many are started and touched at once', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await accounts(db, 'acct_a')
      const sessions = createSessionRepository(db)
      await Promise.all(Array.from({ length: 20 }, (_, i) => sessions.insert(session(`s${i}`, 'acct_a', i))))
      await Promise.all(Array.from({ length: 20 }, (_, i) => sessions.touch(`s${i}`, 100 + i)))
      const rows = await db.selectFrom('sessions').select(['digest', 'last_seen_at']).execute()
      assert.equal(rows.length, 20)
      for (const row of rows) assert.equal(row.last_seen_at, 100 + Number(row.digest.slice(1)))
    })
  })
})
