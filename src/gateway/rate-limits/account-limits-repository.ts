/** Every SQL statement about per-account rate-limit overrides (`sallyport admin set-limits`). */
import type { Database } from '../../infra/database/database.ts'
import type { AccountLimitsTable } from '../../infra/database/schema.ts'

/** A column left out (or null) is the deployment's default. */
export type LimitOverrides = Partial<{
  fetchPerMinute: number
  hostPerMinute: number
  generalPerMinute: number
  maxInFlight: number
}>

function overridesOf(row: AccountLimitsTable): LimitOverrides {
  const overrides: LimitOverrides = {}
  if (row.fetch_per_minute !== null) overrides.fetchPerMinute = Number(row.fetch_per_minute)
  if (row.host_per_minute !== null) overrides.hostPerMinute = Number(row.host_per_minute)
  if (row.general_per_minute !== null) overrides.generalPerMinute = Number(row.general_per_minute)
  if (row.max_in_flight !== null) overrides.maxInFlight = Number(row.max_in_flight)
  return overrides
}

export function createAccountLimitsRepository(db: Database) {
  async function find(accountId: string): Promise<LimitOverrides | undefined> {
    const row = await db
      .selectFrom('account_limits')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return row === undefined ? undefined : overridesOf(row)
  }

  /** The overrides of each account that has any, in one statement. */
  async function findMany(accountIds: readonly string[]): Promise<Map<string, LimitOverrides>> {
    if (accountIds.length === 0) return new Map()
    const rows = await db
      .selectFrom('account_limits')
      .selectAll()
      .where('account_id', 'in', accountIds)
      .execute()
    return new Map(rows.map((row) => [row.account_id, overridesOf(row)]))
  }

  /** Replaces the account's overrides; nothing left to override deletes the row. */
  async function save(accountId: string, overrides: LimitOverrides, now: number): Promise<void> {
    const values = {
      fetch_per_minute: overrides.fetchPerMinute ?? null,
      host_per_minute: overrides.hostPerMinute ?? null,
      general_per_minute: overrides.generalPerMinute ?? null,
      max_in_flight: overrides.maxInFlight ?? null,
      updated_at: now,
    }
    if (Object.values(overrides).every((value) => value === undefined)) {
      await db.deleteFrom('account_limits').where('account_id', '=', accountId).execute()
      return
    }
    await db
      .insertInto('account_limits')
      .values({ account_id: accountId, ...values })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
      .execute()
  }

  return { find, findMany, save }
}

export type AccountLimitsRepository = ReturnType<typeof createAccountLimitsRepository>
