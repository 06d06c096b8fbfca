/**
 * The StandingService the fetch path asks before every fetch (standing.ts): the trial's 30 days, and the
 * account's own spending cap on a paid plan. It runs on the hot path, so it answers from memory:
 *
 * - The account's plan, cap and trial end are cached per process for `cacheMs` (5 s). A plan set with
 *   `sallyport admin set-plan`, or a cap changed on another gateway, is seen within that time; a cap
 *   changed through this gateway is seen at once (`forget`). The trial's end is compared with `now` on
 *   every call, so expiry itself is exact to the millisecond. The accounts in use are read again before
 *   their time is up, in the background and together (batched-reads.ts): a fetch waits for the database
 *   only for an account this process has not seen for `cacheMs`.
 * - Only an account with a cap needs its month's usage: the rows metering has written (cached for
 *   `cacheMs`) plus what this gateway's metering has counted and not written yet (live).
 *
 * What that may miss (docs/billing.md): requests other gateways counted in their last second, rows
 * written after our cached sum was read, and fetches still running (metering counts a fetch when its
 * envelope is back). At the default limits that is at most about 20 in flight + 120/min × 6 s = 32
 * requests, 1.6 cents at the entry plan's rate: a cap may be passed by that much, never by more. Exact
 * enforcement under concurrency is not promised; the trial's exact 1,000 is the admission engine's.
 */
import { createBatchedReads } from '../../shared/batched-reads.ts'
import { AppError } from '../../shared/errors.ts'
import type { MeteringService } from '../metering/metering-service.ts'
import type { AccountBillingRow, BillingRepository } from './billing-repository.ts'
import { chargeFor } from './charges.ts'
import { displayUsd } from './money.ts'
import { dayMs, dayOf, parseMonth, periodOf } from './period.ts'
import { isPlanId, type Plan, type PlanCatalog } from './plans.ts'
import type { PlanId, Standing, StandingService } from './standing.ts'

export type StandingOptions = {
  repo: Pick<BillingRepository, 'findAccounts' | 'requestsFrom'>
  catalog: PlanCatalog
  usage: Pick<MeteringService, 'unwritten'>
  /** How long an account's plan, cap and written usage are reused. */
  cacheMs?: number
  /** Accounts kept in memory at most; the least recently read go first. */
  maxAccounts?: number
  /** How long a batch of background reads waits for more accounts (batched-reads.ts; default there). */
  refreshGatherMs?: number
}

type AccountStanding = {
  plan: Plan
  trialEndsAt: number
  capCents: number | null
  /** What admission gets while the account is in good standing; a trial's carries the ledger's count. */
  answer: Standing
}

// One frozen answer per plan: the hot path allocates nothing.
const answers = Object.fromEntries(
  (['trial', 'entry', 'growth', 'scale'] as const).map((plan) => [
    plan,
    Object.freeze({ plan, trialQuota: plan === 'trial' }),
  ]),
) as Record<PlanId, Standing>

export function createStandingService({
  repo,
  catalog,
  usage,
  cacheMs = 5_000,
  maxAccounts = 100_000,
  refreshGatherMs,
}: StandingOptions) {
  const trialDays = catalog.get('trial').trialDays ?? 30

  // The accounts in use are read again together, one statement for all (batched-reads.ts), so a fetch
  // waits for the database only for an account it has not seen for `cacheMs`.
  const accounts = createBatchedReads<AccountStanding>({
    read: async (accountIds, now) => {
      const rows = await repo.findAccounts(accountIds)
      const trialStarts = new Map<string, string>()
      for (const row of rows.values()) {
        if (row.plan === 'trial') trialStarts.set(row.id, dayOf(row.email_verified_at ?? row.created_at))
      }
      // The ledger's count is the floor of the trial counter (standing.ts `trialUsed`): every row is a
      // billable request the counter has admitted, whether or not the counter itself survived.
      const trialUsed = await repo.requestsFrom(trialStarts, dayOf(now))
      return new Map(
        accountIds.map((accountId) => [accountId, standingOf(accountId, rows.get(accountId), trialUsed)]),
      )
    },
    ttlMs: cacheMs,
    maxEntries: maxAccounts,
    refreshGatherMs,
  })

  function standingOf(
    accountId: string,
    row: AccountBillingRow | undefined,
    trialUsed: ReadonlyMap<string, number>,
  ): AccountStanding | Error {
    // A key's account always exists (keys are deleted with it): a missing row is a bug, not a refusal.
    if (row === undefined) return new Error(`no account ${accountId} behind an authenticated key`)
    if (!isPlanId(row.plan)) return new Error(`account ${accountId} has an unknown plan`)
    const answer =
      row.plan === 'trial'
        ? Object.freeze({
            plan: 'trial' as const,
            trialQuota: true,
            trialUsed: trialUsed.get(accountId) ?? 0,
          })
        : answers[row.plan]
    return {
      plan: catalog.get(row.plan),
      trialEndsAt: (row.email_verified_at ?? row.created_at) + trialDays * dayMs,
      capCents: row.cap_cents,
      answer,
    }
  }

  // The month's written requests of each capped account, keyed `<month> <account>`: a read begun in one
  // month never answers for the next.
  const months = createBatchedReads<number>({
    read: async (keys) => {
      const byMonth = new Map<string, Map<string, string>>()
      for (const key of keys) {
        const [month, accountId] = key.split(' ') as [string, string]
        let firstDays = byMonth.get(month)
        if (firstDays === undefined) byMonth.set(month, (firstDays = new Map<string, string>()))
        firstDays.set(accountId, parseMonth(month)!.firstDay)
      }
      const written = new Map<string, number>()
      for (const [month, firstDays] of byMonth) {
        const requests = await repo.requestsFrom(firstDays, parseMonth(month)!.lastDay)
        for (const accountId of firstDays.keys())
          written.set(`${month} ${accountId}`, requests.get(accountId) ?? 0)
      }
      return written
    },
    ttlMs: cacheMs,
    maxEntries: maxAccounts,
    refreshGatherMs,
  })

  // The period and the day names, recomputed only when `now` leaves them: no Date on the hot path.
  let period = periodOf(0)
  let dayStart = 0
  let today = dayOf(0)
  let yesterday = dayOf(-dayMs)
  function clockAt(now: number): void {
    if (now < period.start || now >= period.end) period = periodOf(now)
    if (now < dayStart || now >= dayStart + dayMs) {
      dayStart = now - (now % dayMs)
      today = dayOf(dayStart)
      yesterday = dayOf(dayStart - dayMs)
    }
  }

  /** This month's billable requests: the written rows (cached) plus this gateway's unwritten tally. */
  async function monthRequests(accountId: string, now: number): Promise<number> {
    clockAt(now)
    const found = months.get(`${period.month} ${accountId}`, now)
    const written = found instanceof Promise ? await found : found
    clockAt(now)
    // Metering writes every second, so only today's and (just after midnight) yesterday's tally can be unwritten.
    let requests = written + usage.unwritten(accountId, today).requests
    if (yesterday >= period.firstDay) requests += usage.unwritten(accountId, yesterday).requests
    return requests
  }

  function standingFor(accountId: string, now: number): Standing | Promise<Standing> {
    const found = accounts.get(accountId, now)
    if (found instanceof Promise) return found.then((standing) => decide(standing, accountId, now))
    return decide(found, accountId, now)
  }

  /** The answer for an account's known standing: at once, unless its spending cap needs the month's count. */
  function decide(standing: AccountStanding, accountId: string, now: number): Standing | Promise<Standing> {
    const { plan } = standing
    if (plan.id === 'trial') {
      if (now >= standing.trialEndsAt) {
        // A refusal is a rejection, never a throw (standing.ts).
        return Promise.reject(
          new AppError(
            'trial_expired',
            `The 30-day trial ended on ${new Date(standing.trialEndsAt).toISOString()}. Moving to a paid plan ` +
              'starts with an e-mail to our billing contact: see /dashboard/account.',
          ),
        )
      }
      return standing.answer
    }
    if (standing.capCents === null) return standing.answer
    return underCap(standing, accountId, now)
  }

  async function underCap(standing: AccountStanding, accountId: string, now: number): Promise<Standing> {
    const { plan, capCents } = standing
    const used = await monthRequests(accountId, now)
    // Refuse when one more billable request would take the month's charge past the cap.
    const next = used < plan.includedRequests ? plan.monthlyFeeCents : chargeFor(plan, used + 1).totalCents
    if (capCents !== null && next > capCents) {
      throw new AppError(
        'spend_cap_reached',
        `One more request would take this month's charge past the account's spending cap of ` +
          `${displayUsd(capCents)} (charged so far in ${periodOf(now).month}: ` +
          `${displayUsd(chargeFor(plan, used).totalCents)}). Raise or remove the cap at /dashboard/account; ` +
          'a new month starts on the 1st (UTC).',
      )
    }
    return standing.answer
  }

  /** Drops what is cached about the account: its cap or plan just changed through this process. */
  function forget(accountId: string): void {
    accounts.forget(accountId)
    // The month of the last call: the one the account's next calls ask for.
    months.forget(`${period.month} ${accountId}`)
  }

  return { standingFor, forget } satisfies StandingService & { forget(accountId: string): void }
}

export type StandingServiceImpl = ReturnType<typeof createStandingService>
