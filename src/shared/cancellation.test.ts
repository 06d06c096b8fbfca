import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from 'node:test'
import { request } from 'undici'
import { Cancellation } from './cancellation.ts'

test('abort runs each listener once, in order, with the first reason kept', () => {
  const cancel = new Cancellation()
  const calls: string[] = []
  const first = () => calls.push('first')
  const removed = () => calls.push('removed')
  cancel.addEventListener('abort', first)
  cancel.addEventListener('abort', removed)
  cancel.addEventListener('abort', () => calls.push('second'))
  cancel.removeEventListener('abort', removed)
  assert.equal(cancel.aborted, false)

  const reason = new Error('deadline')
  cancel.abort(reason)
  cancel.abort(new Error('later'))
  assert.deepEqual(calls, ['first', 'second'])
  assert.equal(cancel.aborted, true)
  assert.equal(cancel.reason, reason)

  cancel.addEventListener('abort', () => calls.push('too late'))
  cancel.abort()
  assert.deepEqual(calls, ['first', 'second'], 'a listener added after the abort never runs')
})

test('undici takes it as a request signal: the request stops with the reason', async (t) => {
  const server = createServer(() => {
    // Never answers: only the cancellation ends the request.
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.after(() => {
    server.closeAllConnections()
    server.close()
  })
  const { port } = server.address() as AddressInfo
  const cancel = new Cancellation()
  const pending = request(`http://127.0.0.1:${port}/`, { signal: cancel })
  await once(server, 'request')
  const reason = new Error('the caller went away')
  cancel.abort(reason)
  await assert.rejects(pending, (error) => error === reason)
})
