/**
 * `node --import tsx bench/micro/cold-work.ts [--quick]`
 *
 * What the same piece of JavaScript costs when the process runs it straight after its last piece, and when
 * it runs it after sleeping, as every process of the production topology does between the messages of a
 * fetch unless it is kept busy. The work is fixed: a walk over 20,000 small objects and a JSON envelope of
 * 1 KiB, well under 0.1 ms when warm. It is timed back to back, after a 1 ms and after a 5 ms sleep on an
 * otherwise quiet machine, then back to back and after a 5 ms sleep while other processes (one per core,
 * forked here) take turns on the cores with work of their own, as the load generator, the target, Redis and
 * PostgreSQL do in the benchmark. The quiet pauses are timed in turn, round after round, so a drift of the
 * machine's speed touches each alike. Prints the median of each and its ratio to the first
 * (docs/performance.md, 2026-12-02 later).
 */
import { fork, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { summarise } from '../lib/stats.ts'

if (process.argv[2] === '--neighbour') {
  // A neighbour: bursts of work of its own, with short sleeps, as a process serving requests does.
  const junk = Array.from({ length: 50_000 }, (_, i) => ({ i, s: `n${i}` }))
  for (;;) {
    const until = performance.now() + 2
    let sum = 0
    while (performance.now() < until) for (const item of junk) sum += item.i + item.s.length
    if (sum < 0) console.log(sum)
    await sleep(1)
  }
}

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, strict: true })
const samples = values.quick ? 20 : 100

const objects = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, pair: [i, i + 1] }))
const body = 'x'.repeat(1024)

function work(): number {
  let sum = 0
  for (const object of objects) sum += object.id + object.name.length + object.pair[1]!
  const envelope = JSON.stringify({ status: 200, headers: { 'content-type': 'text/plain' }, body })
  return sum + envelope.length
}

function timeOnce(): number {
  const started = performance.now()
  work()
  return (performance.now() - started) * 1000
}

/** `rounds` rounds of `samples` timings after each pause in turn, so that a drift of the machine's speed
 * touches every pause alike; the median of each pause's timings, µs. */
async function measure(pausesMs: readonly number[], rounds: number): Promise<number[]> {
  const times = pausesMs.map(() => new Float64Array(rounds * samples))
  for (let round = 0; round < rounds; round++) {
    for (const [index, pauseMs] of pausesMs.entries()) {
      for (let i = 0; i < samples; i++) {
        if (pauseMs > 0) await sleep(pauseMs)
        times[index]![round * samples + i] = timeOnce()
      }
    }
  }
  return times.map((each) => summarise(each).p50)
}

// Optimised before anything is timed.
for (let i = 0; i < 2_000; i++) work()

const [warm, afterShortSleep, afterSleep] = (await measure([0, 1, 5], 5)) as [number, number, number]
const neighbours: ChildProcess[] = Array.from({ length: availableParallelism() }, () =>
  fork(process.argv[1]!, ['--neighbour'], { execArgv: process.execArgv, stdio: 'ignore' }),
)
await sleep(500)
let busyWarm: number
let withNeighbours: number
try {
  ;[busyWarm, withNeighbours] = (await measure([0, 5], 3)) as [number, number]
} finally {
  for (const child of neighbours) child.kill('SIGKILL')
}

const row = (name: string, us: number) =>
  `  ${name.padEnd(44)} ${us.toFixed(0).padStart(6)} µs  ${(us / warm).toFixed(2)}x`
console.log(`the same work, medians (Node ${process.version}, ${availableParallelism()} cores)`)
console.log(row('back to back', warm))
console.log(row('after a 1 ms sleep, machine quiet', afterShortSleep))
console.log(row('after a 5 ms sleep, machine quiet', afterSleep))
console.log(row('back to back, other processes busy', busyWarm))
console.log(row('after a 5 ms sleep, other processes busy', withNeighbours))
