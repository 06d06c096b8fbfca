/**
 * Accounts, mailed tokens, sessions, API keys, daily usage and the throttles' event logs. Portable types only
 * (text, bigint): the same migration has to run on PostgreSQL.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_key', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('plan', 'text', (column) => column.notNull().defaultTo('trial'))
    .addColumn('email_verified_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('account_tokens')
    .addColumn('digest', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('account_tokens_account')
    .on('account_tokens')
    .columns(['account_id', 'purpose'])
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('digest', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_seen_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('scopes', 'text', (column) => column.notNull())
    .addColumn('digest', 'text', (column) => column.notNull().unique())
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute()
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute()

  await db.schema
    .createTable('usage_daily')
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('requests', 'bigint', (column) => column.notNull())
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('usage_daily_pk', ['account_id', 'day'])
    .execute()

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('attempts_key_at').on('attempts').columns(['key', 'at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['attempts', 'usage_daily', 'api_keys', 'sessions', 'account_tokens', 'accounts']) {
    await db.schema.dropTable(table).execute()
  }
}
