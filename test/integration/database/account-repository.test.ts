import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createAccountRepository } from '../../../src/gateway/accounts/account-repository.ts'
import { createSessionRepository } from '../../../src/gateway/sessions/session-repository.ts'
import { forEachDialect } from '../../helpers/databases.ts'

const account = {
  id: 'acct_1',
  email: 'Ann@example.com',
  email_key: 'ann@example.com',
  password_hash: 'signup-hash',
  plan: 'trial',
  email_verified_at: null,
  created_at: 1_000,
  updated_at: 1_000,
}

const bob = { ...account, id: 'acct_2', email: 'bob@example.com', email_key: 'bob@example.com' }

const token = (digest: string, purpose: 'verify_email' | 'reset_password', accountId = 'acct_1') => ({
  digest: digest.repeat(64),
  account_id: accountId,
  purpose,
  password_hash: purpose === 'verify_email' ? `hash-of-${digest}` : null,
  created_at: 1_000,
  expires_at: 10_000,
})

forEachDialect((name, openDb) => {
  async function repository() {
    const database = await openDb()
    return { ...database, accounts: createAccountRepository(database.db) }
  }

  describe(`account repository (${name})`, () => {
    it('finds an account by id and by e-mail key, with epoch-ms times as numbers', async (t) => {
      const { accounts, close } = await repository()
      t.after(close)
      const row = { ...account, created_at: 1_767_225_600_123, updated_at: 1_767_225_600_123 }
      assert.equal(await accounts.insert(row), true)
      assert.deepEqual(await accounts.findById('acct_1'), row)
      assert.deepEqual(await accounts.findByEmailKey('ann@example.com'), row)
      assert.equal(await accounts.findByEmailKey('Ann@example.com'), undefined, 'the key is exact')
      assert.equal(await accounts.findById('acct_nobody'), undefined)
    })

    it('makes one account of concurrent sign-ups for the same mailbox', async (t) => {
      const { accounts, close } = await repository()
      t.after(close)
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          accounts.insert({ ...account, id: `acct_${i}`, email: `ANN${i}@example.com` }),
        ),
      )
      assert.equal(results.filter(Boolean).length, 1)
    })

    it('lets a verification token be consumed once, even by concurrent requests', async (t) => {
      const { accounts, db, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      await accounts.insertToken(token('a', 'verify_email'))
      const results = await Promise.all(
        Array.from({ length: 6 }, () => accounts.verifyEmail('a'.repeat(64), 2_000)),
      )
      assert.deepEqual(
        results.filter((id) => id !== undefined),
        ['acct_1'],
      )
      const row = await db.selectFrom('accounts').selectAll().executeTakeFirstOrThrow()
      assert.equal(row.email_verified_at, 2_000)
      assert.equal(row.password_hash, 'hash-of-a')
    })

    it('verifies once, without error, when several mails of one account are followed at the same time', async (t) => {
      const { accounts, close } = await repository()
      t.after(close)
      // Rounds, because a lock-order problem (PostgreSQL aborting one transaction as a deadlock) shows
      // only when the transactions interleave.
      for (let round = 0; round < 10; round++) {
        const id = `acct_r${round}`
        await accounts.insert({ ...account, id, email_key: `r${round}@example.com` })
        for (const [digest, purpose] of [
          [`a${round}`, 'verify_email'],
          [`b${round}`, 'verify_email'],
          [`c${round}`, 'reset_password'],
        ] as const) {
          await accounts.insertToken({ ...token('x', purpose, id), digest })
        }
        const [a, b, c] = await Promise.all([
          accounts.verifyEmail(`a${round}`, 2_000),
          accounts.verifyEmail(`b${round}`, 2_000),
          accounts.resetPassword(`c${round}`, 'reset-hash', 2_000),
        ])
        // A reset spends the account's verification mails, so at most one of them wins, maybe none.
        assert.ok(a === undefined || b === undefined, `round ${round}: both mails verified`)
        assert.equal(c, id, `round ${round}: the reset went through`)
        const row = await accounts.findById(id)
        assert.equal(row?.email_verified_at, 2_000)
        assert.equal(row?.password_hash, 'reset-hash')
      }
    })

    it('does not consume an expired token or a token of the other purpose', async (t) => {
      const { accounts, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      await accounts.insertToken({ ...token('b', 'reset_password'), expires_at: 5_000 })
      assert.equal(await accounts.verifyEmail('b'.repeat(64), 2_000), undefined)
      assert.equal(await accounts.resetPassword('b'.repeat(64), 'new', 5_000), undefined)
      assert.equal(await accounts.resetPassword('b'.repeat(64), 'new', 4_999), 'acct_1')
    })

    it('sets the password each verification link was issued with, and never without one', async (t) => {
      const { accounts, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      await accounts.insertToken(token('a', 'verify_email'))
      await accounts.insertToken(token('b', 'verify_email'))
      await accounts.insertToken({ ...token('n', 'verify_email'), password_hash: null })
      assert.equal(await accounts.verifyEmail('n'.repeat(64), 2_000), undefined)
      assert.equal((await accounts.findById('acct_1'))?.email_verified_at, null)
      // The older link sets its own password, not the newer one's.
      assert.equal(await accounts.verifyEmail('a'.repeat(64), 2_000), 'acct_1')
      assert.equal((await accounts.findById('acct_1'))?.password_hash, 'hash-of-a')
      assert.equal(await accounts.verifyEmail('b'.repeat(64), 2_500), undefined)
      await accounts.setPassword('acct_1', 'changed', 3_000)
      const row = await accounts.findById('acct_1')
      assert.equal(row?.password_hash, 'changed')
      assert.equal(row?.updated_at, 3_000)
    })

    it('ends every session of the account with a password reset, and only that account', async (t) => {
      const { accounts, db, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      await accounts.insert(bob)
      const sessions = createSessionRepository(db)
      await sessions.insert({ digest: 's1', account_id: 'acct_1', created_at: 1, last_seen_at: 1 })
      await sessions.insert({ digest: 's2', account_id: 'acct_2', created_at: 1, last_seen_at: 1 })
      await accounts.insertToken(token('c', 'reset_password'))
      await accounts.insertToken(token('v', 'verify_email'))
      assert.equal(await accounts.resetPassword('c'.repeat(64), 'new-hash', 2_000), 'acct_1')
      assert.deepEqual(
        (await db.selectFrom('sessions').select('digest').execute()).map((row) => row.digest),
        ['s2'],
      )
      const row = await accounts.findById('acct_1')
      assert.equal(row?.email_verified_at, 2_000, 'following a mailed link proves the mailbox')
      assert.equal(await accounts.verifyEmail('v'.repeat(64), 2_001), undefined, 'older mails are spent')
    })

    it('keeps at most three tokens per account and purpose: a new one replaces the oldest', async (t) => {
      const { accounts, db, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      await accounts.insert(bob)
      for (const [index, digest] of ['a', 'b', 'c', 'd', 'e'].entries()) {
        await accounts.insertToken({ ...token(digest, 'verify_email'), created_at: 1_000 + index })
      }
      await accounts.insertToken(token('r', 'reset_password'))
      await accounts.insertToken(token('x', 'verify_email', 'acct_2'))
      const left = await db.selectFrom('account_tokens').select('digest').orderBy('digest').execute()
      assert.deepEqual(
        left.map((row) => row.digest[0]),
        ['c', 'd', 'e', 'r', 'x'],
      )
      assert.equal(await accounts.liveTokenCount('acct_1', 'verify_email', 2_000), 3)
      assert.equal(await accounts.verifyEmail('a'.repeat(64), 2_000), undefined, 'a replaced link is spent')
      assert.equal(await accounts.verifyEmail('c'.repeat(64), 2_000), 'acct_1', 'the kept links work')
    })

    it('never drops the token just stored, even when older ones carry the same millisecond', async (t) => {
      const { accounts, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      // The newest digest sorts first, so ranking every token by (time, digest) would drop it.
      for (const digest of ['d', 'c', 'b', 'a']) {
        await accounts.insertToken({ ...token(digest, 'verify_email'), created_at: 1_000 })
      }
      assert.equal(await accounts.liveTokenCount('acct_1', 'verify_email', 2_000), 3)
      assert.equal(await accounts.verifyEmail('a'.repeat(64), 2_000), 'acct_1', 'the link just mailed works')
    })

    it('keeps the ceiling when tokens for one account are issued at once', async (t) => {
      const { accounts, db, close } = await repository()
      t.after(close)
      await accounts.insert(account)
      await Promise.all(
        ['a', 'b', 'c', 'd', 'e', 'f'].map((digest, index) =>
          accounts.insertToken({ ...token(digest, 'reset_password'), created_at: 1_000 + index }),
        ),
      )
      const left = await db.selectFrom('account_tokens').select('digest').execute()
      assert.equal(left.length, 3)
    })

    it('purges dead tokens and stale unverified trial accounts, and a second run removes nothing more', async (t) => {
      const { accounts, db, close } = await repository()
      t.after(close)
      const now = 5_000
      const stale = (
        id: string,
        extra: { email_verified_at?: number; created_at?: number; updated_at?: number; plan?: string } = {},
      ) => ({
        ...account,
        id,
        email: `${id}@example.com`,
        email_key: `${id}@example.com`,
        ...extra,
      })
      await accounts.insert(stale('acct_stale'))
      await accounts.insert(stale('acct_waiting'))
      await accounts.insert(stale('acct_verified', { email_verified_at: 1_500 }))
      await accounts.insert(stale('acct_young', { created_at: 3_000, updated_at: 3_000 }))
      await accounts.insert(stale('acct_paid', { plan: 'pro' }))
      await accounts.insertToken({ ...token('e', 'verify_email', 'acct_stale'), expires_at: now })
      await accounts.insertToken({ ...token('l', 'verify_email', 'acct_waiting'), expires_at: now + 1 })
      await accounts.insertToken({ ...token('u', 'reset_password', 'acct_verified'), expires_at: now + 1 })
      assert.equal(await accounts.resetPassword('u'.repeat(64), 'new-hash', 1_600), 'acct_verified')
      await accounts.insertToken({ ...token('k', 'reset_password', 'acct_verified'), expires_at: now + 1 })

      const [first, second] = await Promise.all([accounts.purge(now, 2_000), accounts.purge(now, 2_000)])
      assert.deepEqual(
        { tokens: first.tokens + second.tokens, accounts: first.accounts + second.accounts },
        { tokens: 2, accounts: 1 },
        'two gateways purging at once remove each row once',
      )
      assert.deepEqual(await accounts.purge(now, 2_000), { tokens: 0, accounts: 0 })
      const ids = await db.selectFrom('accounts').select('id').orderBy('id').execute()
      assert.deepEqual(
        ids.map((row) => row.id),
        ['acct_paid', 'acct_verified', 'acct_waiting', 'acct_young'],
      )
      const digests = await db.selectFrom('account_tokens').select('digest').orderBy('digest').execute()
      assert.deepEqual(
        digests.map((row) => row.digest[0]),
        ['k', 'l'],
      )
      assert.equal(await accounts.verifyEmail('l'.repeat(64), now), 'acct_waiting', 'a live link still works')
    })
  })
})
