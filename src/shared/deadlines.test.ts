import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { Deadlines } from './deadlines.ts'

const fired = (log: number[]) => (id: number) => void log.push(id)

const modulePath = fileURLToPath(new URL('./deadlines.ts', import.meta.url))
/** Runs `body` in a node process of its own, with `Deadlines` imported: what it printed, how long it took. */
function run(body: string): { stdout: string; ms: number } {
  const started = performance.now()
  const result = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      '--input-type=module',
      '-e',
      `const { Deadlines } = await import(${JSON.stringify(modulePath)}); ${body}`,
    ],
    { encoding: 'utf8', timeout: 20_000 },
  )
  assert.equal(result.status, 0, result.stderr)
  return { stdout: result.stdout, ms: performance.now() - started }
}

describe('Deadlines', () => {
  it('fires each deadline once, never before its time, in the order they were started', async () => {
    const deadlines = new Deadlines(30)
    const log: number[] = []
    const startedAt: number[] = []
    const firedAt: number[] = []
    for (let id = 0; id < 3; id++) {
      startedAt.push(performance.now())
      deadlines.start((n: number) => {
        firedAt[n] = performance.now()
        log.push(n)
      }, id)
      await sleep(5)
    }
    await sleep(80)
    assert.deepEqual(log, [0, 1, 2])
    for (let id = 0; id < 3; id++)
      assert.ok(firedAt[id]! - startedAt[id]! >= 30, `deadline ${id} fired early`)
    assert.equal(deadlines.pending, 0)
  })

  it('never fires a cancelled deadline, and cancelling twice or after it fired does nothing', async () => {
    const deadlines = new Deadlines(10)
    const log: number[] = []
    const first = deadlines.start(fired(log), 1)
    const second = deadlines.start(fired(log), 2)
    const third = deadlines.start(fired(log), 3)
    second.cancel()
    second.cancel()
    assert.equal(deadlines.pending, 2)
    await sleep(40)
    assert.deepEqual(log, [1, 3])
    first.cancel()
    third.cancel()
    assert.equal(deadlines.pending, 0)
  })

  it('fires deadlines started after the list emptied, the timer staying armed meanwhile', async () => {
    const deadlines = new Deadlines(15)
    const log: number[] = []
    deadlines.start(fired(log), 1).cancel()
    await sleep(5)
    // Started while the timer is armed for the cancelled one's time: fires at its own, not before.
    const startedAt = performance.now()
    let firedAt = 0
    deadlines.start(() => {
      firedAt = performance.now()
      log.push(2)
    }, 2)
    await sleep(50)
    assert.deepEqual(log, [2])
    assert.ok(firedAt - startedAt >= 15, 'fired early')
  })

  it('runs the others when one callback throws, which is an uncaught exception as from a timer', () => {
    const { stdout } = run(
      `process.on('uncaughtException', (error) => console.log('uncaught', error.message))
      const deadlines = new Deadlines(5)
      deadlines.start(() => console.log('fired 1'), 0)
      deadlines.start(() => { throw new Error('boom') }, 0)
      deadlines.start(() => console.log('fired 3'), 0)`,
    )
    assert.deepEqual(stdout.trim().split('\n'), ['fired 1', 'uncaught boom', 'fired 3'])
  })

  it('is the same as a timer each, for any order of starts, cancels and pauses', async () => {
    // A model: each deadline fires iff it was not cancelled before its time; those fired, in start order.
    const step = fc.oneof(
      fc.record({ kind: fc.constant('start' as const) }),
      fc.record({ kind: fc.constant('cancel' as const), which: fc.nat() }),
      fc.record({ kind: fc.constant('pause' as const), ms: fc.integer({ min: 0, max: 6 }) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        const ms = 4
        const deadlines = new Deadlines(ms)
        const log: number[] = []
        const started: { id: number; cancel: () => void; at: number; cancelledAt?: number }[] = []
        for (const s of steps) {
          if (s.kind === 'start') {
            const id = started.length
            // Read before the start: the deadline's own time is this or later.
            const at = performance.now() + ms
            const deadline = deadlines.start(fired(log), id)
            started.push({ id, cancel: () => deadline.cancel(), at })
          } else if (s.kind === 'cancel' && started.length > 0) {
            const entry = started[s.which % started.length]!
            entry.cancelledAt ??= performance.now()
            entry.cancel()
          } else if (s.kind === 'pause') await sleep(s.ms)
        }
        await sleep(ms + 20)
        // Fired: never one cancelled before its time could have come; every one never cancelled.
        for (const entry of started) {
          if (entry.cancelledAt === undefined)
            assert.ok(log.includes(entry.id), `deadline ${entry.id} never fired`)
          else if (entry.cancelledAt < entry.at)
            assert.ok(!log.includes(entry.id), `cancelled ${entry.id} fired`)
        }
        assert.deepEqual(
          log,
          [...log].sort((a, b) => a - b),
          'fired in start order',
        )
        assert.equal(new Set(log).size, log.length, 'each fired once')
        assert.equal(deadlines.pending, 0)
      }),
      { numRuns: 40 },
    )
  })

  it('keeps the process alive while a deadline is pending, and not once none is', () => {
    const pending = run(`new Deadlines(300).start(() => console.log('fired'), 0)`)
    assert.equal(pending.stdout.trim(), 'fired')
    // Cancelled: the process leaves at once, not 10 s later when the armed timer would fire.
    const cancelled = run(`new Deadlines(10_000).start(() => console.log('fired'), 0).cancel()`)
    assert.equal(cancelled.stdout, '')
    assert.ok(cancelled.ms < 8_000, `the process waited ${Math.round(cancelled.ms)} ms`)
  })

  it('refuses a duration that is not a finite number of milliseconds', () => {
    for (const ms of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      assert.throws(() => new Deadlines(ms), RangeError)
  })
})
