/**
 * Usage alerts exactly once across gateways: two alert services, each over its own billing stack as a
 * gateway builds it, share one database (SQLite and PostgreSQL) and check the same account at the same
 * time; every threshold is mailed once, never twice, and never when the account turned alerts off.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createAccountRepository } from '../../../src/gateway/accounts/account-repository.ts'
import { createAlertRepository } from '../../../src/gateway/alerts/alert-repository.ts'
import { createUsageAlerts } from '../../../src/gateway/alerts/usage-alerts.ts'
import { createBackgroundTasks } from '../../../src/gateway/background-tasks.ts'
import { createBillingStack } from '../../../src/gateway/billing/billing-stack.ts'
import { createPlanCatalog } from '../../../src/gateway/billing/plans.ts'
import { createUsageRepository } from '../../../src/gateway/metering/usage-repository.ts'
import type { Database } from '../../../src/infra/database/database.ts'
import type { MailMessage } from '../../../src/infra/mail/mailer.ts'
import { forEachDialect } from '../../helpers/databases.ts'
import { manualClock } from '../../helpers/manual-clock.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

const now = Date.UTC(2026, 2, 20, 12)

function gateway(db: Database, mails: MailMessage[]) {
  const clock = manualClock(now)
  const usage = createUsageRepository(db)
  const billing = createBillingStack({
    db,
    clock,
    catalog: createPlanCatalog(),
    metering: {
      unwritten: () => ({ requests: 0, bytes: 0 }),
      requestsUsed: async (accountId) => usage.totalRequests(accountId),
    },
  })
  return createUsageAlerts({
    repo: createAlertRepository(db),
    billing: billing.billing,
    accounts: createAccountRepository(db),
    mailer: { send: async (message) => void mails.push(message) },
    clock,
    background: createBackgroundTasks({ error: () => undefined }),
    log: { warn: () => undefined },
    links: { base: () => 'http://sallyport.test' },
  })
}

function account(db: Database, id: string, plan = 'trial') {
  return insertAccount(db, id, { plan, created_at: Date.UTC(2026, 2, 10) })
}

forEachDialect((name, openDb) => {
  describe(`usage alerts across two gateways (${name})`, () => {
    it('80 % and 100 % of the trial are each mailed exactly once, whichever gateway checks', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_a')
      const mails: MailMessage[] = []
      const [one, two] = [gateway(db, mails), gateway(db, mails)]
      const usage = createUsageRepository(db)

      await usage.add('acct_a', '2026-03-20', 799, 1)
      assert.deepEqual(await Promise.all([one.check('acct_a'), two.check('acct_a')]), [0, 0])
      await usage.add('acct_a', '2026-03-20', 1, 1)
      const first = await Promise.all([one.check('acct_a'), two.check('acct_a'), one.check('acct_a')])
      assert.equal(
        first.reduce((a, b) => a + b, 0),
        1,
      )
      await usage.add('acct_a', '2026-03-20', 200, 1)
      const second = await Promise.all([two.check('acct_a'), one.check('acct_a')])
      assert.equal(
        second.reduce((a, b) => a + b, 0),
        1,
      )
      assert.deepEqual(
        mails.map((mail) => [mail.to, mail.subject]),
        [
          ['acct_a@example.com', 'Sallyport: 80 % of your requests used'],
          ['acct_a@example.com', 'Sallyport: 100 % of your requests used'],
        ],
      )
      assert.match(mails[1]!.text, /1,000 of 1,000 requests, 2026-03/)
    })

    it('a spending cap and a plan’s included requests alert on their own; an account that opted out gets none', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      await account(db, 'acct_paid', 'entry')
      await account(db, 'acct_quiet', 'entry')
      const mails: MailMessage[] = []
      const one = gateway(db, mails)
      const usage = createUsageRepository(db)
      // 26 USD: the 25 USD plan fee is 96 % of it.
      await db
        .insertInto('spend_caps')
        .values({ account_id: 'acct_paid', cap_cents: 2_600, updated_at: 1 })
        .execute()
      await usage.add('acct_paid', '2026-03-20', 50_000, 1)
      await usage.add('acct_quiet', '2026-03-20', 50_000, 1)
      await one.setEnabled('acct_quiet', false)
      await one.check('acct_paid')
      await one.check('acct_quiet')
      const subjects = mails.map((mail) => `${mail.to} ${mail.subject}`).sort()
      assert.ok(
        subjects.includes('acct_paid@example.com Sallyport: 100 % of your requests used'),
        subjects.join('\n'),
      )
      assert.ok(subjects.includes('acct_paid@example.com Sallyport: 80 % of your requests used'))
      assert.ok(subjects.includes('acct_paid@example.com Sallyport: 80 % of your spending cap used'))
      assert.ok(!subjects.includes('acct_paid@example.com Sallyport: 100 % of your spending cap used'))
      assert.ok(subjects.every((subject) => subject.startsWith('acct_paid')))
      assert.equal(await one.enabled('acct_quiet'), false)
      assert.equal(await one.enabled('acct_paid'), true)
    })

    it('looks at many accounts at once, each with its own alerts, none for one that opted out', async (t) => {
      const { db, close } = await openDb()
      t.after(close)
      const usage = createUsageRepository(db)
      await account(db, 'acct_trial')
      await account(db, 'acct_entry', 'entry')
      await account(db, 'acct_quiet', 'entry')
      await account(db, 'acct_idle', 'entry')
      await usage.add('acct_trial', '2026-03-19', 850, 1)
      await usage.add('acct_entry', '2026-03-20', 50_000, 1)
      await usage.add('acct_quiet', '2026-03-20', 50_000, 1)
      const mails: MailMessage[] = []
      const one = gateway(db, mails)
      await one.setEnabled('acct_quiet', false)
      await one.setEnabled('acct_idle', true)
      assert.equal(
        await one.checkMany(['acct_trial', 'acct_entry', 'acct_quiet', 'acct_idle', 'acct_gone']),
        3,
      )
      assert.deepEqual(mails.map((mail) => `${mail.to} ${mail.subject}`).sort(), [
        'acct_entry@example.com Sallyport: 100 % of your requests used',
        'acct_entry@example.com Sallyport: 80 % of your requests used',
        'acct_trial@example.com Sallyport: 80 % of your requests used',
      ])
      assert.equal(await one.checkMany(['acct_trial', 'acct_entry']), 0, 'each alert once')
    })
  })
})
