import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { openTestDatabase } from '../../../test/helpers/account-gateway.ts'
import { attemptKey } from '../throttles/attempt-store.ts'
import { createAttemptRepository } from '../throttles/attempt-repository.ts'
import { createAccountPurge, defaultPurgePolicy } from './account-purge.ts'
import { createAccountRepository, type AccountRow } from './account-repository.ts'

const day = 86_400_000
const quiet = { info: () => undefined, warn: () => undefined }

function row(id: string, createdAt: number, verifiedAt: number | null = null): AccountRow {
  return {
    id,
    email: `${id}@example.com`,
    email_key: `${id}@example.com`,
    password_hash: 'hash',
    plan: 'trial',
    email_verified_at: verifiedAt,
    created_at: createdAt,
    updated_at: createdAt,
  }
}

describe('the scheduled purge', () => {
  it('deletes sign-ups unconfirmed after 7 days, dead links and day-old throttle events, and nothing else', async (t) => {
    const database = await openTestDatabase()
    t.after(database.close)
    const clock = manualClock()
    const repo = createAccountRepository(database.db)
    const attempts = createAttemptRepository(database.db)
    const purge = createAccountPurge({ repo, attempts, clock, log: quiet })
    const start = clock.now()
    await repo.insert(row('acct_stale', start))
    await repo.insert(row('acct_confirmed', start, start + 1))
    await repo.insertToken({
      digest: 'd'.repeat(64),
      account_id: 'acct_stale',
      purpose: 'verify_email',
      password_hash: 'hash',
      created_at: start,
      expires_at: start + day,
    })
    await attempts.add(attemptKey('anonymous address', '192.0.2.1'), start)

    clock.advance(6 * day)
    assert.deepEqual(await purge.runOnce(), { tokens: 1, accounts: 0 }, 'six days: only the expired link')
    await repo.insert(row('acct_young', clock.now()))
    clock.advance(day + 1)
    assert.deepEqual(await purge.runOnce(), { tokens: 0, accounts: 1 })
    const ids = await database.db.selectFrom('accounts').select('id').orderBy('id').execute()
    assert.deepEqual(
      ids.map((account) => account.id),
      ['acct_confirmed', 'acct_young'],
    )
    assert.equal((await database.db.selectFrom('attempts').selectAll().execute()).length, 0)
  })

  it('runs at start and then every interval; a failed run is logged and the next one still comes', async () => {
    const clock = manualClock()
    const runs: string[] = []
    const warnings: unknown[] = []
    // The schedule is stepped by hand: no real timer, so nothing depends on how busy the machine is.
    const scheduled: { run: () => void; intervalMs: number; cancelled: boolean }[] = []
    const purge = createAccountPurge({
      repo: {
        purge: async () => {
          runs.push(runs.length === 0 ? 'failing' : 'ok')
          if (runs.length === 1) throw new Error('database went away')
          return { tokens: 0, accounts: 0 }
        },
      },
      attempts: { prune: async () => undefined },
      clock,
      log: { info: () => undefined, warn: (fields: unknown) => void warnings.push(fields) },
      repeat: (run, intervalMs) => {
        const entry = { run, intervalMs, cancelled: false }
        scheduled.push(entry)
        return () => (entry.cancelled = true)
      },
    })
    purge.start()
    purge.start()
    assert.equal(scheduled.length, 1, 'started once')
    const [schedule] = scheduled
    assert.equal(schedule!.intervalMs, defaultPurgePolicy.intervalMs)
    await purge.settled()
    assert.deepEqual(runs, ['failing'], 'one run at start')
    assert.equal(warnings.length, 1)

    schedule!.run()
    schedule!.run()
    await purge.settled()
    assert.deepEqual(runs, ['failing', 'ok'], 'the next interval runs again; a tick during a run is skipped')
    assert.equal(warnings.length, 1)

    await purge.stop()
    assert.equal(schedule!.cancelled, true, 'stopped: no further run')
  })

  it('waits in stop() for a run in progress', async () => {
    let finish: () => void = () => undefined
    const finished: string[] = []
    const purge = createAccountPurge({
      repo: {
        purge: async () => {
          await new Promise<void>((resolve) => (finish = resolve))
          finished.push('purge')
          return { tokens: 0, accounts: 0 }
        },
      },
      attempts: { prune: async () => void finished.push('prune') },
      clock: manualClock(),
      log: quiet,
      repeat: () => () => undefined,
    })
    purge.start()
    const stopped = purge.stop().then(() => finished.push('stopped'))
    finish()
    await stopped
    assert.deepEqual(finished, ['purge', 'prune', 'stopped'])
  })
})
