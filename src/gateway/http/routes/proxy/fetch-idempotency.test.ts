import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import { envelopeFor, fakeNode } from '../../../../../test/helpers/test-gateway.ts'
import type { IdempotencyStore } from '../../../idempotency/idempotency-store.ts'
import type { CancelSignal } from '../../../../shared/cancellation.ts'
import {
  buildLimitsGateway,
  gate,
  heldNode,
  keys,
  standingStandIn,
} from '../../../../../test/helpers/limits-gateway.ts'

const key = '8e03978e-40d5-43e8-bc93-6894a57f9324'

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve))
}

describe('POST /v2/proxy/fetch with an Idempotency-Key', () => {
  it('replays the stored answer byte for byte, without egress, billing, trial or fetch budget', async (t) => {
    const gw = await buildLimitsGateway({ standing: standingStandIn() })
    t.after(() => gw.close())
    const first = await gw.fetch('https://example.com/a', { key })
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['idempotency-replayed'], undefined)
    gw.clock.advance(5_000)
    // Another key of the same account, the quoted form of the same key, the same url written differently.
    const replay = await gw.fetch('HTTPS://Example.com:443/b/../a', { key: `"${key}"`, apiKey: keys.a2 })
    assert.equal(replay.statusCode, 200)
    assert.equal(replay.headers['idempotency-replayed'], 'true')
    assert.equal(replay.headers['content-type'], first.headers['content-type'])
    assert.deepEqual(replay.rawPayload, first.rawPayload)
    assert.equal(gw.nodes[0]!.jobs.length, 1, 'no second egress')
    assert.equal(gw.metered.length, 1, 'not billed again')
    assert.equal(await gw.store.quotaUsed('{acct_a}'), 1, 'no second trial request')
    // A replay draws on the general budget, not on the fetch or host budget.
    assert.equal(replay.headers.ratelimit, '"general";r=299;t=60')
    const next = await gw.fetch('https://example.com/c')
    assert.equal(next.headers.ratelimit, '"fetch";r=118;t=55, "host";r=58;t=55')
  })

  it('answers 409 with Retry-After while the first attempt runs, and 422 for another url even then', async (t) => {
    const held = gate()
    const gw = await buildLimitsGateway({ nodes: [heldNode(held)] })
    t.after(() => gw.close())
    const first = gw.fetch('https://example.com/a', { key })
    await until(() => gw.nodes[0]!.jobs.length === 1)
    gw.clock.advance(2_000)
    // The different-request check comes first (DESIGN 6).
    for (const [url, query] of [
      ['https://example.com/other', '?region=us-east'],
      ['https://example.com/a', '?region=europe'],
      ['https://example.com/a', ''],
    ] as const) {
      const reused = await gw.fetch(url, { key, query })
      assert.equal(reused.statusCode, 422, `${url} ${query}`)
      assert.equal(reused.json().code, 'idempotency_key_reused')
    }
    const running = await gw.fetch('https://example.com/a', { key })
    assert.equal(running.statusCode, 409)
    assert.equal(running.json().code, 'idempotency_in_flight')
    // The 45 s lease, 2 s of it gone.
    assert.equal(running.headers['retry-after'], '43')
    assert.equal(running.headers.ratelimit, '"general";r=296;t=60', 'three 422s and this 409')
    held.open()
    assert.equal((await first).statusCode, 200)
    const replay = await gw.fetch('https://example.com/a', { key })
    assert.equal(replay.headers['idempotency-replayed'], 'true')
    assert.equal(gw.nodes[0]!.jobs.length, 1)
  })

  it('makes exactly one egress for 50 identical requests at once', async (t) => {
    const held = gate()
    const gw = await buildLimitsGateway({ nodes: [heldNode(held)] })
    t.after(() => gw.close())
    let answered = 0
    const answers = Array.from({ length: 50 }, () =>
      gw.fetch('https://example.com/once', { key }).then((response) => {
        answered++
        return response
      }),
    )
    // Everyone but the request that claimed the key has its answer while the one fetch is still running.
    await until(() => answered === 49)
    held.open()
    const all = await Promise.all(answers)
    assert.equal(gw.nodes[0]!.jobs.length, 1)
    const statuses = all.map((response) => response.statusCode)
    assert.equal(statuses.filter((status) => status === 200).length, 1)
    assert.equal(statuses.filter((status) => status === 409).length, 49)
    assert.equal(gw.metered.length, 1)
  })

  it('stores no error answer: the next request with the key runs the fetch again', async (t) => {
    let refuse = true
    const node = fakeNode('us-east', 'e1', {
      onJob: async (job) =>
        refuse
          ? {
              kind: 'refused' as const,
              refusal: { code: 'upstream_unavailable' as const, detail: 'Refused.', timed_out: false },
            }
          : { kind: 'envelope' as const, body: envelopeFor(node, job) },
    })
    const gw = await buildLimitsGateway({ nodes: [node], standing: standingStandIn() })
    t.after(() => gw.close())
    const failed = await gw.fetch('https://example.com/a', { key })
    assert.equal(failed.statusCode, 502)
    assert.equal(failed.json().code, 'upstream_unavailable')
    refuse = false
    const retried = await gw.fetch('https://example.com/a', { key })
    assert.equal(retried.statusCode, 200)
    assert.equal(retried.headers['idempotency-replayed'], undefined)
    assert.equal(gw.nodes[0]!.jobs.length, 2)
    assert.equal(await gw.store.quotaUsed('{acct_a}'), 1, 'the failed attempt was refunded')
    assert.equal((await gw.fetch('https://example.com/a', { key })).headers['idempotency-replayed'], 'true')
  })

  it('releases the key when admission refuses, so the retry after Retry-After runs', async (t) => {
    const gw = await buildLimitsGateway({ limits: { fetchPerWindow: 1 } })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('https://example.com/x')).statusCode, 200)
    const refused = await gw.fetch('https://example.com/a', { key })
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.headers['retry-after'], '60')
    gw.clock.advance(60_000)
    const retried = await gw.fetch('https://example.com/a', { key })
    assert.equal(retried.statusCode, 200)
    assert.equal(retried.headers['idempotency-replayed'], undefined)
  })

  it('counts replays, 409s and 422s against the general budget', async (t) => {
    const gw = await buildLimitsGateway({ limits: { generalPerWindow: 2 } })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('https://example.com/a', { key })).statusCode, 200)
    assert.equal((await gw.fetch('https://example.com/a', { key })).statusCode, 200)
    assert.equal((await gw.fetch('https://example.com/b', { key })).statusCode, 422)
    const spent = await gw.fetch('https://example.com/a', { key })
    assert.equal(spent.statusCode, 429)
    assert.equal(spent.json().code, 'rate_limited')
    assert.equal(spent.headers['idempotency-replayed'], undefined)
    // A new fetch does not draw on the general budget.
    assert.equal((await gw.fetch('https://example.com/c')).statusCode, 200)
  })

  it('keeps keys per account', async (t) => {
    const gw = await buildLimitsGateway()
    t.after(() => gw.close())
    assert.equal((await gw.fetch('https://example.com/a', { key })).statusCode, 200)
    const other = await gw.fetch('https://example.com/other', { key, apiKey: keys.b })
    assert.equal(other.statusCode, 200)
    assert.equal(other.headers['idempotency-replayed'], undefined)
    assert.equal(gw.nodes[0]!.jobs.length, 2)
  })

  for (const [name, value] of [
    ['too long', 'k'.repeat(129)],
    ['with a space inside', 'two words'],
    ['empty', ''],
    ['not ASCII', 'clé'],
    ['a broken quoted string', '"abc'],
  ] as const) {
    it(`refuses a key ${name} with 422 invalid_request before any work`, async (t) => {
      const gw = await buildLimitsGateway()
      t.after(() => gw.close())
      const response = await gw.fetch('https://example.com/a', { key: value })
      assert.equal(response.statusCode, 422)
      assert.equal(response.json().code, 'invalid_request')
      assert.match(response.json().detail, /Idempotency-Key/)
      assert.equal(gw.nodes[0]!.jobs.length, 0)
      // A refused call costs one unit of the general budget, nothing of the fetch's own budgets.
      assert.deepEqual(gw.store.keys(), ['account_general:{acct_a}'])
    })
  }

  it('accepts a key of exactly 128 characters', async (t) => {
    const gw = await buildLimitsGateway()
    t.after(() => gw.close())
    assert.equal((await gw.fetch('https://example.com/a', { key: 'k'.repeat(128) })).statusCode, 200)
  })

  it('answers 503 store_unavailable when the idempotency store fails, and runs nothing', async (t) => {
    const gw = await buildLimitsGateway({
      idempotency: (store): IdempotencyStore => ({
        ...store,
        begin: () => Promise.reject(new Error('Command timed out')),
      }),
    })
    t.after(() => gw.close())
    const response = await gw.fetch('https://example.com/a', { key })
    assert.equal(response.statusCode, 503)
    assert.equal(response.json().code, 'store_unavailable')
    assert.equal(gw.nodes[0]!.jobs.length, 0)
  })

  it('releases the key when the fetch passes its deadline', async (t) => {
    const held = gate()
    const gw = await buildLimitsGateway({ nodes: [heldNode(held)], extra: { fetchDeadlineMs: 50 } })
    t.after(() => {
      held.open()
      return gw.close()
    })
    assert.equal((await gw.fetch('https://example.com/a', { key })).statusCode, 504)
    held.open()
    const retried = await gw.fetch('https://example.com/a', { key })
    assert.equal(retried.statusCode, 200)
    assert.equal(gw.nodes[0]!.jobs.length, 2)
  })

  it('finishes a keyed fetch whose caller went away and stores it; an unkeyed one is cancelled', async (t) => {
    const held = gate()
    const signals = new Map<string, CancelSignal>()
    const node = heldNode(held)
    const onJob = node.onJob
    node.onJob = (job, signal) => {
      signals.set(job.url, signal!)
      return onJob(job, signal)
    }
    const gw = await buildLimitsGateway({ nodes: [node] })
    t.after(() => gw.close())
    await gw.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = gw.app.server.address() as AddressInfo
    const send = (url: string, headers: Record<string, string>) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/proxy/fetch?region=us-east',
        headers: { 'x-api-key': keys.a1, 'content-type': 'application/json', ...headers },
      })
      request.on('error', () => undefined)
      request.end(JSON.stringify({ url }))
      return request
    }
    const keyedUrl = 'https://example.com/keyed'
    const plainUrl = 'https://example.com/plain'
    const keyed = send(keyedUrl, { 'idempotency-key': key })
    const plain = send(plainUrl, {})
    await until(() => signals.size === 2)
    keyed.destroy()
    plain.destroy()
    await until(() => signals.get(plainUrl)!.aborted)
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.equal(signals.get(keyedUrl)!.aborted, false, 'the keyed fetch runs on')
    held.open()
    await until(() => gw.metered.length === 1)
    const replay = await gw.fetch(keyedUrl, { key })
    assert.equal(replay.statusCode, 200)
    assert.equal(replay.headers['idempotency-replayed'], 'true')
    assert.equal(gw.nodes[0]!.jobs.length, 2)
  })
})
