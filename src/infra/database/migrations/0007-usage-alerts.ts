/**
 * Usage alerts (docs/billing.md, "Usage alerts"): one row per alert sent, whose primary key is the
 * claim, so of two gateways that see the same threshold crossed only the one whose insert lands mails;
 * and the account's own setting to turn alerts off.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_alerts')
    .addColumn('account_id', 'text', (column) =>
      column.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('period', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('threshold', 'integer', (column) => column.notNull())
    .addColumn('sent_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('usage_alerts_pk', ['account_id', 'period', 'kind', 'threshold'])
    .execute()
  await db.schema
    .createTable('alert_settings')
    .addColumn('account_id', 'text', (column) =>
      column.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('usage_alerts', 'integer', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_settings').execute()
  await db.schema.dropTable('usage_alerts').execute()
}
