/**
 * The daily rows whose writer numbers (`writers`, 0011) are still kept, by day: the metering service clears
 * them once a day is past its retention (metering/usage-repository.ts `pruneWriters`), and this partial
 * index finds those rows without reading the whole ledger. It holds only the rows of the days still kept.
 */
import { sql, type Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('usage_daily_writers_day')
    .on('usage_daily')
    .column('day')
    .where(sql.ref('writers'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('usage_daily_writers_day').execute()
}
