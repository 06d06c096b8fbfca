import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { createUsageJournal, type JournalEntry } from './usage-journal.ts'

const day = '2026-03-02'

/**
 * A journal whose folds hand their entries to `applied`, one array per transaction, in a directory of its
 * own or, as another process's, in `dir`.
 */
function journalIn(
  t: { after: (fn: () => void) => void },
  {
    dir = mkdtempSync(join(tmpdir(), 'sallyport-journal-')),
    ...options
  }: {
    dir?: string
    abandonedAfterMs?: number
    linesKept?: number
  } = {},
) {
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const applied: JournalEntry[][] = []
  const journal = createUsageJournal({
    dir,
    apply: (entries) => void applied.push(structuredClone(entries) as JournalEntry[]),
    exclusive: async (task) => task(),
    isGone: () => false,
    ...options,
  })
  return { dir, journal, applied }
}

const write = (seq: number, requests = 1) => ({ seq, requests, bytes: requests * 10 })

test('a fold hands over every line once, each number of a writer once and in order', async (t) => {
  const { dir, journal, applied } = journalIn(t)
  journal.append('gw-a', [{ accountId: 'acct_"1"', day, writes: [write(1)] }])
  // Sent again after a failure, with a new write: the number it carries again counts once.
  journal.append('gw-a', [{ accountId: 'acct_"1"', day, writes: [write(1), write(2, 3)] }])
  journal.append('gw-b', [{ accountId: 'acct_2', day, writes: [write(7)] }])
  await journal.fold()
  assert.deepEqual(applied, [
    [
      { writer: 'gw-a', batches: [{ accountId: 'acct_"1"', day, writes: [write(1), write(2, 3)] }] },
      { writer: 'gw-b', batches: [{ accountId: 'acct_2', day, writes: [write(7)] }] },
    ],
  ])
  // All in: the file is gone, and a fold with nothing new applies nothing.
  assert.deepEqual(readdirSync(dir), [])
  await journal.fold()
  assert.equal(applied.length, 1)
  await journal.close()
})

test('lines appended to a file another process deleted are applied, and the next go to a new file', async (t) => {
  // Every file counts as abandoned at once, so ours is looked at before each append.
  const { dir, journal, applied } = journalIn(t, { abandonedAfterMs: 0 })
  journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(1)] }])
  const [first] = readdirSync(dir)
  unlinkSync(join(dir, first!))
  journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(2)] }])
  const files = readdirSync(dir)
  assert.equal(files.length, 1)
  assert.notEqual(files[0], first)
  await journal.fold()
  assert.deepEqual(applied, [
    [{ writer: 'gw-a', batches: [{ accountId: 'acct_1', day, writes: [write(1), write(2)] }] }],
  ])
  assert.deepEqual(readdirSync(dir), [])
  await journal.close()
})

test('a fold that fails applies nothing and leaves every line for the next', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sallyport-journal-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  let refuse = true
  const applied: JournalEntry[][] = []
  const journal = createUsageJournal({
    dir,
    apply: (entries) => {
      if (refuse) throw new Error('database is locked')
      applied.push(structuredClone(entries) as JournalEntry[])
    },
    exclusive: async (task) => task(),
    isGone: () => false,
  })
  journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(1)] }])
  await assert.rejects(journal.fold(), /database is locked/)
  assert.equal(readdirSync(dir).length, 1)
  refuse = false
  journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(2)] }])
  await journal.fold()
  assert.deepEqual(applied, [
    [{ writer: 'gw-a', batches: [{ accountId: 'acct_1', day, writes: [write(1), write(2)] }] }],
  ])
  await journal.close()
  assert.throws(
    () => journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(3)] }]),
    (error: Error) => error.name === 'UsageWriteFailed' && /closed/.test(String(error.cause)),
  )
})

test("a fold applies this process's lines as they were appended, as another process reads them", async (t) => {
  const { dir, journal, applied } = journalIn(t)
  const writes = [write(1, 2)]
  const batches = [{ accountId: 'acct_"ü"', day, writes }]
  journal.append('gw-a', batches)
  // What the caller does with its counts afterwards changes nothing appended.
  writes[0]!.requests = 99
  writes.push(write(2))
  batches.push({ accountId: 'acct_other', day, writes: [write(3)] })
  const appended = [{ writer: 'gw-a', batches: [{ accountId: 'acct_"ü"', day, writes: [write(1, 2)] }] }]
  // Another process on the same files reads the same line from the file.
  const { journal: reader, applied: other } = journalIn(t, { dir })
  await reader.fold()
  await journal.fold()
  assert.deepEqual(other, [appended])
  assert.deepEqual(applied, [appended])
  assert.deepEqual(readdirSync(dir), [])
  await reader.close()
  await journal.close()
})

test('lines past those kept in memory are read from the file, in order, each once', async (t) => {
  const { dir, journal, applied } = journalIn(t, { linesKept: 2 })
  journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(1)] }])
  await journal.fold()
  for (let seq = 2; seq <= 5; seq++)
    journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(seq)] }])
  await journal.fold()
  journal.append('gw-a', [{ accountId: 'acct_1', day, writes: [write(6)] }])
  await journal.fold()
  const seqs = applied.map((entries) =>
    entries.flatMap((entry) => entry.batches[0]!.writes.map((w) => w.seq)),
  )
  assert.deepEqual(seqs, [[1], [2, 3, 4, 5], [6]])
  assert.deepEqual(readdirSync(dir), [])
  await journal.close()
})
