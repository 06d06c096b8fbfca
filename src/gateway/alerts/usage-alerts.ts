/**
 * Usage alerts by e-mail (docs/billing.md, "Usage alerts"). After a billed fetch the account's month is
 * looked at (at most once per `checkEveryMs` per account on this gateway, the last one always run; the
 * accounts falling due in one turn, or later within `batchWindowMs`, are looked at together, one statement
 * per kind), and
 * each threshold newly crossed is claimed with a row insert that only one gateway can win, then mailed
 * through the same mailer as verification. Each alert goes at most once per account, kind, threshold and
 * month; an account that turned alerts off gets none.
 */
import type { Logger } from 'pino'
import type { Mailer } from '../../infra/mail/mailer.ts'
import type { Clock } from '../../shared/clock.ts'
import type { AccountRepository } from '../accounts/account-repository.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import type { BillingService, UsageView } from '../billing/billing-service.ts'
import type { MeteredRequest, MeteringService } from '../metering/metering-service.ts'
import type { AlertRepository } from './alert-repository.ts'
import { usageAlertMail } from './usage-alert-mail.ts'
import { dueAlerts } from './usage-thresholds.ts'

export type UsageAlertDeps = {
  repo: AlertRepository
  billing: Pick<BillingService, 'usagesOf'>
  accounts: Pick<AccountRepository, 'findById'>
  mailer: Pick<Mailer, 'send'>
  clock: Clock
  background: BackgroundTasks
  log: Pick<Logger, 'warn'>
  links: { base(): string }
  checkEveryMs?: number
  /**
   * Checks falling due within this time go together, one statement per kind for all their accounts (a
   * first check goes with the others of its turn of the event loop).
   */
  batchWindowMs?: number
}

export function createUsageAlerts(deps: UsageAlertDeps) {
  const checkEveryMs = deps.checkEveryMs ?? 30_000
  const batchWindowMs = deps.batchWindowMs ?? 1_000
  const lastCheck = new Map<string, number>()
  const queued = new Set<string>()
  let due = new Set<string>()
  let batchTimer: NodeJS.Timeout | undefined
  let batchSoon: NodeJS.Immediate | undefined

  /** Claims and mails every alert now due for the accounts; answers how many mails this call sent. */
  async function checkMany(accountIds: readonly string[]): Promise<number> {
    const on = [...(await deps.repo.enabledAmong(accountIds))]
    if (on.length === 0) return 0
    const usages = await deps.billing.usagesOf(on)
    // Each account on its own: one whose mail cannot be handed over does not hold back the others'.
    const outcomes = await Promise.allSettled(
      [...usages].map(([accountId, usage]) => alertsFor(accountId, usage)),
    )
    const failure = outcomes.find((outcome) => outcome.status === 'rejected')
    if (failure !== undefined && accountIds.length === 1) throw failure.reason
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected')
        deps.log.warn({ err: outcome.reason, account_id: [...usages.keys()][i] }, 'usage alerts failed')
    }
    return outcomes.reduce((sum, outcome) => sum + (outcome.status === 'fulfilled' ? outcome.value : 0), 0)
  }

  /** Claims and mails every alert now due for the account; answers how many this call sent. */
  function check(accountId: string): Promise<number> {
    return checkMany([accountId])
  }

  async function alertsFor(accountId: string, usage: UsageView): Promise<number> {
    let sent = 0
    for (const alert of dueAlerts(usage)) {
      const claim = { accountId, period: usage.period.month, kind: alert.kind, threshold: alert.threshold }
      if (!(await deps.repo.claim(claim, deps.clock.now()))) continue
      const account = await deps.accounts.findById(accountId)
      if (account === undefined || account.email === '') continue
      try {
        await deps.mailer.send(usageAlertMail(account.email, alert, usage.period.month, deps.links.base()), {
          accountId,
          kind: `usage_alert_${alert.kind}_${alert.threshold}`,
        })
        sent += 1
      } catch (error) {
        // Not handed over: the claim goes back, so the next check tries again (from any gateway).
        await deps.repo.release(claim)
        throw error
      }
    }
    return sent
  }

  /** Checks every account that fell due in this turn or the last `batchWindowMs`, together. */
  function runDue(): void {
    if (batchTimer !== undefined) clearTimeout(batchTimer)
    if (batchSoon !== undefined) clearImmediate(batchSoon)
    batchTimer = batchSoon = undefined
    const accountIds = [...due]
    due = new Set()
    deps.background.run('usage alerts', () => checkMany(accountIds), { accounts: accountIds.length })
  }

  /** Asks for a check soon: at once, or when this account's last check is `checkEveryMs` old. */
  function schedule(accountId: string): void {
    if (queued.has(accountId)) return
    queued.add(accountId)
    const wait = Math.max(0, (lastCheck.get(accountId) ?? -Infinity) + checkEveryMs - deps.clock.now())
    const run = (soon: boolean) => {
      queued.delete(accountId)
      lastCheck.set(accountId, deps.clock.now())
      due.add(accountId)
      // A first look goes at the end of this turn, with the others of the turn; the later ones, which fall
      // due every `checkEveryMs` at each account's own moment, wait up to `batchWindowMs` for company.
      if (soon) batchSoon ??= setImmediate(runDue)
      else if (batchSoon === undefined) batchTimer ??= setTimeout(runDue, batchWindowMs).unref()
    }
    if (wait === 0) run(true)
    else setTimeout(() => run(false), wait).unref()
  }

  /**
   * The metering service, with a check scheduled once each billed request is counted. The fetch still
   * waits for the count itself (metering commits before the envelope is delivered), never for the check.
   */
  function watch<M extends Pick<MeteringService, 'reserve'>>(metering: M): M {
    return {
      ...metering,
      reserve(accountId: string): MeteredRequest {
        const metered = metering.reserve(accountId)
        return {
          ...metered,
          bill(bytes) {
            metered.bill(bytes)
            schedule(accountId)
          },
        }
      },
    }
  }

  return {
    check,
    checkMany,
    schedule,
    watch,
    enabled: deps.repo.enabled,
    setEnabled: deps.repo.setEnabled,
  }
}

export type UsageAlerts = ReturnType<typeof createUsageAlerts>
