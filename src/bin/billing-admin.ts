/**
 * `sallyport admin set-plan` and `usage-report` (DESIGN 4, docs/billing.md). Like the account commands
 * they work on the database directly (migrating it first), beside a live gateway or before the first
 * start. Gateways see a new plan within their standing cache time (5 s).
 */
import { writeFile } from 'node:fs/promises'
import process from 'node:process'
import { ConfigError } from '../config/env-parsing.ts'
import { loadDatabaseConfig } from '../config/database-config.ts'
import { loadPlanOverrides } from '../config/limits-config.ts'
import { systemClock } from '../shared/clock.ts'
import type { AccountStack } from '../gateway/accounts/account-stack.ts'
import { createBillingStack, type BillingStack } from '../gateway/billing/billing-stack.ts'
import { displayUsd } from '../gateway/billing/money.ts'
import { withAdminAccounts } from './admin-accounts.ts'
import { parseMonth, periodOf } from '../gateway/billing/period.ts'
import { createPlanCatalog, describePlan, isPlanId, planIds } from '../gateway/billing/plans.ts'
import type { PlanId } from '../gateway/billing/standing.ts'
import { statementsCsv } from '../gateway/billing/statement-csv.ts'

function withBilling<T>(
  work: (stacks: { accounts: AccountStack; billing: BillingStack }) => Promise<T>,
): Promise<T> {
  const config = loadDatabaseConfig()
  // Before the database: a bad SALLYPORT_PLANS is reported without touching anything.
  const catalog = createPlanCatalog(loadPlanOverrides())
  return withAdminAccounts(config, (accounts, db) =>
    work({
      accounts,
      billing: createBillingStack({ db, metering: accounts.metering, clock: systemClock, catalog }),
    }),
  )
}

/** `--plan`'s value; an unknown one is named with the known ones. */
export function parsePlan(raw: string): PlanId {
  if (!isPlanId(raw)) throw new ConfigError(`unknown plan '${raw}'; one of ${planIds.join(', ')}`)
  return raw
}

/** `--month`'s value, YYYY-MM. */
export function parseMonthFlag(raw: string): string {
  if (parseMonth(raw) === undefined) throw new ConfigError(`'${raw}' is not a month; YYYY-MM, e.g. 2026-03`)
  return raw
}

export async function setPlan(values: { email: string; plan: PlanId }): Promise<void> {
  const email = values.email
  if (email.trim() === '') throw new ConfigError('set-plan needs --email ADDRESS')
  const planId = values.plan
  const lines = await withBilling(async ({ accounts, billing }) => {
    const account = await accounts.accounts.findByEmail(email)
    if (account === undefined) throw new ConfigError(`no account for ${email}`)
    const outcome = await billing.billing.setPlan(account.id, planId)
    const plan = billing.catalog.get(planId)
    const who = `account ${account.id} (${account.email})`
    if (!outcome.changed) return [`${who} is on the ${planId} plan already: nothing changed`]
    const month = periodOf(outcome.at).month
    const out = [
      `${who}: plan ${outcome.from} -> ${outcome.to} at ${new Date(outcome.at).toISOString()}`,
      `${plan.name}: ${describePlan(plan)}`,
    ]
    if (planId === 'trial') {
      out.push(
        `${month} is billed on the last paid plan the account had in it (if any); fetches now follow the ` +
          'trial: refused with trial_expired once 30 days have passed since e-mail verification',
      )
    } else {
      out.push(`${month} is billed on ${planId} for the whole month (fee, included requests and rate)`)
      if (outcome.capCents !== null && outcome.capCents < plan.monthlyFeeCents) {
        out.push(
          `warning: the account's spending cap (${displayUsd(outcome.capCents)}) is below the plan's fee: ` +
            'its fetches are refused with spend_cap_reached until the cap is raised or removed in the dashboard',
        )
      }
    }
    return out
  })
  for (const line of lines) console.log(line)
}

export async function usageReport(values: { month: string; out?: string }): Promise<void> {
  const period = parseMonth(values.month)
  if (period === undefined) throw new ConfigError(`'${values.month}' is not a month; YYYY-MM, e.g. 2026-03`)
  const statements = await withBilling(({ billing }) => billing.billing.statements(period))
  const csv = statementsCsv(period.month, statements)
  const total = statements.reduce((sum, statement) => sum + statement.charge.totalCents, 0)
  const summary =
    `${statements.length} statement${statements.length === 1 ? '' : 's'} for ${period.month}, ` +
    `${displayUsd(total)} in total`
  // Metering writes its tally every second: a month is complete a few seconds after it ends.
  const partial = Date.now() < period.end + 10_000 ? ' (the month is not over: figures so far)' : ''
  if (values.out === undefined) {
    process.stdout.write(csv)
    console.error(`${summary}${partial}`)
    return
  }
  await writeFile(values.out, csv, { mode: 0o600 })
  console.log(`wrote ${summary} to ${values.out}${partial}`)
}
