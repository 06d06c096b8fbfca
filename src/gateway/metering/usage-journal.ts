/**
 * The usage journal of a SQLite database (docs/adr/0026-usage-journal-for-sqlite.md): metering's group
 * commit appends its counts to a file of this process's own and is answered, and the counts move into
 * `usage_daily` in one transaction about once a second, and before anything reads the daily rows.
 *
 * An append survives a killed process as a SQLite commit does (`synchronous = NORMAL`: both reach the
 * page cache, neither is an fsync), for a tenth of its CPU. Every line carries its writer's numbers, and
 * lines are applied with `addOnce`'s rules: a line applied twice, by its own process or another one, counts
 * once. So any process may apply any journal's lines, in the file's order, which is how a reader in one
 * process sees what another process delivered (`GET /v2/usage` is exact after an answer, ADR 0018), and
 * how a journal left by a killed process is replayed.
 *
 * The files: `<database>-usage/<process>-<generation>.journal`, one line of JSON per group commit. A
 * process appends to one file at a time and never truncates it: once every line of it is in the database,
 * it deletes the file, and its next append starts the next generation. So a file's lines never move, a
 * reader remembers how far it got in each file, and a line of generation n+1 is never read before those of
 * generation n are in the database. A file whose lines are all in and that nobody wrote to for
 * `abandonedAfterMs` belongs to a process that is gone: whoever applied its lines deletes it.
 */
import { Buffer } from 'node:buffer'
import { randomBytes } from 'node:crypto'
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Logger } from 'pino'
import { remembered } from '../../shared/remembered.ts'
import { UsageWriteFailed, writerIdPattern, type UsageBatch, type UsageWrite } from './usage-write.ts'

/** A group commit's counts, as one line holds them. */
export type JournalEntry = { writer: string; batches: readonly UsageBatch[] }

export type UsageJournalOptions = {
  dir: string
  /** Applies entries in one transaction (`addOnce`'s rules); throws what the database threw. */
  apply: (entries: readonly JournalEntry[]) => void
  /** Runs `task` while nothing else uses the database connection (the fold is synchronous inside it). */
  exclusive: (task: () => void) => Promise<void>
  /** An error the database raises for counts of an account that no longer exists. */
  isGone: (error: unknown) => boolean
  log?: Pick<Logger, 'warn' | 'error'> | undefined
  /** How long after an append its line is applied at the latest. */
  foldEveryMs?: number
  /** A file fully applied and not written to for this long is a gone process's. */
  abandonedAfterMs?: number
  /**
   * At most so many of this process's lines wait in memory for a fold; past them (folds failing for a
   * while), the fold reads them from the file, as another process's.
   */
  linesKept?: number
}

const suffix = '.journal'

/** A line: `{"w":writer,"b":[[account,day,[[seq,requests,bytes],...]],...]}`. */
type Line = { w: string; b: [string, string, [number, number, number][]][] }

/**
 * The JSON text of the accounts and days written last: the same few at every commit, each serialised once
 * rather than by V8's runtime at each (about a third of a line's writing).
 */
const jsonText = remembered((text) => JSON.stringify(text), 4_096)

/** A line, built as text: it is on every fetch's path at one fetch at a time. */
function encode(writer: string, batches: readonly UsageBatch[]): string {
  // The writer id is base64url (checked by addOnce): it needs no escaping.
  let text = `{"w":"${writer}","b":[`
  for (let i = 0; i < batches.length; i++) {
    const { accountId, day, writes } = batches[i]!
    text += `${i === 0 ? '' : ','}[${jsonText(accountId)},${jsonText(day)},[`
    for (let j = 0; j < writes.length; j++) {
      const { seq, requests, bytes } = writes[j]!
      text += `${j === 0 ? '' : ','}[${seq},${requests},${bytes}]`
    }
    text += ']]'
  }
  return `${text}]}\n`
}

/** The counts as they are now: the journal keeps what it appended, whatever the caller does with them. */
function copyOf(batches: readonly UsageBatch[]): UsageBatch[] {
  return batches.map(({ accountId, day, writes }) => ({
    accountId,
    day,
    writes: writes.map(({ seq, requests, bytes }) => ({ seq, requests, bytes })),
  }))
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value)

/** A line back to its entry; undefined when it is not one this journal wrote. */
function decode(text: string): JournalEntry | undefined {
  let line: unknown
  try {
    line = JSON.parse(text)
  } catch {
    return undefined
  }
  if (typeof line !== 'object' || line === null) return undefined
  const { w, b } = line as Partial<Line>
  if (typeof w !== 'string' || !writerIdPattern.test(w) || !Array.isArray(b)) return undefined
  const batches: UsageBatch[] = []
  for (const batch of b as unknown[]) {
    if (!Array.isArray(batch) || batch.length !== 3) return undefined
    const [accountId, day, writes] = batch as unknown[]
    if (typeof accountId !== 'string' || typeof day !== 'string' || !Array.isArray(writes)) return undefined
    const parsed: UsageWrite[] = []
    for (const write of writes as unknown[]) {
      if (!Array.isArray(write) || write.length !== 3 || !write.every(isCount)) return undefined
      const [seq, requests, bytes] = write as [number, number, number]
      parsed.push({ seq, requests, bytes })
    }
    batches.push({ accountId, day, writes: parsed })
  }
  return { writer: w, batches }
}

/**
 * The entries of several lines as few as can be: one per writer, each account and day's writes together in
 * the order they were appended (the numbers of one writer's account and day must reach the database in
 * order, or `addOnce` would skip the lower ones), each number once: a write sent again after a failure
 * carries its number again, and it counts once as it would in two transactions.
 */
function merge(entries: readonly JournalEntry[]): JournalEntry[] {
  type Batch = { accountId: string; day: string; writes: UsageWrite[]; seqs: Set<number> }
  const byWriter = new Map<string, Map<string, Batch>>()
  for (const { writer, batches } of entries) {
    let own = byWriter.get(writer)
    if (own === undefined) byWriter.set(writer, (own = new Map<string, Batch>()))
    for (const { accountId, day, writes } of batches) {
      const key = `${accountId} ${day}`
      let batch = own.get(key)
      if (batch === undefined) own.set(key, (batch = { accountId, day, writes: [], seqs: new Set() }))
      for (const write of writes) {
        if (batch.seqs.has(write.seq)) continue
        batch.seqs.add(write.seq)
        batch.writes.push(write)
      }
    }
  }
  return [...byWriter].map(([writer, batches]) => ({
    writer,
    batches: [...batches.values()].map(({ accountId, day, writes }) => ({ accountId, day, writes })),
  }))
}

/**
 * What a fold read of one file: its complete lines' entries, the offset after the last of them, and
 * whether a line that is not one of ours stopped it.
 */
type Read = {
  name: string
  entries: JournalEntry[]
  end: number
  size: number
  mtimeMs: number
  bad: boolean
}

export function createUsageJournal({
  dir,
  apply,
  exclusive,
  isGone,
  log,
  foldEveryMs = 1_000,
  abandonedAfterMs = 60_000,
  linesKept = 65_536,
}: UsageJournalOptions) {
  /** This process's files are `<id>-<generation>.journal`. */
  const id = randomBytes(9).toString('base64url')
  let generation = 0
  /** The file appended to now, and its name; undefined until the next append. */
  let fd: number | undefined
  let name = ''
  /** Per file, how far its lines are in the database (by this process's folds or known from them). */
  const applied = new Map<string, number>()
  /** Files whose bad line was reported, so it is reported once. */
  const reported = new Set<string>()
  /**
   * Our files no longer appended to whose descriptors are still open: deleted by another process that took
   * us for gone, or ending in the part of a line a failed append left. The next fold applies their whole
   * lines, then closes and deletes them.
   */
  const stale: { fd: number; name: string }[] = []
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let queued: Promise<void> | undefined
  let closed = false

  function nameOf(gen: number): string {
    return `${id}-${String(gen).padStart(10, '0')}${suffix}`
  }

  /** When we last appended (performance.now()). */
  let lastAppend = -Infinity

  /**
   * The lines of the file appended to now, as appended: a fold applies them from here rather than reading
   * back and parsing what this process wrote itself (at one fetch at a time, a line a fetch, that cost 4% of
   * `dev`'s instructions a fetch, and its garbage more; docs/performance.md): exactly those after `applied`'s
   * offset, since every fold that moves it takes them all. `size` is what was appended to it, in bytes. Only
   * this process writes to its file, and only whole lines while the file is current: a failed append, or a
   * file deleted under us, makes it `stale`, whose lines are read from the file. Undefined once more than
   * `linesKept` waited: this file's are read from it.
   */
  let lines: JournalEntry[] | undefined = []
  let size = 0

  /**
   * The file to append to: a new generation when there is none, or when ours was deleted under us. Only a
   * file untouched for `abandonedAfterMs` is ever deleted by another process, so ours is looked at only
   * when we have not appended for half that time: a look per append cost 1.4% of `dev`'s time at c=1.
   */
  function file(): number {
    const now = performance.now()
    const recent = now - lastAppend < abandonedAfterMs / 2
    lastAppend = now
    if (fd !== undefined && (recent || fstatSync(fd).nlink > 0)) return fd
    if (fd !== undefined) {
      // Deleted by another process that took us for gone: what it holds is applied by our own next fold,
      // read from the descriptor still open (`stale`); new lines go to a file others can see.
      retire()
    }
    mkdirSync(dir, { recursive: true })
    name = nameOf(++generation)
    fd = openSync(join(dir, name), 'ax+')
    applied.set(name, 0)
    lines = []
    size = 0
    return fd
  }

  /** The current file is appended to no more: the next fold reads its lines from it. */
  function retire(): void {
    if (fd !== undefined) stale.push({ fd, name })
    fd = undefined
    lines = []
    size = 0
  }

  /**
   * Appends a group commit's counts: once this returns, they are as durable as a commit. A failed append
   * leaves at most part of a line, which no reader applies; the next append starts a new file, so nothing
   * is ever written after such a part.
   */
  function append(writer: string, batches: readonly UsageBatch[]): void {
    if (closed) throw new UsageWriteFailed(new Error('the usage journal is closed'), false)
    const line = encode(writer, batches)
    const length = Buffer.byteLength(line)
    let target: number | undefined
    try {
      target = file()
      // Written as the string: node encodes it on the stack for the call, where a Buffer made of it first
      // cost a fifth of an append. A file takes it whole but for a full disk; what is left goes as bytes.
      let written = writeSync(target, line)
      if (written < length) {
        const bytes = Buffer.from(line)
        while (written < length) written += writeSync(target, bytes, written)
      }
    } catch (error) {
      // Applied up to what the fold knows; the part line after it is never read as a line.
      if (target !== undefined && target === fd) retire()
      throw new UsageWriteFailed(error, false)
    }
    size += length
    if (lines !== undefined && lines.length >= linesKept) lines = undefined
    lines?.push({ writer, batches: copyOf(batches) })
    schedule()
  }

  /** A fold `foldEveryMs` from now, unless one is due already; again after that while it fails. */
  function schedule(): void {
    if (timer !== undefined || closed) return
    timer = setTimeout(() => {
      timer = undefined
      fold().catch((error: unknown) => {
        log?.warn({ err: error }, 'usage journal: counts could not be moved into the database yet')
        // Readers fold for themselves meanwhile; nothing is lost while this waits.
        schedule()
      })
    }, foldEveryMs)
    // Pending lines never keep the process alive: they are durable, and any process's next fold applies
    // them.
    timer.unref()
  }

  /** The complete lines of `fileName` after `from`: read through `descriptor` when given (ours). */
  function readFrom(fileName: string, from: number, descriptor?: number): Read | undefined {
    let handle = descriptor
    try {
      handle ??= openSync(join(dir, fileName), 'r')
      const stat = fstatSync(handle)
      const size = stat.size
      const entries: JournalEntry[] = []
      let end = from
      let bad = false
      if (size > from) {
        const buffer = Buffer.allocUnsafe(size - from)
        let got = 0
        while (got < buffer.length) {
          const n = readSync(handle, buffer, got, buffer.length - got, from + got)
          if (n === 0) break
          got += n
        }
        let start = 0
        for (;;) {
          const newline = buffer.indexOf(10, start)
          // A line without its newline is still being written, or was cut short by a crash: not a line.
          if (newline === -1 || newline >= got) break
          const entry = decode(buffer.toString('utf8', start, newline))
          if (entry === undefined) {
            bad = true
            // Nothing after a bad line is applied: a writer's numbers must arrive in order.
            if (!reported.has(fileName)) {
              reported.add(fileName)
              log?.error(
                { file: join(dir, fileName), offset: from + start },
                'usage journal: a line that is not one of ours; the lines from there on are not applied',
              )
            }
            break
          }
          entries.push(entry)
          start = newline + 1
          end = from + start
        }
      }
      return { name: fileName, entries, end, size, mtimeMs: stat.mtimeMs, bad }
    } catch (error) {
      // Deleted since the listing: its lines were in the database before it was.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    } finally {
      if (descriptor === undefined && handle !== undefined) closeSync(handle)
    }
  }

  /**
   * Applies entries in one transaction; when the database refuses them for an account that no longer
   * exists (deleted with its usage rows while its counts were here), each account and day is tried alone
   * and those of gone accounts are dropped, as the deletion would have dropped them.
   */
  function applyAll(entries: readonly JournalEntry[]): void {
    if (entries.length === 0) return
    const merged = merge(entries)
    try {
      apply(merged)
      return
    } catch (error) {
      if (!isGone(error)) throw error
    }
    for (const { writer, batches } of merged) {
      for (const batch of batches) {
        try {
          apply([{ writer, batches: [batch] }])
        } catch (error) {
          if (!isGone(error)) throw error
          log?.warn(
            { account_id: batch.accountId, day: batch.day },
            'usage journal: counts of an account deleted meanwhile are dropped with it',
          )
        }
      }
    }
  }

  /** One fold: every journal's complete lines not yet applied, in one transaction. */
  function foldNow(): void {
    let names: string[]
    try {
      names = readdirSync(dir).filter((file) => file.endsWith(suffix))
    } catch (error) {
      // No directory, so no journal in it.
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error
      names = []
    }
    names.sort()
    const reads: Read[] = []
    const ours = (fileName: string) => fileName.startsWith(`${id}-`)
    for (const fileName of names) {
      if (ours(fileName)) continue
      const read = readFrom(fileName, applied.get(fileName) ?? 0)
      if (read !== undefined) reads.push(read)
    }
    // Ours last, the deleted ones first: in the order we wrote them.
    for (const old of stale) {
      const read = readFrom(old.name, applied.get(old.name) ?? 0, old.fd)
      if (read !== undefined) reads.push(read)
    }
    if (fd !== undefined) {
      if (lines === undefined) {
        const read = readFrom(name, applied.get(name) ?? 0, fd)
        if (read !== undefined) reads.push(read)
      } else reads.push({ name, entries: lines, end: size, size, mtimeMs: Date.now(), bad: false })
    }
    applyAll(reads.flatMap((read) => read.entries))
    const now = Date.now()
    for (const read of reads) applied.set(read.name, read.end)
    if (lines !== undefined) lines = []
    // Ours that were deleted under us, or hold the part of a line a failed append left: all their whole
    // lines are in now.
    for (const old of stale.splice(0)) {
      closeSync(old.fd)
      removeFile(old.name)
    }
    // Our file, fully applied: deleted, so that it never grows and others never read it again.
    const own = reads.find((read) => read.name === name && fd !== undefined)
    if (own !== undefined && own.end === own.size && fd !== undefined && fstatSync(fd).size === own.end) {
      closeSync(fd)
      fd = undefined
      removeFile(name)
    }
    // Another's file untouched for so long: its process is gone (a live one deletes its file within a fold
    // of its last line). What is left after its last whole line is the part of a line it died writing.
    for (const read of reads) {
      if (ours(read.name) || read.bad || now - read.mtimeMs < abandonedAfterMs) continue
      removeFile(read.name)
    }
    // Files deleted by others are forgotten.
    const present = new Set(names)
    for (const fileName of applied.keys()) {
      if (!present.has(fileName) && fileName !== name) applied.delete(fileName)
    }
  }

  function removeFile(fileName: string): void {
    applied.delete(fileName)
    try {
      unlinkSync(join(dir, fileName))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }

  /**
   * Moves every journal's lines into the database: those of this process and of every other on the same
   * database. Settles once a fold that began after the call is done, so a reader that awaits it sees every
   * count appended before it asked.
   */
  function fold(): Promise<void> {
    if (running === undefined) {
      running = exclusive(foldNow).finally(() => {
        running = undefined
      })
      return running
    }
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = undefined
        return fold()
      })
    return queued
  }

  /** The last fold, at shutdown; our file goes with it once its lines are in. Later appends fail. */
  async function close(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    try {
      await fold()
    } finally {
      closed = true
      if (fd !== undefined) {
        // Lines still here (the database refused the fold) stay for the next process to apply.
        closeSync(fd)
        fd = undefined
      }
    }
  }

  return {
    append,
    fold,
    close,
    setLog(next: Pick<Logger, 'warn' | 'error'> | undefined) {
      log ??= next
    },
  }
}

export type UsageJournal = ReturnType<typeof createUsageJournal>
