import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { PassThrough } from 'node:stream'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { atTurnEnd, createTurnCork } from './turn-cork.ts'

/** One turn of the event loop later: after the immediates set before this call. */
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve))

test('atTurnEnd runs after the turn, in the order queued, and what is queued meanwhile in the same pass', async () => {
  const seen: string[] = []
  atTurnEnd(() => {
    seen.push('first')
    atTurnEnd(() => seen.push('queued while running'))
    // An immediate set now belongs to the next turn: the pass does not wait for it.
    setImmediate(() => seen.push('next turn'))
  })
  atTurnEnd(() => seen.push('second'))
  seen.push('the turn itself')
  await immediate()
  assert.deepEqual(seen, ['the turn itself', 'first', 'second', 'queued while running'])
  await immediate()
  assert.deepEqual(seen, ['the turn itself', 'first', 'second', 'queued while running', 'next turn'])
})

test('a function that throws leaves the rest of the queue, and later turns, to run', () => {
  // In a process of its own: the error is thrown out of an immediate, as any immediate's would be.
  const module = fileURLToPath(new URL('./turn-cork.ts', import.meta.url))
  const script = `
    import { atTurnEnd } from ${JSON.stringify(module)}
    const seen = []
    process.on('uncaughtException', (error) => seen.push('uncaught ' + error.message))
    atTurnEnd(() => seen.push('before'))
    atTurnEnd(() => { throw new Error('boom') })
    atTurnEnd(() => seen.push('after'))
    setTimeout(() => {
      atTurnEnd(() => seen.push('a later turn'))
      setTimeout(() => console.log(JSON.stringify(seen)), 20)
    }, 20)
  `
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  assert.equal(child.status, 0, child.stderr)
  assert.deepEqual(JSON.parse(child.stdout), ['before', 'uncaught boom', 'after', 'a later turn'])
})

test('the writes of a turn leave in one write, also those made at its end', async () => {
  const stream = new PassThrough()
  const writes: string[] = []
  stream._writev = function (chunks, callback) {
    writes.push(chunks.map(({ chunk }) => String(chunk)).join(''))
    callback()
  }
  const cork = createTurnCork()
  const write = (text: string) => {
    cork(stream)
    stream.write(text)
  }
  write('a')
  write('b')
  atTurnEnd(() => write('c'))
  await immediate()
  assert.deepEqual(writes, ['abc'])
  write('d')
  write('e')
  await immediate()
  assert.deepEqual(writes, ['abc', 'de'])
})
