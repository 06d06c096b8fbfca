import assert from 'node:assert/strict'
import { test } from 'node:test'
import { giveBack, giveBackWhenWritten, idlePoolBytes, minPooledBytes, takeBuffer } from './buffer-pool.ts'

test('a buffer given back is lent again for the next buffer of its size class', () => {
  const first = takeBuffer(300_000)
  assert.ok(first.length >= 300_000)
  // The writer gives back the view it wrote, not the buffer it was lent.
  giveBack(first.subarray(0, 123))
  const second = takeBuffer(290_000)
  assert.equal(second.buffer, first.buffer, 'the same memory')
  const third = takeBuffer(290_000)
  assert.notEqual(third.buffer, first.buffer, 'a buffer still lent is not lent twice')
  giveBack(second)
  giveBack(third)
})

test('giving back twice, or what the pool did not lend, does nothing', () => {
  const lent = takeBuffer(minPooledBytes)
  giveBack(lent)
  const idle = idlePoolBytes()
  giveBack(lent)
  giveBack(Buffer.allocUnsafeSlow(minPooledBytes))
  assert.equal(idlePoolBytes(), idle)
  const again = takeBuffer(minPooledBytes)
  const other = takeBuffer(minPooledBytes)
  assert.notEqual(again.buffer, other.buffer, 'one buffer given back twice is still one buffer')
  giveBack(again)
  giveBack(other)
})

test('small buffers are not pooled, and nothing calls back for them once written', () => {
  const small = takeBuffer(minPooledBytes - 1)
  assert.equal(giveBackWhenWritten(small), undefined)
  const idle = idlePoolBytes()
  giveBack(small)
  assert.equal(idlePoolBytes(), idle)
  const large = takeBuffer(minPooledBytes)
  const lentOut = idlePoolBytes()
  const written = giveBackWhenWritten(large.subarray(0, 10))
  assert.ok(written !== undefined)
  written()
  assert.equal(idlePoolBytes(), lentOut + large.length)
})

test('what the pool keeps idle is bounded', () => {
  const buffers = Array.from({ length: 20 }, () => takeBuffer(4 * 1024 * 1024))
  for (const buffer of buffers) giveBack(buffer)
  assert.ok(idlePoolBytes() <= 32 * 1024 * 1024, `${idlePoolBytes()} bytes idle`)
})

test('a buffer is lent with room to spare by a power of two up to 1 MiB, by whole MiB above', () => {
  const mib = 1024 * 1024
  const sizes = [minPooledBytes + 1, 300_000, mib, mib + 1, 10 * mib + 1]
  const lent = sizes.map((size) => takeBuffer(size))
  assert.deepEqual(
    lent.map((buffer) => buffer.length),
    [2 * minPooledBytes, 512 * 1024, mib, 2 * mib, 11 * mib],
  )
  for (const buffer of lent) giveBack(buffer)
})
