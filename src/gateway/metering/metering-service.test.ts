import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { createBackgroundTasks } from '../background-tasks.ts'
import { createMeteringService, type MeteringService } from './metering-service.ts'
import { UsageWriteFailed, type UsageBatch } from './usage-repository.ts'

/** One billed request as the fetch path makes it: counted, its bytes added in the same turn, committed. */
function record(service: MeteringService, accountId: string, bytes: number): Promise<void> {
  const metered = service.reserve(accountId)
  metered.bill(bytes)
  return metered.committed
}

/**
 * A repository twin with the semantics of `addOnce`: writes numbered at or below the writer's last applied
 * one add nothing. `fail` makes the next writes fail, before the commit (`'before'`) or after it was applied
 * (`'after'`: the answer lost).
 */
function metering(
  flushEveryMs = 60_000,
  log?: { warn(...args: unknown[]): void; error(...args: unknown[]): void },
) {
  const writes: [string, string, number, number][] = []
  const stored = new Map<string, number>()
  const lastSeq = new Map<string, number>()
  const state = {
    fail: undefined as 'before' | 'after' | undefined,
    attempts: 0,
    /** The accounts of each statement, in order. */
    statements: [] as string[][],
    /** Accounts whose counts the database refuses (a foreign key: the account was purged). */
    refused: new Set<string>(),
  }
  const background = createBackgroundTasks({ error: () => undefined })
  const clock = manualClock(Date.UTC(2026, 2, 2, 23, 59, 0))
  const service = createMeteringService({
    repo: {
      addOnce: async (writer: string, batches: readonly UsageBatch[]) => {
        state.attempts++
        state.statements.push(batches.map((batch) => batch.accountId))
        if (state.fail === 'before') throw new UsageWriteFailed(new Error('connection refused'), false)
        if (batches.some((batch) => state.refused.has(batch.accountId)))
          throw new UsageWriteFailed(new Error('violates foreign key constraint'), false)
        for (const { accountId, day, writes: batch } of batches) {
          const key = `${writer} ${accountId} ${day}`
          const applied = lastSeq.get(key) ?? 0
          let requests = 0
          let bytes = 0
          for (const write of batch) {
            if (write.seq <= applied) continue
            requests += write.requests
            bytes += write.bytes
            lastSeq.set(key, Math.max(lastSeq.get(key) ?? 0, write.seq))
          }
          if (requests !== 0 || bytes !== 0) {
            writes.push([accountId, day, requests, bytes])
            stored.set(accountId, (stored.get(accountId) ?? 0) + requests)
          }
        }
        if (state.fail === 'after') throw new UsageWriteFailed(new Error('connection terminated'), true)
      },
      // As the database does: where writers got to on days before `day` is forgotten.
      pruneWriters: async (day: string) => {
        for (const key of lastSeq.keys()) if (key.split(' ')[2]! < day) lastSeq.delete(key)
      },
      totalRequests: async (accountId) => stored.get(accountId) ?? 0,
    },
    clock,
    background,
    flushEveryMs,
    ...(log !== undefined && { log }),
  })
  return { service, writes, stored, state, clock, background }
}

/**
 * A service whose writes each wait until `open()` is called; `sent` sees each write's batches as it
 * starts.
 */
function gatedMetering(sent: (batches: readonly UsageBatch[]) => void) {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const service = createMeteringService({
    repo: {
      addOnce: async (_writer, batches) => {
        sent(batches)
        await gate
      },
      pruneWriters: async () => undefined,
      totalRequests: async () => 0,
    },
    clock: manualClock(Date.UTC(2026, 2, 2)),
    background: createBackgroundTasks({ error: () => undefined }),
    flushEveryMs: 60_000,
  })
  return { service, open }
}

describe('metering', () => {
  it('commits what one turn of the event loop recorded as one write per account and UTC day', async () => {
    const { service, writes, clock } = metering()
    const first = [record(service, 'acct_a', 10), record(service, 'acct_a', 5), record(service, 'acct_b', 1)]
    clock.advance(60_000)
    const second = record(service, 'acct_a', 7)
    assert.deepEqual(writes, [], 'the write waits for the end of this turn')
    await Promise.all([...first, second])
    assert.deepEqual(writes, [
      ['acct_a', '2026-03-02', 2, 15],
      ['acct_b', '2026-03-02', 1, 1],
      ['acct_a', '2026-03-03', 1, 7],
    ])
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('answers a caller of record only once its count is committed', async () => {
    let open!: () => void
    const gate = new Promise<void>((resolve) => (open = resolve))
    const committed: number[] = []
    const service = createMeteringService({
      repo: {
        addOnce: async (_writer, batches) => {
          const batch = batches.flatMap((each) => each.writes)
          await gate
          committed.push(...batch.map((write) => write.requests))
        },
        pruneWriters: async () => undefined,
        totalRequests: async () => 0,
      },
      clock: manualClock(Date.UTC(2026, 2, 2)),
      background: createBackgroundTasks({ error: () => undefined }),
    })
    let answered = false
    const recorded = record(service, 'acct_a', 1).then(() => (answered = true))
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(answered, false, 'the write is on its way: the caller still waits')
    open()
    await recorded
    assert.deepEqual(committed, [1])
  })

  it('puts what was recorded during a write into the next write, at once', async () => {
    const batches: number[] = []
    const { service, open } = gatedMetering((sent) =>
      batches.push(sent.flatMap((each) => each.writes).reduce((sum, write) => sum + write.requests, 0)),
    )
    const first = record(service, 'acct_a', 1)
    while (batches.length === 0) await new Promise((resolve) => setImmediate(resolve))
    const later = [record(service, 'acct_a', 1), record(service, 'acct_a', 1), record(service, 'acct_a', 1)]
    open()
    await Promise.all([first, ...later])
    assert.deepEqual(batches, [1, 3], 'one write for the first, one for the three that came during it')
  })

  it("sends a commit after the turn's other immediates: the fetch it counts goes out first", async () => {
    const order: string[] = []
    const service = createMeteringService({
      repo: {
        addOnce: async () => {
          order.push('commit sent')
        },
        pruneWriters: async () => undefined,
        totalRequests: async () => 0,
      },
      clock: manualClock(Date.UTC(2026, 2, 2)),
      background: createBackgroundTasks({ error: () => undefined }),
    })
    const metered = service.reserve('acct_a')
    // What the dispatch of the fetch does next in the same turn: a write corked to the turn's end.
    setImmediate(() => order.push('job written'))
    await metered.committed
    assert.deepEqual(order, ['job written', 'commit sent'])
  })

  it('does not hold a caller longer than maxWaitMs when the database hangs', async () => {
    const service = createMeteringService({
      repo: {
        addOnce: () => new Promise<void>(() => undefined),
        pruneWriters: async () => undefined,
        totalRequests: async () => 0,
      },
      clock: manualClock(Date.UTC(2026, 2, 2)),
      background: createBackgroundTasks({ error: () => undefined }),
      maxWaitMs: 5,
    })
    await record(service, 'acct_a', 1)
    assert.deepEqual(service.unwritten('acct_a', '2026-03-02'), { requests: 1, bytes: 1 })
  })

  it('counts the tally not yet written in requestsUsed', async () => {
    const { service, background } = metering()
    void record(service, 'acct_a', 1)
    service.flush()
    await background.drain()
    void record(service, 'acct_a', 1)
    assert.equal(await service.requestsUsed('acct_a'), 2)
    assert.equal(await service.requestsUsed('acct_b'), 0)
  })

  it('answers callers at once while the database refuses writes, and keeps their counts', async () => {
    const { service, state, writes } = metering()
    state.fail = 'before'
    await record(service, 'acct_a', 3)
    await record(service, 'acct_a', 4)
    assert.deepEqual(writes, [])
    assert.deepEqual(service.unwritten('acct_a', '2026-03-02'), { requests: 2, bytes: 7 })
    state.fail = undefined
    await service.drain()
    assert.deepEqual(writes, [['acct_a', '2026-03-02', 2, 7]])
  })

  it('keeps the counts while the database refuses them and writes them once it answers', async () => {
    const { service, writes, state, background } = metering()
    state.fail = 'before'
    void record(service, 'acct_a', 10)
    service.flush()
    await background.drain()
    void record(service, 'acct_a', 5)
    assert.deepEqual(service.unwritten('acct_a', '2026-03-02'), { requests: 2, bytes: 15 })
    assert.deepEqual(service.unwrittenCounts(), [
      { accountId: 'acct_a', day: '2026-03-02', requests: 2, bytes: 15 },
    ])
    service.flush()
    await background.drain()
    state.fail = undefined
    service.flush()
    await background.drain()
    assert.deepEqual(writes, [['acct_a', '2026-03-02', 2, 15]])
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('counts a write whose answer was lost once, however often it is sent again', async () => {
    const { service, writes, stored, state, background } = metering()
    state.fail = 'after'
    void record(service, 'acct_a', 10)
    service.flush()
    await background.drain()
    void record(service, 'acct_a', 1)
    service.flush()
    await background.drain()
    state.fail = 'before'
    void record(service, 'acct_a', 2)
    service.flush()
    await background.drain()
    state.fail = undefined
    service.flush()
    await background.drain()
    assert.equal(stored.get('acct_a'), 3, JSON.stringify(writes))
    assert.deepEqual(service.unwrittenCounts(), [])
    assert.equal(await service.requestsUsed('acct_a'), 3)
  })

  it('does not send a write of unknown outcome again once its day is too old, and logs its counts', async () => {
    const errors: unknown[] = []
    const log = { warn: () => undefined, error: (fields: unknown) => void errors.push(fields) }
    const { service, stored, state, clock, background } = metering(60_000, log)
    // Applied, but its answer is lost: the write is sent again until an attempt succeeds.
    state.fail = 'after'
    void record(service, 'acct_a', 10)
    service.flush()
    await background.drain()
    // The database then fails for a week; a request of the same day is counted meanwhile.
    state.fail = 'before'
    void record(service, 'acct_a', 1)
    service.flush()
    await background.drain()
    clock.advance(7 * 86_400_000)
    service.flush()
    await background.drain()
    // By now the database forgot where this writer got to on that day: sent again, it would count twice.
    state.fail = undefined
    service.flush()
    await background.drain()
    assert.equal(stored.get('acct_a'), 2, 'the lost answer once, the request counted meanwhile once')
    assert.deepEqual(service.unwrittenCounts(), [])
    assert.deepEqual(errors, [{ account_id: 'acct_a', day: '2026-03-02', requests: 1, bytes: 10 }])
  })

  it('writes one account and day at a time, and drain() writes what waited', async () => {
    const order: number[] = []
    const { service, open } = gatedMetering((batches) =>
      order.push(...batches.flatMap((each) => each.writes).map((write) => write.seq)),
    )
    void record(service, 'acct_a', 1)
    service.flush()
    void record(service, 'acct_a', 2)
    service.flush()
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(order, [1], 'the second write waits for the first')
    assert.deepEqual(service.unwritten('acct_a', '2026-03-02'), { requests: 2, bytes: 3 })
    open()
    await service.drain()
    assert.deepEqual(order, [1, 2])
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('commits the counts of every account and day of a turn in one statement', async () => {
    const { service, writes, state } = metering()
    await Promise.all([
      record(service, 'acct_a', 1),
      record(service, 'acct_b', 2),
      record(service, 'acct_c', 3),
      record(service, 'acct_a', 4),
    ])
    assert.deepEqual(state.statements, [['acct_a', 'acct_b', 'acct_c']])
    assert.deepEqual(writes, [
      ['acct_a', '2026-03-02', 2, 5],
      ['acct_b', '2026-03-02', 1, 2],
      ['acct_c', '2026-03-02', 1, 3],
    ])
  })

  it('sends one group commit at a time: the accounts recorded meanwhile go together in the next', async () => {
    const statements: string[][] = []
    const { service, open } = gatedMetering((batches) =>
      statements.push(batches.map((batch) => batch.accountId)),
    )
    const first = record(service, 'acct_a', 1)
    while (statements.length === 0) await new Promise((resolve) => setImmediate(resolve))
    const later = [record(service, 'acct_b', 1), record(service, 'acct_c', 1), record(service, 'acct_a', 1)]
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(statements, [['acct_a']], 'nothing else goes while the first commit is on its way')
    open()
    await Promise.all([first, ...later])
    assert.deepEqual(statements, [['acct_a'], ['acct_b', 'acct_c', 'acct_a']])
  })

  it("writes an account the database refuses alone, so that it never holds back the others' counts", async () => {
    const { service, writes, state } = metering()
    const day = '2026-03-02'
    state.refused.add('acct_b')
    const turn = () =>
      Promise.all([record(service, 'acct_a', 1), record(service, 'acct_b', 1), record(service, 'acct_c', 1)])
    await turn()
    // The group commit failed as a whole; each account was then tried alone, and two went in.
    assert.deepEqual(state.statements, [['acct_a', 'acct_b', 'acct_c'], ['acct_a'], ['acct_b'], ['acct_c']])
    assert.deepEqual(writes, [
      ['acct_a', day, 1, 1],
      ['acct_c', day, 1, 1],
    ])
    assert.deepEqual(service.unwritten('acct_b', day), { requests: 1, bytes: 1 })
    // From then on the refused account goes in a statement of its own, until one of its writes goes in.
    state.statements.length = 0
    await turn()
    assert.deepEqual(state.statements, [['acct_a', 'acct_c'], ['acct_b']])
    assert.deepEqual(service.unwritten('acct_b', day), { requests: 2, bytes: 2 })
    state.refused.delete('acct_b')
    state.statements.length = 0
    await service.drain()
    assert.deepEqual(state.statements, [['acct_b']])
    assert.deepEqual(writes.at(-1), ['acct_b', day, 2, 2])
    state.statements.length = 0
    await turn()
    assert.deepEqual(state.statements, [['acct_a', 'acct_b', 'acct_c']])
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('tries again by itself until the database answers', async () => {
    const { service, writes, state, background } = metering(5)
    const until = async (check: () => boolean) => {
      const deadline = Date.now() + 10_000
      while (!check()) {
        assert.ok(Date.now() < deadline, 'condition not met in time')
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      await background.drain()
    }
    state.fail = 'before'
    void record(service, 'acct_a', 1)
    await until(() => state.attempts >= 3)
    assert.deepEqual(writes, [])
    state.fail = undefined
    await until(() => writes.length > 0)
    assert.deepEqual(writes, [['acct_a', '2026-03-02', 1, 1]])
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('counts a request before its fetch ends, and adds its bytes to a later write unawaited', async () => {
    const { service, writes, background } = metering()
    const first = service.reserve('acct_a')
    await first.committed
    assert.deepEqual(writes, [['acct_a', '2026-03-02', 1, 0]], 'committed before the fetch came back')
    first.bill(700)
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(writes.length, 1, 'the bytes wait for the next write')
    assert.deepEqual(service.unwritten('acct_a', '2026-03-02'), { requests: 0, bytes: 700 })
    const second = service.reserve('acct_a')
    await second.committed
    assert.deepEqual(writes[1], ['acct_a', '2026-03-02', 1, 700], 'they go with the next request')
    second.bill(5)
    await service.drain()
    await background.drain()
    assert.deepEqual(writes[2], ['acct_a', '2026-03-02', 0, 5], 'or by themselves, flushed')
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it("adds bytes to their own account's next write, not to another account's commit, or within a second", async () => {
    const { service, writes, state, clock } = metering(1_000)
    const a = service.reserve('acct_a')
    await a.committed
    a.bill(700)
    await service.reserve('acct_b').committed
    assert.deepEqual(
      state.statements,
      [['acct_a'], ['acct_b']],
      "acct_a's bytes did not ride on acct_b's commit",
    )
    const again = service.reserve('acct_a')
    await again.committed
    assert.deepEqual(writes.at(-1), ['acct_a', '2026-03-02', 1, 700], 'they went with its next request')
    again.bill(5)
    clock.advance(1_000)
    await service.reserve('acct_c').committed
    assert.deepEqual(state.statements.at(-1), ['acct_a', 'acct_c'], 'a second old: with the next commit')
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('takes back a request that billed nothing, committed before the refund answers', async () => {
    const { service, writes, stored } = metering()
    const metered = service.reserve('acct_a')
    await metered.committed
    await metered.refund()
    assert.deepEqual(writes, [
      ['acct_a', '2026-03-02', 1, 0],
      ['acct_a', '2026-03-02', -1, 0],
    ])
    assert.equal(stored.get('acct_a'), 0)
    // Settled once: a second refund or a late bill changes nothing.
    await metered.refund()
    metered.bill(10)
    await service.drain()
    assert.equal(writes.length, 2)
  })

  it('writes nothing for a request refunded before its count was sent', async () => {
    const { service, state } = metering()
    const metered = service.reserve('acct_a')
    const refunded = metered.refund()
    await Promise.all([metered.committed, refunded])
    assert.equal(state.attempts, 0, 'the two cancel out in the tally')
    assert.deepEqual(service.unwrittenCounts(), [])
  })

  it('refunds a request into the day it was counted on, past midnight', async () => {
    const { service, writes, clock } = metering()
    const metered = service.reserve('acct_a')
    await metered.committed
    clock.advance(120_000)
    await metered.refund()
    assert.deepEqual(writes, [
      ['acct_a', '2026-03-02', 1, 0],
      ['acct_a', '2026-03-02', -1, 0],
    ])
  })
})
