/**
 * Metering (SPEC 1.5, DESIGN 2 "what is billed", DESIGN 7): a fetch that returned an envelope counts as
 * one request and its `bytes`, per account and UTC day. Nothing about the target is recorded.
 *
 * Durable before delivered (DESIGN 6, docs/adr/0007-metering-before-delivery.md and
 * 0018-metering-before-dispatch.md): `reserve` counts a request as it is dispatched, its write runs while
 * the request is on its way, and the fetch path sends the envelope only once that write is committed. A
 * fetch that ends with nothing billable is refunded before its error is answered. So a gateway killed at
 * any moment leaves the ledger at or above the envelopes it delivered, above them by at most the fetches
 * it had outstanding. Counts are group-committed: whatever is counted while a write is on its way goes
 * into the next one, every account and day in one statement
 * (docs/adr/0021-one-group-commit-for-every-account.md), so the database sees one transaction per write
 * time, not one per request or per account. An envelope's bytes join the next write without being
 * waited for.
 *
 * A write that fails is never the caller's problem (docs/adr/0004-store-faults.md): the waiting callers
 * are answered, the counts stay in memory and are written once the database answers, retried with a
 * growing pause (1 s, 2 s, ... 30 s); while writes fail, nobody waits. A write that takes longer than
 * `maxWaitMs` releases its callers the same way.
 * This process numbers its writes of each account and day and the database records the last number
 * applied per account and day in the same transaction (`addOnce`): a write whose answer was lost (the
 * connection dropped during its commit) is sent again with its number and counts once. Counts that could
 * not be written by shutdown are logged, per account and day, for an operator to add.
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { Logger } from 'pino'
import type { Clock } from '../../shared/clock.ts'
import { Deadlines } from '../../shared/deadlines.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import { dayMs, dayOf } from '../billing/period.ts'
import type { UsageRepository } from './usage-repository.ts'
import { UsageWriteFailed, type UsageWrite } from './usage-write.ts'

/** Where writers got to is kept for this many days back (`pruneWriters`). */
const writerRetentionMs = 7 * dayMs
/** No write is sent again after so long: a day earlier, for the clocks of gateways that prune to differ. */
const resendForMs = writerRetentionMs - dayMs
const pruneEveryMs = 3_600_000

export type MeteringOptions = {
  repo: Pick<UsageRepository, 'addOnce' | 'pruneWriters' | 'totalRequests'>
  clock: Clock
  background: BackgroundTasks
  log?: Pick<Logger, 'warn' | 'error'>
  /** The first pause before trying again once a write failed. */
  flushEveryMs?: number
  /** The longest a caller waits for its count's commit before it is answered anyway. */
  maxWaitMs?: number
  /** The longest pause between attempts while writes fail. */
  maxRetryMs?: number
}

type Counts = { requests: number; bytes: number }

/** A request counted before it is sent (`reserve`). */
export type MeteredRequest = {
  /** Settles once the request's count is committed, or known to be held for a later write. */
  committed: Promise<void>
  /** It was billable: the envelope's bytes join the next write of the account and day; nobody waits. */
  bill(bytes: number): void
  /** It was not: the count is taken back; settles once that is committed, or held. */
  refund(): Promise<void>
}

const settled = Promise.resolve()
/** `since`: when the entry began (the clock's ms), so counts nobody waits for go within `flushEveryMs`. */
type Tally = { accountId: string; day: string; since: number; order: number } & Counts
/** Writes sent whose outcome is unknown: sent again, with their numbers, until an attempt succeeds. */
type Unsure = { accountId: string; day: string; writes: UsageWrite[] }

function sum(writes: readonly UsageWrite[]): Counts {
  let requests = 0
  let bytes = 0
  for (const write of writes) {
    requests += write.requests
    bytes += write.bytes
  }
  return { requests, bytes }
}

export function createMeteringService({
  repo,
  clock,
  background,
  log,
  flushEveryMs = 1_000,
  maxRetryMs = 30_000,
  maxWaitMs = 2_000,
}: MeteringOptions) {
  /** This process, as the database knows it: its writes are numbered under it. */
  const writer = randomBytes(12).toString('base64url')
  let seq = 0
  /**
   * Each account's key in the maps below (`<account> <day>`: the tally, the writes on their way, the
   * waiting callers) for the last day it was counted on, made once: a key made afresh for every count is a
   * string V8 must join and hash at each lookup, three a fetch.
   */
  const accountKeys = new Map<string, { day: string; key: string }>()
  function keyOf(accountId: string, day: string): string {
    const known = accountKeys.get(accountId)
    if (known !== undefined && known.day === day) return known.key
    const key = `${accountId} ${day}`
    accountKeys.set(accountId, { day, key })
    return key
  }
  // The UTC day string, recomputed only when the day changes.
  let dayStart = 0
  let dayName = ''
  function today(): string {
    const now = clock.now()
    if (now < dayStart || now >= dayStart + dayMs) {
      dayStart = now - (now % dayMs)
      dayName = dayOf(dayStart)
      accountKeys.clear()
    }
    return dayName
  }

  const tally = new Map<string, Tally>()
  /** Tally entries begun so far: their `order`. */
  let begun = 0
  const unsure = new Map<string, Unsure>()
  /** Counts on their way to the database right now (one write per account and day at a time). */
  const sending = new Map<string, Counts>()
  /** Callers whose counts are in the tally, per account and day, waiting for their commit. */
  const waiting = new Map<string, (() => void)[]>()
  /**
   * Accounts and days the database refused on their own, after a group commit that carried them failed:
   * they are written alone until a write of theirs goes in, so they do not fail everyone else's.
   */
  const alone = new Set<string>()
  /**
   * A group commit of several accounts and days is on its way: the counts recorded meanwhile wait for the
   * next one, which goes as soon as it is back, so that the commits of a busy gateway carry many accounts
   * each instead of one per turn (docs/adr/0021-one-group-commit-for-every-account.md).
   */
  let committing = false
  let timer: NodeJS.Timeout | undefined
  /** A group commit is due at the end of this turn of the event loop. */
  let soon: NodeJS.Immediate | undefined
  /** 0 while writes succeed; else the pause before the next attempt. */
  let retryMs = 0
  let lastPrune = -Infinity
  let lastWarning = -Infinity
  /** Flushes so far, and the last one that failed: the pause grows once per failed flush, not per write. */
  let rounds = 0
  let failedRound = 0

  function schedule(delayMs: number): void {
    if (timer !== undefined) return
    timer = setTimeout(flushByTimer, delayMs)
    // A pending tally never keeps the process alive; shutdown flushes it.
    timer.unref()
  }

  /**
   * A group commit at the end of this turn, after the turn's other immediates: the fetch a count was
   * reserved for goes out at the turn's end too (a fleet link's turn cork, undici's write of a reused
   * connection), and it is the one the caller waits for. The commit only has to be in before the
   * envelope comes back; building and sending its statement first put a third of a millisecond on every
   * fetch's path at one fetch at a time (docs/performance.md). An immediate queued from an immediate runs
   * in the next turn's check phase, after those already queued in this one.
   */
  function flushSoon(): void {
    // A group commit on its way flushes what came meanwhile once it is back.
    if (soon !== undefined || committing) return
    soon = setImmediate(() => {
      soon = setImmediate(() => {
        soon = undefined
        flush(false)
      })
    })
  }

  function answer(callers: (() => void)[] | undefined): void {
    if (callers === undefined) return
    for (const done of callers.splice(0)) done()
  }

  /** A database that hangs rather than fails does not hold a commit's callers past maxWaitMs. */
  const releases = new Deadlines(maxWaitMs)

  function addToTally(accountId: string, day: string, counts: Counts): void {
    const key = keyOf(accountId, day)
    const entry = tally.get(key)
    if (entry === undefined) tally.set(key, { accountId, day, since: clock.now(), order: ++begun, ...counts })
    else {
      entry.requests += counts.requests
      entry.bytes += counts.bytes
    }
  }

  function failed(error: unknown, round: number): void {
    if (round !== failedRound) {
      failedRound = round
      retryMs = retryMs === 0 ? flushEveryMs : Math.min(retryMs * 2, maxRetryMs)
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    }
    schedule(retryMs)
    const at = performance.now()
    if (at - lastWarning < 5_000) return
    lastWarning = at
    log?.warn(
      { err: error instanceof UsageWriteFailed ? error.cause : error, retry_in_ms: retryMs },
      'usage counts could not be written: they are kept and written when the database answers',
    )
  }

  /** The account and day's writes going out in one group commit, and what to do with its outcome. */
  type Outgoing = {
    key: string
    accountId: string
    day: string
    /** When its tally entry began (`Tally.order`); Infinity for writes sent again alone. */
    order: number
    /** The counts of the tally, numbered now; undefined when only earlier writes go again. */
    fresh: UsageWrite | undefined
    /** Writes sent before whose outcome is unknown, with their numbers. */
    retried: UsageWrite[]
    writes: UsageWrite[]
  }

  /**
   * One group commit for every account and day in `outgoing`: one statement, one transaction. When the
   * database refuses it (an error it answered, so nothing was written), each account and day is tried
   * alone, so that one it refuses for a reason of its own (the account was purged meanwhile) does not
   * hold back the others'.
   */
  async function commit(outgoing: readonly Outgoing[]): Promise<unknown[]> {
    const batch = (item: Outgoing) => ({ accountId: item.accountId, day: item.day, writes: item.writes })
    try {
      await repo.addOnce(writer, outgoing.map(batch))
      return outgoing.map(() => undefined)
    } catch (error) {
      const refused = error instanceof UsageWriteFailed && !error.maybeWritten
      if (!refused || outgoing.length === 1) return outgoing.map(() => error)
      return Promise.all(
        outgoing.map((item) =>
          repo.addOnce(writer, [batch(item)]).then(
            () => undefined,
            (alone: unknown) => alone,
          ),
        ),
      )
    }
  }

  function write(round: number, outgoing: Outgoing[], shared: boolean): void {
    if (shared) committing = true
    const callers: (() => void)[] = []
    for (const item of outgoing) {
      sending.set(item.key, sum(item.writes))
      const waitingHere = waiting.get(item.key)
      waiting.delete(item.key)
      if (waitingHere !== undefined) callers.push(...waitingHere)
    }
    const released = callers.length === 0 ? undefined : releases.start(answer, callers)
    background.run(
      'usage record',
      async () => {
        let written = false
        try {
          const outcomes = await commit(outgoing)
          outgoing.forEach((item, i) => {
            const error = outcomes[i]
            if (error === undefined) {
              written = true
              alone.delete(item.key)
              return
            }
            // Possibly written: every write goes back with its number. Surely not written: the new counts
            // merge into the tally; writes sent before keep their numbers (an earlier attempt may have
            // written them).
            const maybeWritten = !(error instanceof UsageWriteFailed) || error.maybeWritten
            const keep = maybeWritten ? item.writes : item.retried
            if (keep.length > 0)
              unsure.set(item.key, { accountId: item.accountId, day: item.day, writes: keep })
            if (!maybeWritten && item.fresh !== undefined) addToTally(item.accountId, item.day, item.fresh)
            if (!maybeWritten && outgoing.length > 1) alone.add(item.key)
            failed(error, round)
          })
          if (written) retryMs = 0
          if (outgoing.some((_, i) => outcomes[i] !== undefined)) {
            // The database is failing: everyone waiting is answered now; their counts are held.
            for (const held of waiting.values()) answer(held)
            waiting.clear()
          }
        } finally {
          if (shared) committing = false
          for (const item of outgoing) sending.delete(item.key)
          released?.cancel()
          answer(callers)
          // What was recorded while this write was on its way goes next, at once.
          if (written && (tally.size > 0 || unsure.size > 0)) flushSoon()
        }
      },
      outgoing.length === 1 ? { account_id: outgoing[0]!.accountId } : { accounts: outgoing.length },
    )
  }

  /**
   * The accounts and days a flush takes: all of them, or for a group commit made for callers waiting, those
   * someone waits for, those sent before whose outcome is unknown, and the counts nobody waits for that are
   * `flushEveryMs` old. The tally is in the order its entries began, so the old ones are found without
   * looking at the young ones: with many accounts, most entries are an envelope's bytes lingering, and going
   * over them on every commit was the costliest line of metering.
   */
  function flushing(everything: boolean, now: number): Set<string> {
    if (everything) return new Set([...tally.keys(), ...unsure.keys()])
    const keys = new Set(unsure.keys())
    // Callers wait only for counts in the tally; looked up there all the same, never taken on trust.
    for (const key of waiting.keys()) if (tally.has(key)) keys.add(key)
    for (const [key, entry] of tally) {
      // A clock that went back makes an entry old: it is written rather than kept waiting.
      if (now - entry.since < flushEveryMs && now >= entry.since) break
      keys.add(key)
    }
    return keys
  }

  /**
   * Writes sent before whose outcome is still unknown, of a day whose writer numbers the database will soon
   * no longer keep (`pruneWriters` clears them after `writerRetentionMs`): sent again then, one that did go
   * in would count twice. After `resendForMs` they are not sent again; their counts are logged, per account
   * and day, for an operator to check against the ledger, as shutdown logs the counts it could not write.
   * It takes the database failing for days.
   */
  function giveUpOnUnsure(now: number): void {
    const oldest = dayOf(now - resendForMs)
    for (const [key, entry] of unsure) {
      if (entry.day >= oldest) continue
      unsure.delete(key)
      log?.error(
        { account_id: entry.accountId, day: entry.day, ...sum(entry.writes) },
        'usage counts whose write may or may not have gone in, for a day too old to send them again: ' +
          'check the ledger and add them if they are missing',
      )
    }
  }

  /**
   * Writes the tally. A group commit for callers waiting (`everything` false) leaves out the counts nobody
   * waits for (an envelope's bytes) until they are `flushEveryMs` old: they join their own account's next
   * write rather than the first commit of any account, which with many accounts doubled the rows each
   * fetch wrote.
   */
  function flushByTimer(): void {
    timer = undefined
    flush()
  }

  function flush(everything = true): void {
    // While writes succeed, a timer armed for counts this flush takes stays armed and fires with nothing
    // to do, or for what came since: at one fetch at a time an envelope's bytes armed one, the next
    // fetch's flush cleared it, and arming and clearing one a fetch cost more than one idle firing a
    // second. While they fail, the pause before the next attempt is the failure's (failed()).
    if (retryMs !== 0 && timer !== undefined) {
      clearTimeout(timer)
      timer = undefined
    }
    if (tally.size === 0 && unsure.size === 0) return
    const round = ++rounds
    let held = false
    const now = clock.now()
    if (unsure.size > 0) giveUpOnUnsure(now)
    const outgoing: Outgoing[] = []
    for (const key of flushing(everything, now)) {
      // One write per account and day at a time, so the numbers reach the database in order; one group
      // commit at a time, so the next one carries what came meanwhile.
      if (sending.has(key) || (committing && !alone.has(key))) {
        held = true
        continue
      }
      const entry = tally.get(key)
      const retried = unsure.get(key)?.writes ?? []
      const { accountId, day } = entry ?? unsure.get(key)!
      tally.delete(key)
      unsure.delete(key)
      // A request and its refund in one tally cancel out: nothing to write, its callers are answered.
      const nothing = entry !== undefined && entry.requests === 0 && entry.bytes === 0
      const fresh =
        entry === undefined || nothing
          ? undefined
          : { seq: ++seq, requests: entry.requests, bytes: entry.bytes }
      if (fresh === undefined && retried.length === 0) {
        answer(waiting.get(key))
        waiting.delete(key)
        continue
      }
      const writes = fresh === undefined ? retried : [...retried, fresh]
      outgoing.push({ key, accountId, day, order: entry?.order ?? Infinity, fresh, retried, writes })
    }
    // What lingers (counts nobody waits for, younger than flushEveryMs) goes by the timer at the latest.
    if (tally.size > 0) held = true
    // In the order the counts began, whatever order they were found in (writes sent again last).
    outgoing.sort((a, b) => a.order - b.order)
    const together = outgoing.filter((item) => !alone.has(item.key))
    if (together.length > 0) write(round, together, true)
    for (const item of outgoing) if (alone.has(item.key)) write(round, [item], false)
    if (held) schedule(retryMs === 0 ? flushEveryMs : retryMs)
    if (now - lastPrune >= pruneEveryMs) {
      lastPrune = now
      const before = dayOf(now - writerRetentionMs)
      background.run('usage writers prune', () => repo.pruneWriters(before))
    }
  }

  /**
   * Adds `counts` to the tally. `wait`: the promise settles once they are committed (or known to be held
   * for a later write), and the write goes at the end of this turn; else it settles at once and the
   * counts go with the next write of their account and day, or within `flushEveryMs`.
   */
  function add(accountId: string, day: string, counts: Counts, wait: boolean): Promise<void> {
    addToTally(accountId, day, counts)
    if (retryMs !== 0 || !wait) {
      // While writes fail, the next attempt waits longer and takes these counts too; nobody waits for it.
      schedule(retryMs === 0 ? flushEveryMs : retryMs)
      return settled
    }
    const key = keyOf(accountId, day)
    return new Promise((resolve) => {
      const callers = waiting.get(key)
      if (callers === undefined) waiting.set(key, [resolve])
      else callers.push(resolve)
      flushSoon()
    })
  }

  /**
   * Counts one request before it is sent (docs/adr/0018-metering-before-dispatch.md): its write starts at
   * the end of this turn and runs while the request is on its way. The envelope is delivered once
   * `committed` settles; then `bill` adds its bytes, or `refund` takes the request back when nothing
   * billable came of it. Exactly one of them, once.
   */
  function reserve(accountId: string): MeteredRequest {
    const day = today()
    const committed = add(accountId, day, { requests: 1, bytes: 0 }, true)
    let open = true
    return {
      committed,
      bill(bytes) {
        if (!open) return
        open = false
        if (bytes > 0) void add(accountId, day, { requests: 0, bytes }, false)
      },
      refund() {
        if (!open) return settled
        open = false
        return add(accountId, day, { requests: -1, bytes: 0 }, true)
      },
    }
  }

  /** What is counted for this account and day and not known to be in the database. */
  function pending(key: string): Counts {
    const counts = { requests: 0, bytes: 0 }
    for (const part of [tally.get(key), sending.get(key), ...(unsure.get(key)?.writes ?? [])]) {
      if (part === undefined) continue
      counts.requests += part.requests
      counts.bytes += part.bytes
    }
    return counts
  }

  /** The account's billable requests so far, the counts not yet written included. */
  async function requestsUsed(accountId: string): Promise<number> {
    const keys = new Set<string>()
    for (const map of [tally, sending, unsure]) {
      for (const key of map.keys()) if (key.startsWith(`${accountId} `)) keys.add(key)
    }
    let waiting = 0
    for (const key of keys) waiting += pending(key).requests
    return (await repo.totalRequests(accountId)) + waiting
  }

  /**
   * What was counted for this account and UTC day and is not written yet: readers of the daily rows
   * (billing's usage view, the spending cap) add it to what the database holds. A few map lookups.
   */
  function unwritten(accountId: string, day: string): Counts {
    return pending(keyOf(accountId, day))
  }

  /** Counts still not written (shutdown logs them when the database stayed away). */
  function unwrittenCounts(): ({ accountId: string; day: string } & Counts)[] {
    const keys = new Set([...tally.keys(), ...sending.keys(), ...unsure.keys()])
    return [...keys].map((key) => {
      const [accountId = '', day = ''] = key.split(' ')
      return { accountId, day, ...pending(key) }
    })
  }

  /**
   * Writes what is held now and waits for it (shutdown, tests). Twice: counts that waited behind a write of
   * their account and day go in the second round. What fails stays held (and is tried again later).
   */
  async function drain(): Promise<void> {
    for (let round = 0; round < 2 && (tally.size > 0 || unsure.size > 0 || sending.size > 0); round++) {
      flush()
      await background.drain()
    }
  }

  return { reserve, requestsUsed, unwritten, unwrittenCounts, flush, drain }
}

export type MeteringService = ReturnType<typeof createMeteringService>
