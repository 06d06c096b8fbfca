import assert from 'node:assert/strict'
import { test } from 'node:test'
import zlib from 'node:zlib'
import { arrivedWhole, dispatched } from '../../../test/helpers/dispatched-response.ts'
import { BodyDecodeError, readBody, type BodyRead } from './body-reader.ts'
import type { TargetResponse } from './target-response.ts'

const text = Buffer.from('deflate either way, '.repeat(500))

/** The body a read gave, joined; its chunks' lengths add up to the length it gave. */
function bytesOf(read: BodyRead): Buffer {
  assert.ok(read.ok)
  const bytes = Buffer.concat(read.chunks)
  assert.equal(bytes.length, read.length)
  return bytes
}

/** A body arriving in the given pieces, as a socket might deliver it. */
function arriving(...pieces: Buffer[]): TargetResponse {
  return arrivedWhole(...pieces).response
}

test('deflate: zlib-wrapped and raw are told apart even when the first chunk is one byte', async () => {
  for (const encoded of [zlib.deflateSync(text), zlib.deflateRawSync(text)]) {
    const read = await readBody(
      arriving(encoded.subarray(0, 1), encoded.subarray(1)),
      'deflate',
      undefined,
      1 << 20,
    )
    assert.deepEqual(bytesOf(read), text)
  }
})

test('an empty body with a coding is empty', async () => {
  for (const coding of ['gzip', 'deflate', 'br']) {
    const read = await readBody(arriving(), coding, undefined, 1024)
    assert.deepEqual(bytesOf(read), Buffer.alloc(0), coding)
  }
})

test('a truncated gzip body yields what was decoded, like browsers', async () => {
  const encoded = zlib.gzipSync(text)
  const read = await readBody(arriving(encoded.subarray(0, encoded.length - 8)), 'gzip', undefined, 1 << 20)
  assert.deepEqual(bytesOf(read), text)
})

test('a declared identity length over the cap fails before reading', async () => {
  const call = dispatched()
  call.response.onRequestStart(call.controller)
  call.response.onResponseStart(call.controller, 200, { 'content-length': '2048' })
  assert.deepEqual(await readBody(call.response, undefined, '2048', 1024), { ok: false, reason: 'too_large' })
  // Nothing read: the connection is closed at once.
  assert.equal(call.controller.aborts.length, 1)
})

test('more than five codings is not decoded: the raw bytes come back', async () => {
  const read = await readBody(
    arriving(Buffer.from('raw')),
    'gzip, gzip, gzip, gzip, gzip, gzip',
    undefined,
    1024,
  )
  assert.deepEqual(bytesOf(read), Buffer.from('raw'))
})

test('corrupt brotli and deflate bodies raise BodyDecodeError', async () => {
  for (const coding of ['br', 'deflate', 'gzip']) {
    await assert.rejects(
      readBody(arriving(Buffer.from('\xff\xfe garbage garbage', 'latin1')), coding, undefined, 1024),
      BodyDecodeError,
      coding,
    )
  }
})
