import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fakeNode, nodeFailure } from '../../../../../test/helpers/test-gateway.ts'
import type { AdmissionStore } from '../../../rate-limits/admission.ts'
import { buildLimitsGateway, gate, heldNode, keys } from '../../../../../test/helpers/limits-gateway.ts'

const fetchPolicy = '"fetch";q=120;w=60, "host";q=60;w=60, "general";q=300;w=60'

describe('POST /v2/proxy/fetch rate limits', () => {
  it('admits 120 fetches a minute, then answers 429 rate_limited until the oldest leaves the window', async (t) => {
    const gw = await buildLimitsGateway()
    t.after(() => gw.close())
    const t0 = gw.clock.now()
    const at = (ms: number) => gw.clock.advance(t0 + ms - gw.clock.now())
    const first = await gw.fetch('http://h0.example/')
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['ratelimit-policy'], fetchPolicy)
    assert.equal(first.headers.ratelimit, '"fetch";r=119;t=60, "host";r=59;t=60')
    // Four hosts, so no host reaches its 60.
    for (let i = 1; i < 120; i++) {
      gw.clock.advance(100)
      assert.equal((await gw.fetch(`http://h${i % 4}.example/`)).statusCode, 200)
    }
    at(20_000)
    const refused = await gw.fetch('http://h9.example/')
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.json().code, 'rate_limited')
    assert.equal(
      refused.headers['retry-after'],
      '40',
      'the first fetch (at t0) leaves the window at t0 + 60 s',
    )
    assert.equal(refused.headers['ratelimit-policy'], fetchPolicy)
    assert.equal(refused.headers.ratelimit, '"fetch";r=0;t=40, "host";r=60;t=60')
    assert.equal(gw.nodes[0]!.jobs.length, 120, 'a refused fetch does no egress')

    at(59_999)
    const almost = await gw.fetch('http://h9.example/')
    assert.equal(almost.statusCode, 429)
    assert.equal(almost.headers['retry-after'], '1', 'rounded up, never 0')
    at(60_000)
    const freed = await gw.fetch('http://h9.example/')
    assert.equal(freed.statusCode, 200, 'an entry exactly 60 s old has left the window')
    assert.equal(freed.headers.ratelimit, '"fetch";r=0;t=1, "host";r=59;t=60')
  })

  it('keeps a budget of 60 per target host: the 61st to one host is target_rate_limited, other hosts pass', async (t) => {
    const gw = await buildLimitsGateway()
    t.after(() => gw.close())
    for (let i = 0; i < 60; i++) {
      gw.clock.advance(250)
      assert.equal((await gw.fetch(`https://a.example/page/${i}`)).statusCode, 200)
    }
    gw.clock.advance(250)
    // The same host however it is written: case and a trailing dot do not make another host.
    for (const url of ['https://a.example/more', 'http://A.EXAMPLE./x', 'https://a.example:8443/']) {
      const refused = await gw.fetch(url)
      assert.equal(refused.statusCode, 429, url)
      assert.equal(refused.json().code, 'target_rate_limited')
      // The oldest fetch to a.example (+0.25 s) leaves the window at +60.25 s; it is +15.25 s now.
      assert.equal(refused.headers['retry-after'], '45')
      assert.equal(refused.headers.ratelimit, '"fetch";r=60;t=45, "host";r=0;t=45')
    }
    const other = await gw.fetch('https://b.example/')
    assert.equal(other.statusCode, 200)
    assert.equal(other.headers.ratelimit, '"fetch";r=59;t=45, "host";r=59;t=60')
  })

  it('keys the host budget by the canonical host: an IPv4-mapped IPv6 literal spends its IPv4 address', async (t) => {
    const gw = await buildLimitsGateway({ limits: { targetHostPerWindow: 2 } })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://127.0.0.7/')).statusCode, 200)
    assert.equal((await gw.fetch('http://0x7f.0.0.7:8080/')).statusCode, 200)
    for (const url of [
      'http://[::ffff:127.0.0.7]/',
      'http://[::FFFF:7f00:7]/',
      'http://[0:0:0:0:0:ffff:7f00:7]/',
    ]) {
      const refused = await gw.fetch(url)
      assert.equal(refused.statusCode, 429, url)
      assert.equal(refused.json().code, 'target_rate_limited', url)
    }
    const names = ['http://bücher.example/', 'http://XN--BCHER-KVA.example./']
    assert.equal((await gw.fetch(names[0]!)).statusCode, 200)
    assert.equal((await gw.fetch(names[1]!)).statusCode, 200)
    assert.equal((await gw.fetch('http://xn--bcher-kva.example/')).json().code, 'target_rate_limited')
    assert.equal(gw.nodes[0]!.jobs.length, 4)
  })

  it('shares one budget between the keys of an account, and none with other accounts', async (t) => {
    const gw = await buildLimitsGateway({ limits: { fetchPerWindow: 3 } })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://x.example/', { apiKey: keys.a1 })).statusCode, 200)
    assert.equal((await gw.fetch('http://x.example/', { apiKey: keys.a2 })).statusCode, 200)
    assert.equal((await gw.fetch('http://x.example/', { apiKey: keys.a1 })).statusCode, 200)
    const refused = await gw.fetch('http://y.example/', { apiKey: keys.a2 })
    assert.equal(refused.json().code, 'rate_limited')
    const other = await gw.fetch('http://x.example/', { apiKey: keys.b })
    assert.equal(other.statusCode, 200)
    assert.equal(other.headers.ratelimit, '"fetch";r=2;t=60, "host";r=59;t=60')
  })

  it('caps the fetches an account runs at once, and frees the slot when a fetch ends', async (t) => {
    const held = gate()
    const gw = await buildLimitsGateway({ nodes: [heldNode(held)], limits: { inFlight: 2 } })
    t.after(() => gw.close())
    const running = [gw.fetch('http://a.example/1'), gw.fetch('http://a.example/2')]
    while (gw.nodes[0]!.jobs.length < 2) await new Promise((resolve) => setImmediate(resolve))
    const third = await gw.fetch('http://a.example/3')
    assert.equal(third.statusCode, 429)
    assert.equal(third.json().code, 'rate_limited')
    assert.match(third.json().detail, /2 fetches of this account are already running/)
    assert.equal(third.headers['retry-after'], '1')
    running.push(gw.fetch('http://a.example/b', { apiKey: keys.b }))
    while (gw.nodes[0]!.jobs.length < 3) await new Promise((resolve) => setImmediate(resolve))
    held.open()
    assert.deepEqual(
      (await Promise.all(running)).map((response) => response.statusCode),
      [200, 200, 200],
      "another account's fetches are not capped by A's",
    )
    assert.equal((await gw.fetch('http://a.example/4')).statusCode, 200)
  })

  it('frees the slot of a fetch that failed, too', async (t) => {
    const gw = await buildLimitsGateway({
      nodes: [fakeNode('us-east', 'e1', { onJob: nodeFailure })],
      limits: { inFlight: 1 },
    })
    t.after(() => gw.close())
    // With a leaked slot the second attempt would be 429.
    for (let i = 0; i < 3; i++) {
      assert.equal((await gw.fetch('http://a.example/', { query: '' })).json().code, 'no_healthy_endpoints')
    }
    assert.deepEqual(
      gw.store.keys().filter((key) => key.startsWith('inflight:')),
      [],
    )
  })

  it('sends RateLimit-Policy on refusals before admission, and nothing to a caller without a key', async (t) => {
    const gw = await buildLimitsGateway()
    t.after(() => gw.close())
    const invalid = await gw.fetch('ftp://example.com/')
    assert.equal(invalid.statusCode, 422)
    assert.equal(invalid.headers['ratelimit-policy'], fetchPolicy)
    assert.equal(invalid.headers.ratelimit, '"general";r=299;t=60', 'a refused call costs the general budget')
    const anonymous = await gw.app.inject({
      method: 'POST',
      url: '/v2/proxy/fetch',
      headers: { 'content-type': 'application/json' },
      payload: '{"url":"http://example.com/"}',
    })
    assert.equal(anonymous.statusCode, 401)
    assert.equal(anonymous.headers['ratelimit-policy'], undefined)
  })

  it('answers 503 store_unavailable with Retry-After when the counter store fails, and does no egress', async (t) => {
    const gw = await buildLimitsGateway({
      admission: (store): AdmissionStore => ({
        ...store,
        admit: () => Promise.reject(new Error('Stream is not writeable and enableOfflineQueue is false')),
      }),
    })
    t.after(() => gw.close())
    const response = await gw.fetch('http://a.example/')
    assert.equal(response.statusCode, 503)
    assert.equal(response.json().code, 'store_unavailable')
    assert.equal(response.headers['retry-after'], '5')
    assert.equal(gw.nodes[0]!.jobs.length, 0)
    const regions = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': keys.a1 },
    })
    assert.equal(regions.json().code, 'store_unavailable')
  })

  it('gives up after the fetch deadline with 504 upstream_unavailable and frees everything', async (t) => {
    const held = gate()
    const gw = await buildLimitsGateway({ nodes: [heldNode(held)], extra: { fetchDeadlineMs: 50 } })
    t.after(() => {
      held.open()
      return gw.close()
    })
    const response = await gw.fetch('http://slow.example/')
    assert.equal(response.statusCode, 504)
    assert.equal(response.json().code, 'upstream_unavailable')
    assert.match(response.json().detail, /did not finish within/)
    assert.deepEqual(
      gw.store.keys().filter((key) => key.startsWith('inflight:')),
      [],
    )
  })
})
