/**
 * Where each gateway process got to in writing an account's day, kept in that day's row
 * (metering/usage-repository.ts `addOnce`): `writers` maps a writer to the number of the last write of its
 * that the row holds. It replaces a row of `usage_writers` per process, account and day, which every group
 * commit wrote beside each daily row: one row written per account and day instead of two. `usage_writers`
 * stays for the rows written before; it is pruned as before and no longer written.
 * JSON as text on both engines (the schemas stay the same); PostgreSQL reads and merges it as `jsonb`.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usage_daily').addColumn('writers', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usage_daily').dropColumn('writers').execute()
}
