// A target response taken from undici's dispatcher: every way its body is read, with undici's side played
// by a fake controller (test/helpers/dispatched-response.ts). The same paths against real targets, on
// HTTP/1.1 and HTTP/2, are in the fetcher's tests.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { errors } from 'undici'
import { dispatched } from '../../../test/helpers/dispatched-response.ts'
import { Cancellation } from '../../shared/cancellation.ts'

const kib = Buffer.alloc(1024, 'a')

function started(options: Parameters<typeof dispatched>[0] = {}, headers: Record<string, string> = {}) {
  const call = dispatched(options)
  call.response.onRequestStart(call.controller)
  call.response.onResponseStart(call.controller, 200, headers)
  return call
}

test('the headers settle the request; an informational response before them does not', async () => {
  const call = dispatched()
  call.response.onRequestStart(call.controller)
  call.response.onResponseStart(call.controller, 103, { link: '</a.css>; rel=preload' })
  call.response.onResponseStart(call.controller, 404, { 'content-type': 'text/plain' })
  const response = await call.started
  assert.equal(response.statusCode, 404)
  assert.deepEqual(response.headers, { 'content-type': 'text/plain' })
})

test('collect: chunks that came before and after the reader, in order, and the connection kept', async () => {
  const call = started()
  call.response.onResponseData(call.controller, Buffer.from('one '))
  const read = call.response.collect(1024)
  call.response.onResponseData(call.controller, Buffer.from('two'))
  call.response.onResponseEnd()
  const body = await read
  assert.ok(body.ok)
  assert.equal(Buffer.concat(body.chunks).toString(), 'one two')
  assert.equal(body.length, 7)
  assert.equal(call.controller.aborts.length, 0)
  assert.equal(call.settled(), 1)
})

test('collect: past the cap it is too large at once, nothing kept, the connection closed', async () => {
  for (const before of [true, false]) {
    const call = started()
    if (before) call.response.onResponseData(call.controller, Buffer.concat([kib, kib]))
    const read = call.response.collect(1536)
    if (!before) {
      call.response.onResponseData(call.controller, kib)
      call.response.onResponseData(call.controller, kib)
    }
    assert.deepEqual(await read, { ok: false, reason: 'too_large' })
    assert.equal(call.controller.aborts.length, 1, `data before the reader: ${before}`)
    // What undici says after the abort changes nothing.
    call.response.onResponseData(call.controller, kib)
    call.response.onResponseEnd()
  }
})

test('collect: exactly the cap is not too large', async () => {
  const call = started()
  const read = call.response.collect(2048)
  call.response.onResponseData(call.controller, kib)
  call.response.onResponseData(call.controller, kib)
  call.response.onResponseEnd()
  const body = await read
  assert.ok(body.ok)
  assert.equal(body.length, 2048)
})

test('collect: a response that fails, before or after the reader came, rejects with its error', async () => {
  for (const before of [true, false]) {
    const call = started()
    call.response.onResponseData(call.controller, kib)
    const failure = new errors.SocketError('other side closed')
    if (before) call.response.onResponseError(call.controller, failure)
    const read = call.response.collect(1 << 20)
    if (!before) call.response.onResponseError(call.controller, failure)
    await assert.rejects(read, (error) => error === failure)
    assert.equal(call.settled(), 1)
  }
})

test('a body is read one way, once', () => {
  const call = started()
  call.response.dump()
  assert.throws(() => call.response.collect(10), /read once/)
  assert.throws(() => call.response.stream(), /read once/)
})

test('stream: what came before it, then the rest; pauses undici when full and resumes it when read', async () => {
  const call = started()
  call.response.onResponseData(call.controller, Buffer.from('early '))
  const stream = call.response.stream()
  // Far past the stream's high-water mark while nobody reads: undici is told to pause.
  for (let i = 0; i < 100; i++) call.response.onResponseData(call.controller, kib)
  assert.equal(call.controller.paused, true)
  const read: Buffer[] = []
  const done = (async () => {
    for await (const chunk of stream) read.push(chunk as Buffer)
  })()
  await new Promise((resolve) => setImmediate(resolve))
  assert.ok(call.controller.resumes > 0)
  call.response.onResponseEnd()
  await done
  const bytes = Buffer.concat(read)
  assert.equal(bytes.length, 6 + 100 * 1024)
  assert.equal(bytes.subarray(0, 6).toString(), 'early ')
  assert.equal(call.controller.aborts.length, 0)
})

test('stream: destroyed before its end, it aborts the response; a failure destroys it with the error', async () => {
  const call = started()
  const stream = call.response.stream()
  stream.destroy()
  assert.equal(call.controller.aborts.length, 1)

  const failing = started()
  const failed = failing.response.stream()
  const failure = new errors.BodyTimeoutError()
  failing.response.onResponseError(failing.controller, failure)
  await assert.rejects(
    (async () => {
      for await (const _ of failed) void _
    })(),
    (error) => error === failure,
  )
})

test('dump: a small body is read to its end; a longer one, declared or found, closes the connection', () => {
  const small = started()
  small.response.dump(2048)
  small.response.onResponseData(small.controller, kib)
  small.response.onResponseEnd()
  assert.equal(small.controller.aborts.length, 0)

  const declared = started({}, { 'content-length': '4096' })
  declared.response.dump(2048)
  assert.equal(declared.controller.aborts.length, 1)

  const found = started()
  found.response.onResponseData(found.controller, kib)
  found.response.dump(2048)
  found.response.onResponseData(found.controller, kib)
  assert.equal(found.controller.aborts.length, 0)
  found.response.onResponseData(found.controller, kib)
  assert.equal(found.controller.aborts.length, 1)
})

test('a header block over the cap fails the request with HeadersOverflowError', async () => {
  const call = dispatched({ maxHeaderBytes: 64 })
  call.response.onRequestStart(call.controller)
  call.response.onResponseStart(call.controller, 200, { 'x-big': 'v'.repeat(100) })
  await assert.rejects(call.started, errors.HeadersOverflowError)
  assert.equal(call.controller.aborts.length, 1)
})

test('the signal: aborted while queued, at its start; aborted in the body, at once; its listener removed', async () => {
  const queued = new Cancellation()
  const early = dispatched({ signal: queued })
  queued.abort()
  assert.equal(early.controller.aborts.length, 0)
  early.response.onRequestStart(early.controller)
  assert.equal(early.controller.aborts.length, 1)
  await assert.rejects(early.started, errors.RequestAbortedError)
  assert.equal(queued.listenerCount(), 0)

  const reason = new Error('deadline')
  const late = new Cancellation()
  const call = started({ signal: late })
  const read = call.response.collect(1 << 20)
  late.abort(reason)
  await assert.rejects(read, (error) => error === reason)

  const unused = new Cancellation()
  const finished = started({ signal: unused })
  assert.equal(unused.listenerCount(), 1)
  finished.response.onResponseEnd()
  assert.equal(unused.listenerCount(), 0)
  unused.abort()
  assert.equal(finished.controller.aborts.length, 0)
})

test('a signal aborted before the request was made fails it at its start', async () => {
  const signal = new Cancellation()
  signal.abort()
  const call = dispatched({ signal })
  call.response.onRequestStart(call.controller)
  await assert.rejects(call.started, errors.RequestAbortedError)
})
