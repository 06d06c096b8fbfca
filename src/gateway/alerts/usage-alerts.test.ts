import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import type { AccountRow } from '../accounts/account-repository.ts'
import { createBackgroundTasks } from '../background-tasks.ts'
import type { UsageView } from '../billing/billing-service.ts'
import { periodOf } from '../billing/period.ts'
import type { AlertClaim } from './alert-repository.ts'
import { createUsageAlerts } from './usage-alerts.ts'

const now = Date.UTC(2026, 2, 20, 12)

/** An entry-plan month with `used` of its 50,000 included requests. */
function entryMonth(used: number): UsageView {
  return {
    period: periodOf(now),
    plan: 'entry',
    charge: {
      plan: 'entry',
      feeCents: 2_500,
      includedRequests: 50_000,
      usedRequests: used,
      overageRequests: 0,
      overageCents: 0,
      totalCents: 2_500,
    },
    bytes: 0,
    overageCentsPer1000: 50,
    capCents: null,
    trial: null,
    days: [],
  }
}

/** Alerts over fakes: what each batched read asked for, the claims made and the mails sent. */
function harness(
  used: Record<string, number>,
  options: { off?: string[]; failMailTo?: string; checkEveryMs?: number } = {},
) {
  const reads: string[][] = []
  const claims = new Set<string>()
  const mails: string[] = []
  const warnings: unknown[] = []
  const background = createBackgroundTasks({ error: () => undefined })
  const alerts = createUsageAlerts({
    repo: {
      claim: async (claim: AlertClaim) => {
        const key = `${claim.accountId} ${claim.kind} ${claim.threshold}`
        if (claims.has(key)) return false
        claims.add(key)
        return true
      },
      release: async (claim: AlertClaim) =>
        void claims.delete(`${claim.accountId} ${claim.kind} ${claim.threshold}`),
      enabled: async (accountId) => !(options.off ?? []).includes(accountId),
      enabledAmong: async (accountIds) =>
        new Set(accountIds.filter((accountId) => !(options.off ?? []).includes(accountId))),
      setEnabled: async () => undefined,
    },
    billing: {
      usagesOf: async (accountIds) => {
        reads.push([...accountIds])
        return new Map(accountIds.map((accountId) => [accountId, entryMonth(used[accountId] ?? 0)]))
      },
    },
    accounts: {
      findById: async (accountId) => ({ id: accountId, email: `${accountId}@example.com` }) as AccountRow,
    },
    mailer: {
      send: async (message) => {
        if (message.to === options.failMailTo) throw new Error('the mail relay is away')
        mails.push(`${message.to} ${message.subject}`)
      },
    },
    clock: manualClock(now),
    background,
    log: { warn: (fields: unknown) => void warnings.push(fields) },
    links: { base: () => 'http://sallyport.test' },
    checkEveryMs: options.checkEveryMs ?? 30_000,
    batchWindowMs: 20,
  })
  return { alerts, reads, mails, warnings, background }
}

describe('usage alerts', () => {
  it('look at the accounts falling due in one turn with one read, leaving out those that opted out', async () => {
    const { alerts, reads, mails, background } = harness(
      { acct_a: 40_000, acct_b: 10, acct_c: 50_000 },
      { off: ['acct_c'] },
    )
    for (const accountId of ['acct_a', 'acct_b', 'acct_c', 'acct_a']) alerts.schedule(accountId)
    await new Promise((resolve) => setImmediate(resolve))
    await background.drain()
    assert.deepEqual(reads, [['acct_a', 'acct_b']], 'one read, opted-out accounts not read at all')
    assert.deepEqual(mails, ['acct_a@example.com Sallyport: 80 % of your requests used'])
  })

  it('look again after checkEveryMs, the accounts falling due within the window together', async () => {
    const { alerts, reads, background } = harness({ acct_a: 10, acct_b: 10 }, { checkEveryMs: 30 })
    alerts.schedule('acct_a')
    alerts.schedule('acct_b')
    await new Promise((resolve) => setImmediate(resolve))
    await background.drain()
    alerts.schedule('acct_a')
    await sleep(5)
    alerts.schedule('acct_b')
    assert.deepEqual(reads, [['acct_a', 'acct_b']], 'the second looks wait for checkEveryMs')
    await sleep(80)
    await background.drain()
    assert.deepEqual(
      reads,
      [
        ['acct_a', 'acct_b'],
        ['acct_a', 'acct_b'],
      ],
      'and then go together',
    )
  })

  it("mail every other account's alerts when one account's mail cannot be handed over", async () => {
    const { alerts, mails, warnings } = harness(
      { acct_a: 50_000, acct_b: 50_000 },
      { failMailTo: 'acct_a@example.com' },
    )
    assert.equal(await alerts.checkMany(['acct_a', 'acct_b']), 2)
    assert.deepEqual(mails.sort(), [
      'acct_b@example.com Sallyport: 100 % of your requests used',
      'acct_b@example.com Sallyport: 80 % of your requests used',
    ])
    assert.equal(warnings.length, 1)
    await assert.rejects(alerts.check('acct_a'), /mail relay is away/, 'alone, the failure is the caller’s')
  })
})
