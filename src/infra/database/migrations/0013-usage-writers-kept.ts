/**
 * Which daily rows still keep their writer numbers, in a column of its own (`writers_kept`), and the index
 * of 0012 on it instead of on `writers`.
 *
 * Every group commit rewrites `writers` (metering/usage-repository.ts `addOnce`). On PostgreSQL an update
 * that changes a column any index reads, its predicate included, cannot be a heap-only (HOT) update: 0012's
 * `where writers is not null` made every commit of a busy account's row write a new entry into both of the
 * table's indexes and leave a dead tuple for vacuum. `writers_kept` changes only when the prune clears a
 * row's numbers, so a commit's update stays on its page and touches no index: PostgreSQL spent a fifth less
 * CPU on each commit (docs/performance.md, "2026-12-03 (fifteenth)").
 *
 * Every row starts kept (the default), so nothing is rewritten here: the prune, in batches of its own,
 * marks the rows of past days as it clears them, those 0012 had already cleared included.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('usage_daily')
    .addColumn('writers_kept', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute()
  await db.schema.dropIndex('usage_daily_writers_day').execute()
  await db.schema
    .createIndex('usage_daily_writers_kept_day')
    .on('usage_daily')
    .column('day')
    .where(sql.ref('writers_kept'), '=', sql.lit(true))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('usage_daily_writers_kept_day').execute()
  await db.schema.alterTable('usage_daily').dropColumn('writers_kept').execute()
  await db.schema
    .createIndex('usage_daily_writers_day')
    .on('usage_daily')
    .column('day')
    .where(sql.ref('writers'), 'is not', null)
    .execute()
}
