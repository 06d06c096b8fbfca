import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createKeyRepository, type KeyRow } from '../../../src/gateway/keys/key-repository.ts'
import type { Database } from '../../../src/infra/database/database.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

function account(db: Database, id: string, verifiedAt: number | null = 1): Promise<void> {
  return insertAccount(db, id, { email_verified_at: verifiedAt })
}

const key = (id: string, accountId: string, createdAt: number): KeyRow => ({
  id,
  account_id: accountId,
  name: `name of ${id}`,
  scopes: 'proxy,read',
  digest: `digest-of-${id}`,
  prefix: 'sp_live_abcd',
  created_at: createdAt,
  last_used_at: null,
  revoked_at: null,
  revoked_from: null,
})

forEachDialect((name, openDb) => {
  describe(`key repository (${name})`, () => {
    it('lists live keys oldest first without their digests, and counts them', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_a')
      await account(db, 'acct_b')
      const keys = createKeyRepository(db)
      await keys.insert(key('key_2', 'acct_a', 1_767_225_600_200))
      await keys.insert(key('key_1', 'acct_a', 1_767_225_600_100))
      await keys.insert(key('key_3', 'acct_a', 1_767_225_600_300))
      await keys.insert(key('key_b', 'acct_b', 1))
      await keys.revoke('acct_a', 'key_3', 2)
      const listed = await keys.listLive('acct_a')
      assert.deepEqual(
        listed.map((row) => row.id),
        ['key_1', 'key_2'],
      )
      assert.deepEqual(listed[0], {
        id: 'key_1',
        name: 'name of key_1',
        scopes: 'proxy,read',
        prefix: 'sp_live_abcd',
        created_at: 1_767_225_600_100,
        last_used_at: null,
      })
      assert.equal(await keys.countLive('acct_a'), 2)
      assert.equal(await keys.countLive('acct_nobody'), 0)
    })

    it('keeps revoked keys with when and from where, listed with the live ones; revokeAll ends the rest', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_a')
      const keys = createKeyRepository(db)
      await keys.insert(key('key_1', 'acct_a', 100))
      await keys.insert(key('key_2', 'acct_a', 200))
      await keys.insert(key('key_3', 'acct_a', 300))
      assert.equal(await keys.revoke('acct_a', 'key_2', 1_000, 'dashboard'), true)
      assert.equal(await keys.revoke('acct_a', 'key_2', 2_000, 'admin'), false, 'revoked once, never again')
      const all = await keys.listAll('acct_a')
      assert.deepEqual(
        all.map((row) => [row.id, row.revoked_at, row.revoked_from]),
        [
          ['key_1', null, null],
          ['key_2', 1_000, 'dashboard'],
          ['key_3', null, null],
        ],
      )
      assert.ok(all.every((row) => !('digest' in row)))
      assert.equal(await keys.revokeAll('acct_a', 3_000, 'account_deleted'), 2)
      assert.equal(await keys.countLive('acct_a'), 0)
      assert.deepEqual(
        (await keys.listAll('acct_a')).map((row) => row.revoked_from),
        ['account_deleted', 'dashboard', 'account_deleted'],
      )
      assert.equal(await keys.findLiveByDigest('digest-of-key_1'), undefined)
    })

    it('finds a live key by digest with its account verification, through the precompiled lookup', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_a', 1_767_225_600_000)
      await account(db, 'acct_new', null)
      const keys = createKeyRepository(db)
      await keys.insert(key('key_a', 'acct_a', 1))
      await keys.insert(key('key_n', 'acct_new', 1))
      assert.deepEqual(await keys.findLiveByDigest('digest-of-key_a'), {
        id: 'key_a',
        account_id: 'acct_a',
        scopes: 'proxy,read',
        digest: 'digest-of-key_a',
        last_used_at: null,
        email_verified_at: 1_767_225_600_000,
      })
      assert.equal((await keys.findLiveByDigest('digest-of-key_n'))?.email_verified_at, null)
      assert.equal(await keys.findLiveByDigest('digest-of-nothing'), undefined)
      await keys.revoke('acct_a', 'key_a', 5)
      assert.equal(await keys.findLiveByDigest('digest-of-key_a'), undefined, 'revoked: gone at once')
    })

    it('revokes only a live key of the same account, once, even when asked concurrently', async (t) => {
      const { db, openPeer, close } = await openDb()
      t.after(close)
      await account(db, 'acct_a')
      await account(db, 'acct_b')
      const keys = createKeyRepository(db)
      const otherGateway = createKeyRepository(openPeer())
      await keys.insert(key('key_a', 'acct_a', 1))
      assert.equal(await keys.revoke('acct_b', 'key_a', 2), false, "another account's key")
      assert.equal(await keys.revoke('acct_a', 'key_nothing', 2), false)
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? keys : otherGateway).revoke('acct_a', 'key_a', 3 + i)),
      )
      assert.equal(results.filter(Boolean).length, 1)
      assert.equal(await keys.countLive('acct_a'), 0)
    })

    it('stamps last use at most once per interval, whichever gateway races', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_a')
      const keys = createKeyRepository(db)
      await keys.insert(key('key_a', 'acct_a', 1))
      await Promise.all(Array.from({ length: 8 }, (_, i) => keys.touch('key_a', 10_000 + i, 60_000)))
      const first = (await keys.findLiveByDigest('digest-of-key_a'))?.last_used_at
      assert.ok(first !== null && first !== undefined && first >= 10_000 && first < 10_008, String(first))
      await keys.touch('key_a', first + 59_999, 60_000)
      assert.equal(
        (await keys.findLiveByDigest('digest-of-key_a'))?.last_used_at,
        first,
        'within the interval',
      )
      await keys.touch('key_a', first + 60_000, 60_000)
      assert.equal((await keys.findLiveByDigest('digest-of-key_a'))?.last_used_at, first + 60_000)
    })
  })
})
