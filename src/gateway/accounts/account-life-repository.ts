/** Every SQL statement of the account's own life: two-factor sign-in, e-mail changes, deletion. */
import type { Database } from '../../infra/database/database.ts'
import type { AccountTotpTable, EmailChangesTable } from '../../infra/database/schema.ts'

export type TotpRow = AccountTotpTable
export type EmailChangeRow = EmailChangesTable

export function createAccountLifeRepository(db: Database) {
  function findTotp(accountId: string): Promise<TotpRow | undefined> {
    return db.selectFrom('account_totp').selectAll().where('account_id', '=', accountId).executeTakeFirst()
  }

  /** A new pending secret replaces any earlier one; a confirmed one is only replaced after disabling. */
  async function savePendingTotp(accountId: string, secret: string, now: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('account_totp')
        .where('account_id', '=', accountId)
        .where('enabled_at', 'is', null)
        .execute()
      await trx
        .insertInto('account_totp')
        .values({ account_id: accountId, secret, enabled_at: null, last_step: 0, created_at: now })
        .execute()
    })
  }

  /** Turns the pending secret on and stores the recovery codes' digests, in one transaction. */
  async function enableTotp(accountId: string, step: number, codeDigests: readonly string[], now: number) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('account_totp')
        .set({ enabled_at: now, last_step: step })
        .where('account_id', '=', accountId)
        .execute()
      await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute()
      await trx
        .insertInto('recovery_codes')
        .values(codeDigests.map((digest) => ({ account_id: accountId, digest, used_at: null })))
        .execute()
    })
  }

  async function disableTotp(accountId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute()
      await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute()
    })
  }

  /** Claims a step: true only for the first caller with a step later than the last accepted one. */
  async function claimStep(accountId: string, step: number): Promise<boolean> {
    const result = await db
      .updateTable('account_totp')
      .set({ last_step: step })
      .where('account_id', '=', accountId)
      .where('last_step', '<', step)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** Uses a recovery code once: true only for the first caller. */
  async function useRecoveryCode(accountId: string, digest: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('digest', '=', digest)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  async function countRecoveryCodes(accountId: string): Promise<number> {
    const row = await db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  async function insertEmailChange(row: EmailChangeRow): Promise<void> {
    await db.insertInto('email_changes').values(row).execute()
  }

  /**
   * Applies a pending change once: the token is used, the address set, unless another account has
   * taken the address meanwhile (then undefined). Answers the account id and its old address.
   */
  async function confirmEmailChange(
    digest: string,
    now: number,
  ): Promise<{ accountId: string; oldEmail: string; newEmail: string } | 'taken' | undefined> {
    return db.transaction().execute(async (trx) => {
      const change = await trx
        .selectFrom('email_changes')
        .selectAll()
        .where('digest', '=', digest)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      if (change === undefined) return undefined
      await trx.updateTable('email_changes').set({ used_at: now }).where('digest', '=', digest).execute()
      const taken = await trx
        .selectFrom('accounts')
        .select('id')
        .where('email_key', '=', change.new_email_key)
        .executeTakeFirst()
      if (taken !== undefined) return 'taken' as const
      const account = await trx
        .selectFrom('accounts')
        .select(['email'])
        .where('id', '=', change.account_id)
        .where('password_hash', '!=', '')
        .executeTakeFirst()
      if (account === undefined) return undefined
      await trx
        .updateTable('accounts')
        .set({ email: change.new_email, email_key: change.new_email_key, updated_at: now })
        .where('id', '=', change.account_id)
        .execute()
      return { accountId: change.account_id, oldEmail: account.email, newEmail: change.new_email }
    })
  }

  /**
   * Deletion (docs/accounts.md): personal data goes (address, password hash, key names, second factor,
   * pending mails and changes); the row and its billing records stay under the bare account id. Keys are
   * revoked by the caller through the key repository, as any revocation is.
   */
  async function eraseAccount(accountId: string, now: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set({
          email: '',
          email_key: `deleted:${accountId}`,
          password_hash: '',
          email_verified_at: null,
          updated_at: now,
        })
        .where('id', '=', accountId)
        .execute()
      await trx.insertInto('account_deletions').values({ account_id: accountId, deleted_at: now }).execute()
      await trx.updateTable('api_keys').set({ name: '' }).where('account_id', '=', accountId).execute()
      await trx.deleteFrom('account_totp').where('account_id', '=', accountId).execute()
      await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute()
      await trx.deleteFrom('email_changes').where('account_id', '=', accountId).execute()
      await trx.deleteFrom('account_tokens').where('account_id', '=', accountId).execute()
      await trx.deleteFrom('sessions').where('account_id', '=', accountId).execute()
    })
  }

  return {
    findTotp,
    savePendingTotp,
    enableTotp,
    disableTotp,
    claimStep,
    useRecoveryCode,
    countRecoveryCodes,
    insertEmailChange,
    confirmEmailChange,
    eraseAccount,
  }
}

export type AccountLifeRepository = ReturnType<typeof createAccountLifeRepository>
