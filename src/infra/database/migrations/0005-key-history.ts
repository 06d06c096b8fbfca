/**
 * Key history (docs/dashboard.md, "Key history"): where a key was revoked from, beside when. A channel
 * name only (`dashboard`, `account_deleted`, `admin`): no client address and never a target.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('revoked_from', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('revoked_from').execute()
}
