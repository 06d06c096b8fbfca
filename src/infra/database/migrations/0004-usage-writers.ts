/**
 * Where each gateway process got to in writing usage (metering/usage-repository.ts `addOnce`). A process
 * numbers its writes per account and day; a write whose answer was lost (the connection dropped during
 * its commit) is sent again with the same number, and the number already recorded here makes it add
 * nothing, so a count is never added twice. One row per process, account and day; rows of past days are
 * pruned after a week. No foreign key: a row outlives nothing and is written with the counts.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_writers')
    .addColumn('writer', 'text', (column) => column.notNull())
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('last_seq', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('usage_writers_pk', ['writer', 'account_id', 'day'])
    .execute()
  await db.schema.createIndex('usage_writers_day').on('usage_writers').column('day').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_writers').execute()
}
