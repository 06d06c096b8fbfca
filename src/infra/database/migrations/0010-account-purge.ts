/**
 * Indexes for the scheduled purge (gateway/accounts/account-purge.ts): tokens by expiry, and accounts still
 * waiting for confirmation by age (partial: verified accounts, nearly all of them, are not in it).
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('account_tokens_expires').on('account_tokens').column('expires_at').execute()
  await db.schema
    .createIndex('accounts_unverified_created')
    .on('accounts')
    .column('created_at')
    .where(sql.ref('email_verified_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_unverified_created').execute()
  await db.schema.dropIndex('account_tokens_expires').execute()
}
