/**
 * The usage journal of a SQLite file (docs/adr/0026-usage-journal-for-sqlite.md): counts appended by one
 * process reach every reader of the daily rows, in any process; a journal left by a killed process is
 * replayed exactly once; what is not a whole line of ours is never applied.
 */
import assert from 'node:assert/strict'
import { appendFileSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import type { Logger } from 'pino'
import { createBillingRepository } from '../../../src/gateway/billing/billing-repository.ts'
import {
  createUsageRepository,
  settleUsage,
  UsageWriteFailed,
} from '../../../src/gateway/metering/usage-repository.ts'
import { databaseFileName, type Database } from '../../../src/infra/database/database.ts'
import { SQLite } from '../../../src/infra/database/sqlite-binding.ts'
import { insertAccount } from '../../helpers/account-rows.ts'
import { openers } from '../../helpers/databases.ts'

const day = '2026-03-02'

/** The daily rows as a program reading the file sees them, with no journal applied. */
function rowsInFile(dir: string): { account_id: string; requests: number }[] {
  const sqlite = new SQLite(join(dir, databaseFileName), { readonly: true })
  try {
    return sqlite.prepare('select account_id, requests from usage_daily order by account_id').all() as {
      account_id: string
      requests: number
    }[]
  } finally {
    sqlite.close()
  }
}

const journalDir = (dir: string) => join(dir, `${databaseFileName}-usage`)
const journalFiles = (dir: string) => {
  try {
    return readdirSync(journalDir(dir)).sort()
  } catch {
    return []
  }
}

/** A line as the journal writes it: one writer's writes of one account and day. */
function line(writer: string, accountId: string, writes: [number, number, number][]): string {
  return `${JSON.stringify({ w: writer, b: [[accountId, day, writes]] })}\n`
}

async function opened() {
  const test = await openers.sqlite()
  await insertAccount(test.db, 'acct_1')
  await insertAccount(test.db, 'acct_2')
  return test
}

async function requestsOf(db: Database, accountId: string): Promise<number> {
  return createBillingRepository(db).requestsBetween(accountId, day, day)
}

describe('usage journal (SQLite file)', () => {
  it('answers an append at once and moves it into the daily rows before anyone reads them', async (t) => {
    const { db, dir, close } = await opened()
    t.after(close)
    const usage = createUsageRepository(db)
    await usage.addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq: 1, requests: 3, bytes: 30 }] }])
    // Appended, not yet in the table.
    assert.deepEqual(rowsInFile(dir), [])
    assert.equal(journalFiles(dir).length, 1)
    // Any reader of the daily rows folds first: the usage repository and billing's.
    assert.equal(await requestsOf(db, 'acct_1'), 3)
    assert.deepEqual(rowsInFile(dir), [{ account_id: 'acct_1', requests: 3 }])
    // Every line in: the file is gone, and the next append starts another.
    assert.deepEqual(journalFiles(dir), [])
    await usage.addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq: 2, requests: 1, bytes: 1 }] }])
    assert.equal(await usage.totalRequests('acct_1'), 4)
  })

  it('shows a reader on another connection what this one appended, each count once', async (t) => {
    const { db, openPeer, close } = await opened()
    t.after(close)
    const usage = createUsageRepository(db)
    const peer = openPeer()
    const other = createUsageRepository(peer)
    for (let seq = 1; seq <= 20; seq++) {
      await usage.addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq, requests: 1, bytes: 2 }] }])
      await other.addOnce('gw-b', [{ accountId: 'acct_1', day, writes: [{ seq, requests: 1, bytes: 2 }] }])
      // The other connection reads, folding both journals: each count is there exactly once.
      assert.equal(await requestsOf(peer, 'acct_1'), 2 * seq)
    }
    // Folded again by both: nothing counts twice.
    await Promise.all([settleUsage(db), settleUsage(peer)])
    assert.deepEqual(await usage.days('acct_1'), [{ day, requests: 40, bytes: 80 }])
  })

  it('replays the journal a killed process left, once, and counts a write sent again once', async (t) => {
    const { db, dir, openPeer, close } = await opened()
    t.after(close)
    mkdirSync(journalDir(dir), { recursive: true })
    // A process that died after appending: its file, a write sent again, and part of a line it was writing.
    const file = join(journalDir(dir), 'gone-0000000001.journal')
    writeFileSync(file, line('gw-gone', 'acct_1', [[1, 2, 20]]))
    appendFileSync(
      file,
      line('gw-gone', 'acct_1', [
        [1, 2, 20],
        [2, 5, 50],
      ]),
    )
    appendFileSync(file, line('gw-gone', 'acct_1', [[3, 100, 100]]).slice(0, 20))
    const restarted = createUsageRepository(openPeer())
    await restarted.settle()
    assert.deepEqual(await usage(restarted), [{ day, requests: 7, bytes: 70 }])
    // Another process folds the same file: nothing more.
    await settleUsage(db)
    assert.deepEqual(await usage(restarted), [{ day, requests: 7, bytes: 70 }])
    // Young, it stays (its process might only be slow); old, whoever folds it deletes it.
    assert.deepEqual(journalFiles(dir), ['gone-0000000001.journal'])
    const old = new Date(Date.now() - 120_000)
    utimesSync(file, old, old)
    await settleUsage(db)
    assert.deepEqual(journalFiles(dir), [])
    assert.deepEqual(await usage(restarted), [{ day, requests: 7, bytes: 70 }])

    function usage(repo: typeof restarted) {
      return repo.days('acct_1')
    }
  })

  it('applies nothing after a line that is not one of ours, and keeps that file', async (t) => {
    const { db, dir, close } = await opened()
    t.after(close)
    mkdirSync(journalDir(dir), { recursive: true })
    const file = join(journalDir(dir), 'odd-0000000001.journal')
    writeFileSync(file, line('gw-odd', 'acct_1', [[1, 1, 1]]))
    appendFileSync(file, '{"w":"gw-odd","b":[["acct_1","2026-03-02",[[2,"x",1]]]]}\n')
    appendFileSync(file, line('gw-odd', 'acct_1', [[3, 4, 4]]))
    const old = new Date(Date.now() - 120_000)
    utimesSync(file, old, old)
    const logged: string[] = []
    const log = {
      warn: () => {},
      error: (_fields: unknown, message: string) => void logged.push(message),
    } as unknown as Pick<Logger, 'warn' | 'error'>
    const usage = createUsageRepository(db, { log })
    assert.equal(await usage.totalRequests('acct_1'), 1)
    assert.equal(await usage.totalRequests('acct_1'), 1)
    assert.equal(logged.length, 1, 'reported once')
    assert.match(logged[0]!, /not one of ours/)
    assert.deepEqual(journalFiles(dir), ['odd-0000000001.journal'])
  })

  it('drops the counts of an account deleted while they were in the journal', async (t) => {
    const { db, close } = await opened()
    t.after(close)
    const usage = createUsageRepository(db)
    await usage.addOnce('gw-a', [
      { accountId: 'acct_1', day, writes: [{ seq: 1, requests: 1, bytes: 1 }] },
      { accountId: 'acct_2', day, writes: [{ seq: 2, requests: 2, bytes: 2 }] },
    ])
    await db.deleteFrom('accounts').where('id', '=', 'acct_2').execute()
    assert.equal(await usage.totalRequests('acct_1'), 1)
    assert.equal(await usage.totalRequests('acct_2'), 0)
    await usage.addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq: 3, requests: 1, bytes: 1 }] }])
    assert.equal(await usage.totalRequests('acct_1'), 2)
  })

  it('refuses an append it could not make, as not written, and takes the next one', async (t) => {
    const { db, dir, close } = await opened()
    t.after(close)
    // Where the journal's directory goes, a file: no journal can be opened.
    writeFileSync(journalDir(dir), '')
    const usage = createUsageRepository(db)
    const failure = await usage
      .addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq: 1, requests: 1, bytes: 1 }] }])
      .then(
        () => assert.fail('the append should fail'),
        (error: unknown) => error,
      )
    assert.ok(failure instanceof UsageWriteFailed)
    assert.equal(failure.maybeWritten, false)
    assert.equal(await usage.totalRequests('acct_1'), 0)
    // The directory is back: the same counts go again under a new number.
    rmSync(journalDir(dir))
    await usage.addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq: 2, requests: 1, bytes: 1 }] }])
    assert.equal(await usage.totalRequests('acct_1'), 1)
  })

  it('leaves no file once closed with every count in', async (t) => {
    const { db, dir, close } = await opened()
    t.after(close)
    const usage = createUsageRepository(db)
    await usage.addOnce('gw-a', [{ accountId: 'acct_1', day, writes: [{ seq: 1, requests: 1, bytes: 1 }] }])
    await usage.close()
    assert.deepEqual(journalFiles(dir), [])
    assert.deepEqual(rowsInFile(dir), [{ account_id: 'acct_1', requests: 1 }])
  })
})
