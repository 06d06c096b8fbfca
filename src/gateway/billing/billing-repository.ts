/**
 * Every SQL statement of billing: the account's plan and cap, plan changes, and sums over the daily
 * usage rows metering writes (`usage_daily`, counts only: DESIGN 7). Days are `YYYY-MM-DD` text, which
 * sorts like the dates it names on both engines.
 */
import type { Database } from '../../infra/database/database.ts'
import { newId } from '../../shared/ids.ts'
import { settleUsage } from '../metering/usage-repository.ts'

export type AccountBillingRow = {
  id: string
  email: string
  plan: string
  email_verified_at: number | null
  created_at: number
  cap_cents: number | null
}

export type PlanChangeRow = {
  account_id: string
  from_plan: string
  to_plan: string
  changed_at: number
}

export type DayRow = { day: string; requests: number; bytes: number }

export function createBillingRepository(db: Database) {
  const accountColumns = [
    'accounts.id',
    'accounts.email',
    'accounts.plan',
    'accounts.email_verified_at',
    'accounts.created_at',
    'spend_caps.cap_cents',
  ] as const

  async function findAccount(accountId: string): Promise<AccountBillingRow | undefined> {
    return (await findAccounts([accountId])).get(accountId)
  }

  /** Each of the accounts that exists, in one statement. */
  async function findAccounts(accountIds: readonly string[]): Promise<Map<string, AccountBillingRow>> {
    if (accountIds.length === 0) return new Map()
    const rows = await db
      .selectFrom('accounts')
      .leftJoin('spend_caps', 'spend_caps.account_id', 'accounts.id')
      .select(accountColumns)
      .where('accounts.id', 'in', accountIds)
      .execute()
    return new Map(rows.map((row) => [row.id, normalise(row)]))
  }

  /** Every account that existed before `before`, oldest first: one statement line each. */
  async function accountsCreatedBefore(before: number): Promise<AccountBillingRow[]> {
    const rows = await db
      .selectFrom('accounts')
      .leftJoin('spend_caps', 'spend_caps.account_id', 'accounts.id')
      .select(accountColumns)
      .where('accounts.created_at', '<', before)
      .orderBy('accounts.created_at')
      .orderBy('accounts.id')
      .execute()
    return rows.map(normalise)
  }

  // PostgreSQL answers bigint columns as strings.
  function normalise(row: AccountBillingRow): AccountBillingRow {
    return {
      ...row,
      email_verified_at: row.email_verified_at === null ? null : Number(row.email_verified_at),
      created_at: Number(row.created_at),
      cap_cents: row.cap_cents === null ? null : Number(row.cap_cents),
    }
  }

  async function setSpendCap(accountId: string, capCents: number | null, now: number): Promise<void> {
    if (capCents === null) {
      await db.deleteFrom('spend_caps').where('account_id', '=', accountId).execute()
      return
    }
    await db
      .insertInto('spend_caps')
      .values({ account_id: accountId, cap_cents: capCents, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('account_id').doUpdateSet({ cap_cents: capCents, updated_at: now }),
      )
      .execute()
  }

  /**
   * Moves the account from `fromPlan` to `toPlan` and records the change, together. False when the
   * account is no longer on `fromPlan` (another operator got there first): nothing is written.
   */
  async function changePlan(
    accountId: string,
    fromPlan: string,
    toPlan: string,
    now: number,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('accounts')
        .set({ plan: toPlan, updated_at: now })
        .where('id', '=', accountId)
        .where('plan', '=', fromPlan)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) !== 1) return false
      await trx
        .insertInto('plan_changes')
        .values({
          id: newId('pchg'),
          account_id: accountId,
          from_plan: fromPlan,
          to_plan: toPlan,
          changed_at: now,
        })
        .execute()
      return true
    })
  }

  /** The account's plan changes, oldest first. */
  async function planChanges(accountId: string): Promise<PlanChangeRow[]> {
    return (await planChangesOf([accountId])).get(accountId) ?? []
  }

  /** The plan changes of each account that has any, oldest first, in one statement. */
  async function planChangesOf(accountIds: readonly string[]): Promise<Map<string, PlanChangeRow[]>> {
    const changes = new Map<string, PlanChangeRow[]>()
    if (accountIds.length === 0) return changes
    const rows = await db
      .selectFrom('plan_changes')
      .select(['account_id', 'from_plan', 'to_plan', 'changed_at'])
      .where('account_id', 'in', accountIds)
      .orderBy('changed_at')
      .orderBy('id')
      .execute()
    for (const row of rows) {
      const change = { ...row, changed_at: Number(row.changed_at) }
      const own = changes.get(row.account_id)
      if (own === undefined) changes.set(row.account_id, [change])
      else own.push(change)
    }
    return changes
  }

  /** Every account's plan changes, oldest first (the monthly report). */
  async function allPlanChanges(): Promise<PlanChangeRow[]> {
    const rows = await db
      .selectFrom('plan_changes')
      .select(['account_id', 'from_plan', 'to_plan', 'changed_at'])
      .orderBy('changed_at')
      .orderBy('id')
      .execute()
    return rows.map((row) => ({ ...row, changed_at: Number(row.changed_at) }))
  }

  /** Requests written for the account from `firstDay` to `lastDay`, both included. */
  async function requestsBetween(accountId: string, firstDay: string, lastDay: string): Promise<number> {
    await settleUsage(db)
    const row = await db
      .selectFrom('usage_daily')
      .select((eb) => eb.fn.sum<number | string | null>('requests').as('requests'))
      .where('account_id', '=', accountId)
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .executeTakeFirst()
    return Number(row?.requests ?? 0)
  }

  /**
   * Requests written for each account from its own first day (`firstDays`) to `lastDay`, both included, in
   * one statement; an account without rows has none in the answer.
   */
  async function requestsFrom(
    firstDays: ReadonlyMap<string, string>,
    lastDay: string,
  ): Promise<Map<string, number>> {
    if (firstDays.size === 0) return new Map()
    // Accounts that share a first day (a month's, or a trial begun the same day) share one condition.
    const byFirstDay = new Map<string, string[]>()
    for (const [accountId, firstDay] of firstDays) {
      const accounts = byFirstDay.get(firstDay)
      if (accounts === undefined) byFirstDay.set(firstDay, [accountId])
      else accounts.push(accountId)
    }
    await settleUsage(db)
    const rows = await db
      .selectFrom('usage_daily')
      .select(['account_id', (eb) => eb.fn.sum<number | string>('requests').as('requests')])
      .where((eb) =>
        eb.or(
          [...byFirstDay].map(([firstDay, accountIds]) =>
            eb.and([eb('day', '>=', firstDay), eb('account_id', 'in', accountIds)]),
          ),
        ),
      )
      .where('day', '<=', lastDay)
      .groupBy('account_id')
      .execute()
    return new Map(rows.map((row) => [row.account_id, Number(row.requests)]))
  }

  /** The account's daily rows from `firstDay` to `lastDay`, both included; days without usage have none. */
  async function daysBetween(accountId: string, firstDay: string, lastDay: string): Promise<DayRow[]> {
    return (await daysOf([accountId], firstDay, lastDay)).get(accountId) ?? []
  }

  /** `daysBetween` of each account that has rows, in one statement. */
  async function daysOf(
    accountIds: readonly string[],
    firstDay: string,
    lastDay: string,
  ): Promise<Map<string, DayRow[]>> {
    const days = new Map<string, DayRow[]>()
    if (accountIds.length === 0) return days
    await settleUsage(db)
    const rows = await db
      .selectFrom('usage_daily')
      .select(['account_id', 'day', 'requests', 'bytes'])
      .where('account_id', 'in', accountIds)
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .orderBy('account_id')
      .orderBy('day')
      .execute()
    for (const row of rows) {
      const day = { day: row.day, requests: Number(row.requests), bytes: Number(row.bytes) }
      const own = days.get(row.account_id)
      if (own === undefined) days.set(row.account_id, [day])
      else own.push(day)
    }
    return days
  }

  /** Requests per account from `firstDay` to `lastDay`, both included (the monthly report). */
  async function requestsByAccount(firstDay: string, lastDay: string): Promise<Map<string, number>> {
    await settleUsage(db)
    const rows = await db
      .selectFrom('usage_daily')
      .select(['account_id', (eb) => eb.fn.sum<number | string>('requests').as('requests')])
      .where('day', '>=', firstDay)
      .where('day', '<=', lastDay)
      .groupBy('account_id')
      .execute()
    return new Map(rows.map((row) => [row.account_id, Number(row.requests)]))
  }

  return {
    findAccount,
    findAccounts,
    accountsCreatedBefore,
    setSpendCap,
    changePlan,
    planChanges,
    planChangesOf,
    allPlanChanges,
    requestsBetween,
    requestsFrom,
    daysBetween,
    daysOf,
    requestsByAccount,
  }
}

export type BillingRepository = ReturnType<typeof createBillingRepository>
