/**
 * One tick kept for each process's life (bin/tick-shape.js): V8 keeps the maps it recorded for the keys of
 * a tick's object literal, and `process.nextTick` stays on its fast path after a full collection that came
 * while no tick was queued. Read from V8's own print of `nextTick`'s feedback (`%DebugPrint`), in a child
 * process: a probe loaded before its program collects the heap twice with no tick queued, runs ticks, and
 * prints, when the program has nothing left to do, or for `sallyport dev`, which serves until stopped,
 * from a timer a few seconds in.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { keepTickShape } from '../../bin/tick-shape.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

// A timer's callback, like a program's end, runs with no tick queued. `%DebugPrint` writes to stdout from
// C++, which a pipe in node's non-blocking mode would cut short.
const probe = `
async function print() {
  const tick = () => new Promise((resolve) => process.nextTick(resolve))
  globalThis.gc();
  globalThis.gc();
  for (let i = 0; i < 500; i++) await tick()
  process.stdout._handle?.setBlocking?.(true);
  %DebugPrint(process.nextTick);
}
const after = Number(process.env.PROBE_AFTER_MS)
if (after > 0) setTimeout(() => print().then(() => process.exit(0)), after).unref()
else process.once('beforeExit', print)
`

type Slots = { monomorphic: number; megamorphic: number }

let dir: string
let probePath: string
let prints = 0

/**
 * The states of `nextTick`'s literal keys' feedback slots after running `args` under the probe. The child's
 * stdout is a file, not a pipe: `%DebugPrint` writes from C++, and a pipe the parent reads slowly (a machine
 * loaded by other tests) cut its print short. A print without the slots says nothing either way: the child
 * is run again, at most three times in all.
 */
async function literalSlots(args: string[], env: Record<string, string> = {}): Promise<Slots> {
  let states: string[] = []
  let printed = ''
  for (let attempt = 0; attempt < 3 && states.length < 4; attempt++) {
    const path = join(dir, `print-${++prints}.txt`)
    const file = await open(path, 'w')
    try {
      const child = spawn(
        process.execPath,
        ['--allow-natives-syntax', '--expose-gc', `--require=${probePath}`, ...args],
        { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', file.fd, file.fd] },
      )
      const [code] = (await once(child, 'exit')) as [number | null]
      assert.equal(code, 0, `the child exited with ${code}`)
    } finally {
      await file.close()
    }
    printed = await readFile(path, 'utf8')
    states = [...printed.matchAll(/slot #\d+ DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!)
  }
  const shown = printed.split('\n').filter((line) => /DebugPrint|feedback|slot|code:/.test(line))
  assert.ok(
    states.length >= 4,
    `nextTick's literal has a slot per key after the first; the print:\n${shown.join('\n')}`,
  )
  return {
    monomorphic: states.filter((state) => state === 'MONOMORPHIC').length,
    megamorphic: states.filter((state) => state === 'MEGAMORPHIC').length,
  }
}

/** A program that runs ticks, some of them awaited, and keeps one first when `keep` says so. */
async function program(name: string, keep: boolean): Promise<string> {
  const path = join(dir, name)
  await writeFile(
    path,
    `import { keepTickShape } from ${JSON.stringify(pathToFileURL(join(root, 'bin/tick-shape.js')).href)}
${keep ? 'const kept = await keepTickShape()\nif (typeof kept.callback !== "function") throw new Error("not a tick")' : ''}
for (let i = 0; i < 50; i++) await new Promise((resolve) => process.nextTick(resolve))
`,
  )
  return path
}

describe('one tick kept for the process', () => {
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sallyport-tick-shape-'))
    probePath = join(dir, 'probe.cjs')
    await writeFile(probePath, probe)
  })
  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps a tick, the same one however often it is asked', async () => {
    const kept = await keepTickShape()
    assert.equal(typeof (kept as { callback?: unknown }).callback, 'function')
    assert.equal(Object.getOwnPropertySymbols(kept).length >= 2, true, 'a tick carries its async ids')
    assert.equal(await keepTickShape(), kept)
  })

  it('without it, a full collection with no tick queued sends nextTick to V8 runtime for good', async () => {
    const slots = await literalSlots([await program('without.mjs', false)])
    assert.ok(slots.megamorphic > 0, `the maps died with the last tick: ${JSON.stringify(slots)}`)
  })

  it('with it, the recorded maps live on and every key keeps its fast path', async () => {
    const slots = await literalSlots([await program('with.mjs', true)])
    assert.deepEqual(slots.megamorphic, 0, JSON.stringify(slots))
  })

  it('every Sallyport process keeps one before its sources load: `sallyport dev` after its start-up', async () => {
    // Without it, `dev`'s start-up (its sources, the migrations) comes to such a collection.
    const slots = await literalSlots(['bin/sallyport.js', 'dev', '--port', '0'], {
      PROBE_AFTER_MS: '4000',
      SALLYPORT_DATA_DIR: join(dir, 'data'),
      SALLYPORT_WORKERS: '1',
      SALLYPORT_LOG_LEVEL: 'warn',
    })
    assert.deepEqual(slots.megamorphic, 0, JSON.stringify(slots))
  })
})
