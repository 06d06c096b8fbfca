/**
 * Billing (docs/billing.md): the usage and charge of the current period, the account's spending cap,
 * moving an account between plans, and the monthly statements behind `sallyport admin usage-report`.
 * Money is integer cents throughout (money.ts); a period is a UTC calendar month (period.ts).
 */
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'
import type { MeteringService } from '../metering/metering-service.ts'
import type { AccountBillingRow, BillingRepository, DayRow, PlanChangeRow } from './billing-repository.ts'
import { billedPlan, chargeFor, type Charge, type PlanChange } from './charges.ts'
import { displayUsd, parseUsd } from './money.ts'
import { dayMs, dayOf, daysFrom, periodOf, type Period } from './period.ts'
import { isPlanId, type PlanCatalog } from './plans.ts'
import type { PlanId } from './standing.ts'

/** The highest cap an account may set: far above any real month, and a guard against a slipped digit. */
export const maxCapCents = 100_000_000 // 1,000,000.00 USD

export type TrialStatus = {
  endsAt: number
  daysLeft: number
  requestsUsed: number
  requestsLeft: number
  requestsIncluded: number
}

export type UsageView = {
  period: Period
  /** The plan the account is on now. */
  plan: PlanId
  charge: Charge
  bytes: number
  overageCentsPer1000: number | null
  capCents: number | null
  trial: TrialStatus | null
  /** Every day of the period up to today (UTC), zeros included. */
  days: DayRow[]
}

export type Statement = { accountId: string; email: string; charge: Charge }

type Deps = {
  repo: BillingRepository
  catalog: PlanCatalog
  usage: Pick<MeteringService, 'unwritten' | 'requestsUsed'>
  clock: Clock
  /** Told when an account's plan or cap changes, so the standing cache forgets it. */
  onChange?: (accountId: string) => void
}

function toPlanChanges(rows: readonly PlanChangeRow[]): PlanChange[] {
  return rows.flatMap((row) =>
    isPlanId(row.from_plan) && isPlanId(row.to_plan)
      ? [{ changedAt: row.changed_at, fromPlan: row.from_plan, toPlan: row.to_plan }]
      : [],
  )
}

function planOf(row: AccountBillingRow): PlanId {
  if (!isPlanId(row.plan)) throw new Error(`account ${row.id} has an unknown plan`)
  return row.plan
}

export function createBillingService({ repo, catalog, usage, clock, onChange }: Deps) {
  const trialPlan = catalog.get('trial')

  async function accountRow(accountId: string): Promise<AccountBillingRow> {
    const row = await repo.findAccount(accountId)
    if (row === undefined) throw new AppError('session_required', 'Sign in again.')
    return row
  }

  /** The written daily rows from firstDay to lastDay plus this gateway's unwritten tally, zeros filled in. */
  async function dailyUsage(accountId: string, firstDay: string, lastDay: string): Promise<DayRow[]> {
    return withUnwritten(accountId, firstDay, lastDay, await repo.daysBetween(accountId, firstDay, lastDay))
  }

  function withUnwritten(
    accountId: string,
    firstDay: string,
    lastDay: string,
    writtenDays: readonly DayRow[],
  ): DayRow[] {
    const written = new Map(writtenDays.map((row) => [row.day, row]))
    return daysFrom(firstDay, lastDay).map((day) => {
      const row = written.get(day)
      const pending = usage.unwritten(accountId, day)
      return {
        day,
        requests: (row?.requests ?? 0) + pending.requests,
        bytes: (row?.bytes ?? 0) + pending.bytes,
      }
    })
  }

  function trialStatus(row: AccountBillingRow, requestsUsed: number, now: number): TrialStatus {
    const endsAt = (row.email_verified_at ?? row.created_at) + (trialPlan.trialDays ?? 30) * dayMs
    return {
      endsAt,
      daysLeft: Math.max(0, Math.ceil((endsAt - now) / dayMs)),
      requestsUsed,
      requestsLeft: Math.max(0, trialPlan.includedRequests - requestsUsed),
      requestsIncluded: trialPlan.includedRequests,
    }
  }

  /** The view of one account's period from its rows: the written days, with this gateway's tally added. */
  function viewOf(
    row: AccountBillingRow,
    changes: readonly PlanChangeRow[],
    writtenDays: readonly DayRow[],
    trialUsed: number,
    now: number,
  ): UsageView {
    const period = periodOf(now)
    const plan = planOf(row)
    const days = withUnwritten(row.id, period.firstDay, dayOf(now), writtenDays)
    const billed = catalog.get(billedPlan(toPlanChanges(changes), plan, period))
    const used = days.reduce((sum, day) => sum + day.requests, 0)
    return {
      period,
      plan,
      charge: chargeFor(billed, used),
      bytes: days.reduce((sum, day) => sum + day.bytes, 0),
      overageCentsPer1000: billed.overageCentsPer1000,
      capCents: row.cap_cents,
      // The trial counts its 1,000 requests in total, not per month.
      trial: plan === 'trial' ? trialStatus(row, trialUsed, now) : null,
      days,
    }
  }

  /** GET /v2/usage: the current period so far. */
  async function usageOf(accountId: string): Promise<UsageView> {
    const now = clock.now()
    const period = periodOf(now)
    const row = await accountRow(accountId)
    const [changes, days] = await Promise.all([
      repo.planChanges(accountId),
      repo.daysBetween(accountId, period.firstDay, dayOf(now)),
    ])
    const trialUsed = row.plan === 'trial' ? await usage.requestsUsed(accountId) : 0
    return viewOf(row, changes, days, trialUsed, now)
  }

  /**
   * `usageOf` for many accounts with one statement per kind (usage alerts look at every account billed
   * lately); an account that no longer exists is left out. A trial's total is still read per account.
   */
  async function usagesOf(accountIds: readonly string[]): Promise<Map<string, UsageView>> {
    const now = clock.now()
    const period = periodOf(now)
    const rows = await repo.findAccounts(accountIds)
    const found = [...rows.keys()]
    const changes = await repo.planChangesOf(found)
    const days = await repo.daysOf(found, period.firstDay, dayOf(now))
    const views = new Map<string, UsageView>()
    for (const [accountId, row] of rows) {
      const trialUsed = row.plan === 'trial' ? await usage.requestsUsed(accountId) : 0
      views.set(
        accountId,
        viewOf(row, changes.get(accountId) ?? [], days.get(accountId) ?? [], trialUsed, now),
      )
    }
    return views
  }

  /** The last `count` UTC days, today included, for the dashboard's chart. */
  async function recentDays(accountId: string, count: number): Promise<DayRow[]> {
    const now = clock.now()
    return dailyUsage(accountId, dayOf(now - (count - 1) * dayMs), dayOf(now))
  }

  /**
   * PUT /v2/account/spend-cap. `"40.00"` sets a cap, null clears it. A cap below a paid plan's fee could
   * never be kept (the fee is owed whatever the usage), so it is refused rather than block every fetch.
   */
  async function setSpendCap(accountId: string, capUsd: string | null): Promise<number | null> {
    const row = await accountRow(accountId)
    let capCents: number | null = null
    if (capUsd !== null) {
      const text = capUsd.trim()
      if (text.startsWith('-')) throw new AppError('invalid_request', 'cap_usd must not be negative.')
      const parsed = parseUsd(text)
      if (parsed === undefined) {
        throw new AppError(
          'invalid_request',
          'cap_usd must be an amount in US dollars with at most 2 decimals, like 40.00.',
        )
      }
      if (parsed > maxCapCents) {
        throw new AppError('invalid_request', `cap_usd must be at most ${displayUsd(maxCapCents)}.`)
      }
      const plan = catalog.get(planOf(row))
      if (parsed < plan.monthlyFeeCents) {
        throw new AppError(
          'invalid_request',
          `cap_usd must be at least the ${plan.name} plan's monthly fee, ${displayUsd(plan.monthlyFeeCents)}: ` +
            'the fee is charged whatever the usage.',
        )
      }
      capCents = parsed
    }
    await repo.setSpendCap(accountId, capCents, clock.now())
    onChange?.(accountId)
    return capCents
  }

  /** `sallyport admin set-plan`: `changed` is false when the account was on that plan already. */
  async function setPlan(
    accountId: string,
    to: PlanId,
  ): Promise<{ from: PlanId; to: PlanId; changed: boolean; at: number; capCents: number | null }> {
    const row = await repo.findAccount(accountId)
    if (row === undefined) throw new AppError('not_found', `no account ${accountId}`)
    const from = planOf(row)
    const at = clock.now()
    if (from === to) return { from, to, changed: false, at, capCents: row.cap_cents }
    if (!(await repo.changePlan(accountId, from, to, at))) {
      throw new AppError(
        'invalid_request',
        `the plan of ${row.email} changed meanwhile; run the command again`,
      )
    }
    onChange?.(accountId)
    return { from, to, changed: true, at, capCents: row.cap_cents }
  }

  /** One statement per account that existed before the month ended, from the written daily rows. */
  async function statements(period: Period): Promise<Statement[]> {
    const [accounts, changes, requests] = await Promise.all([
      repo.accountsCreatedBefore(period.end),
      repo.allPlanChanges(),
      repo.requestsByAccount(period.firstDay, period.lastDay),
    ])
    const changesOf = new Map<string, PlanChangeRow[]>()
    for (const change of changes)
      changesOf.set(change.account_id, [...(changesOf.get(change.account_id) ?? []), change])
    return accounts.map((account) => {
      // The whole history: a move after the month tells which plan the account had during it.
      const history = toPlanChanges(changesOf.get(account.id) ?? [])
      const plan = catalog.get(billedPlan(history, planOf(account), period))
      return {
        accountId: account.id,
        email: account.email,
        charge: chargeFor(plan, requests.get(account.id) ?? 0),
      }
    })
  }

  return { usageOf, usagesOf, recentDays, setSpendCap, setPlan, statements }
}

export type BillingService = ReturnType<typeof createBillingService>
