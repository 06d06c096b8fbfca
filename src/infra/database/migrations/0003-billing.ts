/**
 * Billing (docs/billing.md): each account's optional monthly spending cap, and the history of its plan
 * changes, so a month is billed on the plan it was on even after a later move. The plan itself stays in
 * `accounts.plan`. Portable types only (text, bigint): the same migration runs on PostgreSQL.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // No row: no cap. Cents, so no amount passes through a float.
  await db.schema
    .createTable('spend_caps')
    .addColumn('account_id', 'text', (column) =>
      column.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('cap_cents', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('plan_changes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('from_plan', 'text', (column) => column.notNull())
    .addColumn('to_plan', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('plan_changes_account_at')
    .on('plan_changes')
    .columns(['account_id', 'changed_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_changes').execute()
  await db.schema.dropTable('spend_caps').execute()
}
