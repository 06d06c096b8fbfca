/**
 * The account's own life (docs/accounts.md): two-factor sign-in (TOTP secret, recovery-code digests),
 * pending e-mail changes (digest of the mailed token, the new address), and the moment an account was
 * deleted (`account_deletions`; the account row stays, emptied of personal data, as billing rows hang off it).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_totp')
    .addColumn('account_id', 'text', (column) =>
      column.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('recovery_codes')
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('digest', 'text', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('recovery_codes_pk', ['account_id', 'digest'])
    .execute()
  await db.schema
    .createTable('email_changes')
    .addColumn('digest', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('new_email', 'text', (column) => column.notNull())
    .addColumn('new_email_key', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  // A table of its own rather than a column: every reader of `accounts` keeps its row shape.
  await db.schema
    .createTable('account_deletions')
    .addColumn('account_id', 'text', (column) =>
      column.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('deleted_at', 'bigint', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute()
  await db.schema.dropTable('email_changes').execute()
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema.dropTable('account_totp').execute()
}
