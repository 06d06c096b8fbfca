/**
 * `sallyport admin set-plan` and `admin usage-report` as an operator runs them: child processes on a
 * fresh data dir, usage rows as metering writes them, and the statement CSV read back to the cent.
 */
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { periodOf } from '../../src/gateway/billing/period.ts'
import { createUsageRepository } from '../../src/gateway/metering/usage-repository.ts'
import { openDatabase } from '../../src/infra/database/database.ts'
import { runCliOnce } from '../helpers/cli.ts'

describe('sallyport admin set-plan and usage-report', () => {
  it(
    'moves accounts to entry and bills a month at 0, 50,000 and 73,456 requests to the cent',
    { timeout: 120_000 },
    async (t) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-billing-'))
      t.after(() => rm(dataDir, { recursive: true, force: true }))
      const env = { SALLYPORT_DATA_DIR: dataDir, SALLYPORT_LOG_LEVEL: 'warn' }
      const sallyport = (...args: string[]) => runCliOnce(args, env)

      assert.equal((await sallyport('migrate')).code, 0)
      const accounts = ['a0@example.com', 'a50k@example.com', 'a73k@example.com']
      for (const created of await Promise.all(
        accounts.map((email) => sallyport('admin', 'create-account', '--email', email)),
      )) {
        assert.equal(created.code, 0, created.output)
      }

      const moved = await sallyport('admin', 'set-plan', '--email', 'a73k@example.com', '--plan', 'entry')
      assert.equal(moved.code, 0, moved.output)
      assert.match(
        moved.output,
        /^account acct_\w+ \(a73k@example\.com\): plan trial -> entry at \d{4}-\d\d-\d\dT[\d:.]+Z$/m,
      )
      assert.match(
        moved.output,
        /^Entry: 25\.00 USD a month, 50,000 requests included, then 0\.50 USD per 1,000$/m,
      )
      assert.match(moved.output, /^\d{4}-\d\d is billed on entry for the whole month/m)
      for (const run of await Promise.all(
        ['a0@example.com', 'a50k@example.com'].map((email) =>
          sallyport('admin', 'set-plan', '--email', email, '--plan', 'entry'),
        ),
      )) {
        assert.equal(run.code, 0, run.output)
      }

      const [again, unknownPlan, unknownAccount, noPlan] = await Promise.all([
        sallyport('admin', 'set-plan', '--email', 'A73K@example.com', '--plan', 'entry'),
        sallyport('admin', 'set-plan', '--email', 'a0@example.com', '--plan', 'gold'),
        sallyport('admin', 'set-plan', '--email', 'nobody@example.com', '--plan', 'entry'),
        sallyport('admin', 'set-plan', '--email', 'a0@example.com'),
      ])
      assert.match(again.output, /\(a73k@example\.com\) is on the entry plan already: nothing changed/)
      assert.equal(again.code, 0)
      // The bad value is named, with the values allowed.
      assert.equal(unknownPlan.code, 2)
      assert.match(unknownPlan.output, /unknown plan 'gold'; one of trial, entry, growth, scale/)
      assert.equal(noPlan.code, 2)
      assert.match(noPlan.output, /required option '--plan <plan>' not specified/)
      assert.equal(unknownAccount.code, 2)
      assert.match(unknownAccount.output, /no account for nobody@example\.com/)

      // Usage as metering writes it: this month's rows, and a row of last month that must not count.
      const period = periodOf(Date.now())
      const db = openDatabase({ dataDir, databaseUrl: undefined })
      try {
        const ids = Object.fromEntries(
          (await db.selectFrom('accounts').select(['id', 'email']).execute()).map((row) => [
            row.email,
            row.id,
          ]),
        )
        const usage = createUsageRepository(db)
        await usage.add(ids['a50k@example.com']!, period.firstDay, 50_000, 1)
        await usage.add(ids['a73k@example.com']!, period.firstDay, 70_000, 1)
        await usage.add(ids['a73k@example.com']!, period.lastDay, 3_456, 1)
        await usage.add(ids['a73k@example.com']!, '2000-01-31', 1_000_000, 1)
        const changes = await db.selectFrom('plan_changes').selectAll().execute()
        assert.equal(changes.length, 3, 'one recorded change per move, none for the repeat')
      } finally {
        await db.destroy()
      }

      const out = join(dataDir, 'statements.csv')
      const report = await sallyport('admin', 'usage-report', '--month', period.month, '--out', out)
      assert.equal(report.code, 0, report.output)
      assert.match(
        report.output,
        new RegExp(`^wrote 3 statements for ${period.month}, 86\\.73 USD in total to `, 'm'),
      )
      assert.equal((await stat(out)).mode & 0o777, 0o600, 'statements hold e-mail addresses: owner only')
      const lines = (await readFile(out, 'utf8')).split('\r\n')
      assert.equal(
        lines[0],
        'month,account_id,email,plan,plan_fee_cents,plan_fee_usd,included_requests,used_requests,overage_requests,overage_cents,overage_usd,total_cents,total_usd',
      )
      const rows = Object.fromEntries(
        lines.slice(1, -1).map((line) => [line.split(',')[2], line.split(',').slice(3).join(',')]),
      )
      assert.deepEqual(rows, {
        'a0@example.com': 'entry,2500,25.00,50000,0,0,0,0.00,2500,25.00',
        'a50k@example.com': 'entry,2500,25.00,50000,50000,0,0,0.00,2500,25.00',
        'a73k@example.com': 'entry,2500,25.00,50000,73456,23456,1173,11.73,3673,36.73',
      })
      assert.equal(lines.at(-1), '', 'the file ends with CRLF')

      // Without --out the CSV goes to stdout; SALLYPORT_PLANS changes the prices it is computed with.
      const priced = await runCliOnce(['admin', 'usage-report', '--month', period.month], {
        ...env,
        SALLYPORT_PLANS: '{"entry":{"monthly_fee_usd":"29.00","overage_usd_per_1000":"0.45"}}',
      })
      assert.equal(priced.code, 0, priced.output)
      assert.match(
        priced.output,
        /,a73k@example\.com,entry,2900,29\.00,50000,73456,23456,1056,10\.56,3956,39\.56\r\n/,
      )

      const [badMonth, badPlans] = await Promise.all([
        sallyport('admin', 'usage-report', '--month', '2026-13'),
        runCliOnce(['admin', 'usage-report', '--month', period.month], {
          ...env,
          SALLYPORT_PLANS: '{"gold":{}}',
        }),
      ])
      assert.equal(badMonth.code, 2)
      assert.match(badMonth.output, /'2026-13' is not a month; YYYY-MM/)
      assert.equal(badPlans.code, 2)
      assert.match(badPlans.output, /SALLYPORT_PLANS: gold is not a plan/)
    },
  )
})
