import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { describe, it } from 'node:test'
import { nodeArgs } from '../../bench/lib/node-args.ts'

describe("bench's --node-args: node flags for the Sallyport processes only", () => {
  it('takes flags with and without values, split at white space', () => {
    assert.deepEqual(nodeArgs(undefined), [])
    assert.deepEqual(nodeArgs('--single-threaded-gc'), ['--single-threaded-gc'])
    assert.deepEqual(nodeArgs('  --perf-prof   --interpreted-frames-native-stack '), [
      '--perf-prof',
      '--interpreted-frames-native-stack',
    ])
    assert.deepEqual(nodeArgs('--max-semi-space-size=64 --heap_growing_percent=150'), [
      '--max-semi-space-size=64',
      '--heap_growing_percent=150',
    ])
  })

  it('refuses what node would take as a script or an option of its own, and nothing at all', () => {
    assert.throws(() => nodeArgs(''), /--node-args takes node flags/)
    assert.throws(() => nodeArgs('   '), /--node-args takes node flags/)
    assert.throws(() => nodeArgs('bench/target.ts'), /"bench\/target.ts" is not a node flag/)
    assert.throws(() => nodeArgs('--perf-prof -e'), /"-e" is not a node flag/)
    assert.throws(() => nodeArgs('--=1'), /is not a node flag/)
  })

  it('stops `npm run bench` before it starts anything, with the reason', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', '--node-args=--perf-prof bench/target.ts', '--quick'],
      { encoding: 'utf8', timeout: 60_000 },
    )
    assert.notEqual(run.status, 0)
    assert.match(run.stderr, /--node-args: "bench\/target.ts" is not a node flag/)
    assert.doesNotMatch(run.stdout, /Sallyport benchmark/)
  })
})
