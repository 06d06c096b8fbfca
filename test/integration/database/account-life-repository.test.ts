import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createAccountLifeRepository } from '../../../src/gateway/accounts/account-life-repository.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

forEachDialect((name, openDb) => {
  describe(`account life repository (${name})`, () => {
    it('a TOTP step and a recovery code are each taken once, even by racing sign-ins', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_a')
      const life = createAccountLifeRepository(db)
      await life.savePendingTotp('acct_a', 'SECRET', 1)
      await life.enableTotp('acct_a', 100, ['d1', 'd2'], 2)
      const steps = await Promise.all([life.claimStep('acct_a', 101), life.claimStep('acct_a', 101)])
      assert.deepEqual(steps.sort(), [false, true])
      assert.equal(await life.claimStep('acct_a', 100), false, 'an older step never again')
      const codes = await Promise.all([
        life.useRecoveryCode('acct_a', 'd1', 3),
        life.useRecoveryCode('acct_a', 'd1', 3),
      ])
      assert.deepEqual(codes.sort(), [false, true])
      assert.equal(await life.countRecoveryCodes('acct_a'), 1)
    })

    it('an e-mail change applies once, and not onto an address another account took meanwhile', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_a')
      const life = createAccountLifeRepository(db)
      const change = { account_id: 'acct_a', created_at: 1, expires_at: 1_000, used_at: null }
      await life.insertEmailChange({
        ...change,
        digest: 'd-new',
        new_email: 'New@x.io',
        new_email_key: 'new@x.io',
      })
      await life.insertEmailChange({
        ...change,
        digest: 'd-late',
        new_email: 'b@x.io',
        new_email_key: 'b@x.io',
      })
      assert.deepEqual(await life.confirmEmailChange('d-new', 10), {
        accountId: 'acct_a',
        oldEmail: 'acct_a@example.com',
        newEmail: 'New@x.io',
      })
      assert.equal(await life.confirmEmailChange('d-new', 11), undefined)
      await insertAccount(db, 'acct_b')
      await db.updateTable('accounts').set({ email_key: 'b@x.io' }).where('id', '=', 'acct_b').execute()
      assert.equal(await life.confirmEmailChange('d-late', 12), 'taken')
      await life.insertEmailChange({
        ...change,
        digest: 'd-old',
        new_email: 'c@x.io',
        new_email_key: 'c@x.io',
      })
      assert.equal(await life.confirmEmailChange('d-old', 2_000), undefined, 'expired')
    })

    it('erasing an account empties its personal data and keeps the row for billing', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await insertAccount(db, 'acct_a')
      const life = createAccountLifeRepository(db)
      await life.savePendingTotp('acct_a', 'SECRET', 1)
      await db
        .insertInto('sessions')
        .values({ digest: 's', account_id: 'acct_a', created_at: 1, last_seen_at: 1 })
        .execute()
      await life.eraseAccount('acct_a', 50)
      const row = await db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', 'acct_a')
        .executeTakeFirstOrThrow()
      assert.deepEqual(
        [row.email, row.email_key, row.password_hash, row.email_verified_at],
        ['', 'deleted:acct_a', '', null],
      )
      const deletion = await db.selectFrom('account_deletions').selectAll().executeTakeFirstOrThrow()
      assert.deepEqual([deletion.account_id, Number(deletion.deleted_at)], ['acct_a', 50])
      assert.equal(await life.findTotp('acct_a'), undefined)
      assert.equal((await db.selectFrom('sessions').selectAll().execute()).length, 0)
    })
  })
})
