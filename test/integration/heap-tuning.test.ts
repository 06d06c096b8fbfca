/**
 * The heap tuning every Sallyport process applies before its sources load (bin/heap-tuning.js, ADR 0028):
 * which flags it sets, that node's own command line wins, and that the runtime running the suite knows
 * each flag (V8 prints "unrecognized flag" and carries on without it otherwise).
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, it } from 'node:test'
import { heapFlags, heapFlagsFor, tuneHeap } from '../../bin/heap-tuning.js'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))

function applied(execArgv: string[]): string[] {
  const set: string[] = []
  const returned = tuneHeap(execArgv, (flag: string) => set.push(flag))
  assert.deepEqual(returned, set)
  return set
}

describe('heap tuning', () => {
  it('lets the old generation grow to three times what survived, and counts buffers within its limit', () => {
    assert.deepEqual(heapFlagsFor('13.6.233.17-node.63'), [
      '--heap-growing-percent=200',
      '--external-memory-accounted-in-global-limit',
    ])
    // Node 20's V8 collects such buffers with its young generation, and knows no such flag.
    assert.deepEqual(heapFlagsFor('11.3.244.8-node.33'), ['--heap-growing-percent=200'])
    assert.deepEqual(heapFlags, heapFlagsFor(process.versions.v8))
    assert.deepEqual(applied([]), heapFlags)
    assert.deepEqual(applied(['--enable-source-maps', '--max-old-space-size=4096']), heapFlags)
  })

  it("leaves a flag node's command line sets to it, however it is spelled", () => {
    assert.deepEqual(
      applied(['--heap-growing-percent=50', '--external-memory-accounted-in-global-limit']),
      [],
    )
    assert.deepEqual(
      applied(['--heap_growing_percent=50', '--no-external-memory-accounted-in-global-limit']),
      [],
    )
    assert.deepEqual(
      applied(['--cpu-prof', '--heap-growing-percent']),
      heapFlags.filter((flag) => !flag.startsWith('--heap-growing-percent')),
    )
  })

  it('sets flags this runtime knows: the command starts without a word from V8', async () => {
    const started = await run(process.execPath, ['bin/sallyport.js', '--help'], { cwd: root })
    assert.equal(started.stderr, '')
    assert.match(started.stdout, /^Usage: sallyport/)
    // What the check above would see of a flag this runtime does not know.
    const unknown = await run(process.execPath, [
      '--input-type=module',
      '-e',
      "import v8 from 'node:v8'; v8.setFlagsFromString('--heap-growing-percentage=200')",
    ])
    assert.match(unknown.stderr, /unrecognized flag/)
  })
})
