/**
 * Per-account overrides of the rate limits (`sallyport admin set-limits`, DESIGN 4): enterprise contracts and
 * benchmarks. No row, or a null column, means the deployment's default. Portable types only (text, integer,
 * bigint): the same migration runs on PostgreSQL.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_limits')
    .addColumn('account_id', 'text', (column) =>
      column.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    // Per minute; whole numbers well inside a 32-bit integer (the CLI caps them at 1,000,000,000).
    .addColumn('fetch_per_minute', 'integer')
    .addColumn('host_per_minute', 'integer')
    .addColumn('general_per_minute', 'integer')
    .addColumn('max_in_flight', 'integer')
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_limits').execute()
}
