/** Every SQL statement of usage alerts: the claim of one alert, and the account's setting. */
import type { Database } from '../../infra/database/database.ts'

export type AlertClaim = { accountId: string; period: string; kind: string; threshold: number }

export function createAlertRepository(db: Database) {
  /**
   * True for exactly one caller per (account, period, kind, threshold), whichever gateway it runs on:
   * the primary key refuses every later insert, which does nothing.
   */
  async function claim(alert: AlertClaim, now: number): Promise<boolean> {
    const result = await db
      .insertInto('usage_alerts')
      .values({
        account_id: alert.accountId,
        period: alert.period,
        kind: alert.kind,
        threshold: alert.threshold,
        sent_at: now,
      })
      .onConflict((conflict) => conflict.columns(['account_id', 'period', 'kind', 'threshold']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
  }

  /** A claim whose mail could not be handed over is given back, so a later check sends it. */
  async function release(alert: AlertClaim): Promise<void> {
    await db
      .deleteFrom('usage_alerts')
      .where('account_id', '=', alert.accountId)
      .where('period', '=', alert.period)
      .where('kind', '=', alert.kind)
      .where('threshold', '=', alert.threshold)
      .execute()
  }

  async function enabled(accountId: string): Promise<boolean> {
    const row = await db
      .selectFrom('alert_settings')
      .select('usage_alerts')
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    return row === undefined || Number(row.usage_alerts) !== 0
  }

  /** The accounts among `accountIds` that have alerts on (the default), in one statement. */
  async function enabledAmong(accountIds: readonly string[]): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set()
    const off = await db
      .selectFrom('alert_settings')
      .select('account_id')
      .where('account_id', 'in', accountIds)
      .where('usage_alerts', '=', 0)
      .execute()
    const disabled = new Set(off.map((row) => row.account_id))
    return new Set(accountIds.filter((accountId) => !disabled.has(accountId)))
  }

  async function setEnabled(accountId: string, on: boolean): Promise<void> {
    await db
      .insertInto('alert_settings')
      .values({ account_id: accountId, usage_alerts: on ? 1 : 0 })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ usage_alerts: on ? 1 : 0 }))
      .execute()
  }

  return { claim, release, enabled, enabledAmong, setEnabled }
}

export type AlertRepository = ReturnType<typeof createAlertRepository>
