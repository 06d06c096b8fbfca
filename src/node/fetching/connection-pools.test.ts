// The node's connection pools against real loopback targets: per-origin reuse, the idle cap across
// origins, the idle time-out that closes HTTP/2 sessions undici would keep for ever, and closing.
import assert from 'node:assert/strict'
import { once } from 'node:events'
import type { Socket } from 'node:net'
import { after, describe, test } from 'node:test'
import {
  mapResolver,
  startH2Target,
  startHttpTarget,
  type EgressTarget,
} from '../../../test/helpers/egress-targets.ts'
import { createTestCa } from '../../../test/helpers/test-ca.ts'
import { createAddressPolicy } from './address-policy.ts'
import { createConnectionPools, type ConnectionPoolsOptions } from './connection-pools.ts'
import { createGuardedConnector } from './guarded-connector.ts'

describe('connection pools', async () => {
  const ca = createTestCa(['one.pool.test', 'two.pool.test'])
  const sockets: Socket[] = []
  const http = await startHttpTarget('127.0.0.1', (request, response) => {
    sockets.push(request.socket)
    response.end('ok')
  })
  const h2 = await startH2Target('127.0.0.1', ca, (_request, response) => response.end('ok'))
  const connect = createGuardedConnector({
    resolver: mapResolver({ 'one.pool.test': ['127.0.0.1'], 'two.pool.test': ['127.0.0.1'] }),
    policy: createAddressPolicy(['127.0.0.1/32']),
    connectTimeoutMs: 2_000,
    extraCa: ca.caPem,
  })
  const open: ReturnType<typeof createConnectionPools>[] = []
  function pools(overrides: Partial<ConnectionPoolsOptions> = {}) {
    const created = createConnectionPools({
      connect,
      maxHeaderBytes: 64 * 1024,
      timeoutMs: 5_000,
      maxIdleConnections: 8,
      ...overrides,
    })
    open.push(created)
    return created
  }
  after(async () => {
    await Promise.all(open.map((p) => p.close()))
    await Promise.all([http.close(), h2.close()])
    ca.remove()
  })

  const signal = new AbortController().signal
  async function get(target: EgressTarget, p: ReturnType<typeof pools>, name: string): Promise<string> {
    const response = await p.request(new URL(target.url(name, '/')), { headers: {}, signal })
    const read = await response.collect(1 << 20)
    assert.ok(read.ok)
    const text = Buffer.concat(read.chunks).toString()
    // undici frees the connection just after the body ends, a turn of the event loop later; a request
    // sent in the same turn would open a second one (as in any undici Pool).
    await new Promise((resolve) => setImmediate(resolve))
    return text
  }

  test('one origin reuses its connection; another origin gets its own', async () => {
    const p = pools()
    const before = http.connections()
    for (let i = 0; i < 3; i++) assert.equal(await get(http, p, 'one.pool.test'), 'ok')
    assert.equal(http.connections() - before, 1)
    assert.equal(p.openConnections(), 1)
    await get(http, p, 'two.pool.test')
    assert.equal(http.connections() - before, 2)
    assert.equal(p.openConnections(), 2)
  })

  test('HTTP/1.1: beyond the idle cap the least recently used origin is closed', async () => {
    const p = pools({ maxIdleConnections: 1 })
    await get(http, p, 'one.pool.test')
    const first = sockets.at(-1)
    assert.ok(first !== undefined)
    const closed = once(first, 'close')
    await get(http, p, 'two.pool.test')
    await closed
    assert.equal(p.openConnections(), 1)
  })

  test(
    'with no idle connection allowed, a session closes once its response has ended',
    {
      timeout: 10_000,
    },
    async () => {
      // A long idle time-out: only the cap can close this session (HTTP/2 has no keep-alive time-out).
      const p = pools({ maxIdleConnections: 0, idleTimeoutMs: 600_000 })
      const before = h2.sessions.length
      await get(h2, p, 'one.pool.test')
      const session = h2.sessions[before]
      assert.ok(session !== undefined)
      if (!session.closed) await once(session, 'close')
      assert.equal(p.openConnections(), 0)
    },
  )

  test('an idle HTTP/2 session is closed after the idle time-out', async () => {
    const p = pools({ idleTimeoutMs: 50 })
    const before = h2.sessions.length
    await get(h2, p, 'one.pool.test')
    const session = h2.sessions[before]
    assert.ok(session !== undefined)
    await once(session, 'close')
    assert.equal(p.openConnections(), 0)
  })

  test('after close, a request is refused without dialling', async () => {
    const p = pools()
    await p.close()
    const before = http.connections()
    await assert.rejects(get(http, p, 'one.pool.test'), { code: 'UND_ERR_CLOSED' })
    assert.equal(http.connections(), before)
  })
})
