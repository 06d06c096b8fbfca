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
    let next: (() => void) | undefined
    const warnings: unknown[] = []
    const purge = createAccountPurge({
      repo: {
        purge: async () => {
          runs.push(runs.length === 0 ? 'failing' : 'ok')
          next?.()
          if (runs.length === 1) throw new Error('database went away')
          return { tokens: 0, accounts: 0 }
        },
      },
      attempts: { prune: async () => undefined },
      clock,
      log: { info: () => undefined, warn: (fields: unknown) => void warnings.push(fields) },
      policy: { ...defaultPurgePolicy, intervalMs: 1 },
    })
    const secondRun = new Promise<void>((resolve) => (next = () => runs.length >= 2 && resolve()))
    // The purge's timer is unref'd on purpose; this one keeps the test's process alive until the second run.
    const keepAlive = setTimeout(() => undefined, 10_000)
    purge.start()
    await secondRun
    clearTimeout(keepAlive)
    await purge.stop()
    assert.deepEqual(runs.slice(0, 2), ['failing', 'ok'])
    assert.equal(warnings.length, 1)
    const after = runs.length
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(runs.length, after, 'stopped: no further run')
  })
})
