/** Every SQL statement about accounts and their mailed tokens. */
import type { ExpressionBuilder } from 'kysely'
import type { Database } from '../../infra/database/database.ts'
import type {
  AccountsTable,
  AccountTokensTable,
  DatabaseSchema,
  TokenPurpose,
} from '../../infra/database/schema.ts'

export type AccountRow = AccountsTable
export type NewToken = Omit<AccountTokensTable, 'used_at'>

/** Links kept per account and purpose: a new one beyond this replaces the oldest (docs/accounts.md). */
export const tokensKeptPerPurpose = 3

/** The token with this digest, if it is of this purpose, unused and unexpired. */
function liveToken(
  eb: ExpressionBuilder<DatabaseSchema, 'account_tokens'>,
  digest: string,
  purpose: TokenPurpose,
  now: number,
) {
  return eb.and([
    eb('digest', '=', digest),
    eb('purpose', '=', purpose),
    eb('used_at', 'is', null),
    eb('expires_at', '>', now),
  ])
}

/**
 * Marks a live token used. Single use: the UPDATE that finds the token is the one that uses it, so two
 * racing requests cannot both succeed.
 */
function consumeToken(
  trx: Pick<Database, 'updateTable'>,
  digest: string,
  purpose: TokenPurpose,
  now: number,
) {
  return trx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where((eb) => liveToken(eb, digest, purpose, now))
}

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

  /**
   * Stores a token and drops the oldest of its account and purpose past `keep` (the newest link always
   * works; an older one stops working once `keep` newer ones exist), so an address that is asked for mail
   * again and again holds at most `keep` rows per purpose. The account's row lock (a no-op write) makes
   * two tokens issued at once count each other on PostgreSQL. The token just stored is never the one
   * dropped, even when others carry the same millisecond: only the older ones are ranked, so a tie is
   * never settled by the random digest against the link about to be mailed.
   */
  async function insertToken(token: NewToken, keep: number = tokensKeptPerPurpose): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('accounts')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', token.account_id)
        .execute()
      await trx
        .insertInto('account_tokens')
        .values({ ...token, used_at: null })
        .execute()
      await trx
        .deleteFrom('account_tokens')
        .where('account_id', '=', token.account_id)
        .where('purpose', '=', token.purpose)
        .where('digest', '!=', token.digest)
        .where(
          'digest',
          'not in',
          trx
            .selectFrom('account_tokens')
            .select('digest')
            .where('account_id', '=', token.account_id)
            .where('purpose', '=', token.purpose)
            .where('digest', '!=', token.digest)
            .orderBy('created_at', 'desc')
            .orderBy('digest', 'desc')
            .limit(keep - 1),
        )
        .execute()
    })
  }

  /** Whether a token of this purpose is unused and unexpired: a cheap look before any password is hashed. */
  async function isLiveToken(digest: string, purpose: TokenPurpose, now: number): Promise<boolean> {
    const row = await db
      .selectFrom('account_tokens')
      .select('digest')
      .where((eb) => liveToken(eb, digest, purpose, now))
      .executeTakeFirst()
    return row !== undefined
  }

  /**
   * Consumes a verification token and verifies its account, in one transaction. The account gets the
   * password the token was issued with (each link sets its own, whatever was asked for since); a
   * verification token without one confirms nothing.
   */
  async function verifyEmail(digest: string, now: number): Promise<string | undefined> {
    return db.transaction().execute(async (trx) => {
      if (!(await lockAccountOfToken(trx, digest))) return undefined
      const token = await consumeToken(trx, digest, 'verify_email', now)
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
      const token = await consumeToken(trx, digest, 'reset_password', now)
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

  /**
   * Housekeeping, run on a schedule by every gateway (account-purge.ts): plain DELETEs by time, so running
   * them twice, or on two gateways at once, removes nothing more. Tokens past their expiry or used already
   * are of no use to anyone. A trial account whose address was never confirmed is deleted once it is older
   * than `unverifiedBefore` and holds no live link (a fresh resend keeps it for that link's lifetime); its
   * rows elsewhere go with it (ON DELETE CASCADE).
   */
  async function purge(now: number, unverifiedBefore: number): Promise<{ tokens: number; accounts: number }> {
    const tokens = await db
      .deleteFrom('account_tokens')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .executeTakeFirst()
    const accounts = await db
      .deleteFrom('accounts')
      .where('email_verified_at', 'is', null)
      .where('created_at', '<', unverifiedBefore)
      .where('plan', '=', 'trial')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('account_tokens')
              .select('account_tokens.digest')
              .whereRef('account_tokens.account_id', '=', 'accounts.id')
              .where('account_tokens.expires_at', '>', now)
              .where('account_tokens.used_at', 'is', null),
          ),
        ),
      )
      .executeTakeFirst()
    return { tokens: Number(tokens.numDeletedRows), accounts: Number(accounts.numDeletedRows) }
  }

  /** Tokens of an account still live, by purpose (tests and the per-address ceiling's docs). */
  async function liveTokenCount(accountId: string, purpose: TokenPurpose, now: number): Promise<number> {
    const row = await db
      .selectFrom('account_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    return Number(row?.count ?? 0)
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
    purge,
    liveTokenCount,
  }
}

export type AccountRepository = ReturnType<typeof createAccountRepository>
