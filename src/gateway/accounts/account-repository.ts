/** Every SQL statement about accounts and their mailed tokens. */
import type { Database } from '../../infra/database/database.ts'
import type { AccountsTable, AccountTokensTable, TokenPurpose } from '../../infra/database/schema.ts'

export type AccountRow = AccountsTable
export type NewToken = Omit<AccountTokensTable, 'used_at'>

export function createAccountRepository(db: Database) {
  /** False when the e-mail is taken (the unique key decides, so two racing sign-ups make one account). */
  async function insert(row: AccountRow): Promise<boolean> {
    const result = await db
      .insertInto('accounts')
      .values(row)
      .onConflict((conflict) => conflict.column('email_key').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  function findByEmailKey(emailKey: string): Promise<AccountRow | undefined> {
    return db.selectFrom('accounts').selectAll().where('email_key', '=', emailKey).executeTakeFirst()
  }

  function findById(id: string): Promise<AccountRow | undefined> {
    return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async function setPassword(id: string, passwordHash: string, now: number): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute()
  }

  async function insertToken(token: NewToken): Promise<void> {
    await db
      .insertInto('account_tokens')
      .values({ ...token, used_at: null })
      .execute()
  }

  /** Whether a token of this purpose is unused and unexpired: a cheap look before any password is hashed. */
  async function isLiveToken(digest: string, purpose: TokenPurpose, now: number): Promise<boolean> {
    const row = await db
      .selectFrom('account_tokens')
      .select('digest')
      .where('digest', '=', digest)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Consumes a verification token and verifies its account, in one transaction. Single use: the token
   * is marked used by the same UPDATE that finds it, so two racing requests cannot both succeed. The
   * account gets the password the token was issued with (each link sets its own, whatever was asked for
   * since); a verification token without one confirms nothing.
   */
  async function verifyEmail(digest: string, now: number): Promise<string | undefined> {
    return db.transaction().execute(async (trx) => {
      if (!(await lockAccountOfToken(trx, digest))) return undefined
      const token = await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('digest', '=', digest)
        .where('purpose', '=', 'verify_email')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('password_hash', 'is not', null)
        .returning(['account_id', 'password_hash'])
        .executeTakeFirst()
      if (token === undefined || token.password_hash === null) return undefined
      await trx
        .updateTable('accounts')
        .set({ email_verified_at: now, password_hash: token.password_hash, updated_at: now })
        .where('id', '=', token.account_id)
        .where('email_verified_at', 'is', null)
        .execute()
      await invalidateTokens(trx, token.account_id, 'verify_email', now)
      return token.account_id
    })
  }

  /**
   * Consumes a reset token, sets the new password and ends every session of the account, together.
   * Following a mailed link proves the mailbox, so an account not verified yet becomes verified.
   */
  async function resetPassword(
    digest: string,
    passwordHash: string,
    now: number,
  ): Promise<string | undefined> {
    return db.transaction().execute(async (trx) => {
      if (!(await lockAccountOfToken(trx, digest))) return undefined
      const token = await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('digest', '=', digest)
        .where('purpose', '=', 'reset_password')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['account_id'])
        .executeTakeFirst()
      if (token === undefined) return undefined
      await trx
        .updateTable('accounts')
        .set((eb) => ({
          password_hash: passwordHash,
          email_verified_at: eb.fn.coalesce(eb.ref('email_verified_at'), eb.val(now)),
          updated_at: now,
        }))
        .where('id', '=', token.account_id)
        .execute()
      await invalidateTokens(trx, token.account_id, 'reset_password', now)
      await invalidateTokens(trx, token.account_id, 'verify_email', now)
      await trx.deleteFrom('sessions').where('account_id', '=', token.account_id).execute()
      return token.account_id
    })
  }

  /**
   * Takes the row lock of the token's account first (a no-op write), so that on PostgreSQL two mailed links
   * of one account followed at once queue up behind the account. Otherwise each transaction would hold its
   * own token and wait for the other's (invalidating them), and PostgreSQL would abort one as a deadlock.
   * SQLite runs one transaction at a time anyway.
   */
  async function lockAccountOfToken(
    trx: Pick<Database, 'selectFrom' | 'updateTable'>,
    digest: string,
  ): Promise<boolean> {
    const owner = await trx
      .selectFrom('account_tokens')
      .select('account_id')
      .where('digest', '=', digest)
      .executeTakeFirst()
    if (owner === undefined) return false
    await trx
      .updateTable('accounts')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', owner.account_id)
      .execute()
    return true
  }

  async function invalidateTokens(
    trx: Pick<Database, 'updateTable'>,
    accountId: string,
    purpose: TokenPurpose,
    now: number,
  ): Promise<void> {
    await trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute()
  }

  /** Housekeeping: tokens past their expiry are of no use to anyone. */
  async function deleteExpiredTokens(now: number): Promise<void> {
    await db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute()
  }

  return {
    insert,
    findByEmailKey,
    findById,
    setPassword,
    insertToken,
    isLiveToken,
    verifyEmail,
    resetPassword,
    deleteExpiredTokens,
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>
