import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  buildTestGateway,
  fakeNode,
  fetchRequest,
  nodeFailure,
  testKeys,
} from '../../../../../test/helpers/test-gateway.ts'

describe('POST /v2/proxy/fetch', () => {
  it('answers the flat envelope from a node of the requested region', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject(
      fetchRequest({ url: 'https://example.com/a?b=1' }, '?region=europe', { 'user-agent': 'Probe/2.0' }),
    )
    assert.equal(response.statusCode, 200)
    assert.match(response.headers['content-type'] as string, /^application\/json/)
    const envelope = response.json()
    assert.equal(envelope.region_used, 'europe')
    assert.equal(envelope.device_id, 'node_eu1')
    assert.equal(envelope.result, 'hello')
    assert.deepEqual(gw.nodes[2]!.jobs, [
      {
        url: 'https://example.com/a?b=1',
        user_agent: 'Probe/2.0',
        hop: { redirects_so_far: 0, elapsed_ms_so_far: 0, cookies: { cookies: [], sequence: 0 } },
      },
    ])
    assert.equal(envelope.request_id, undefined, 'the fetch envelope carries no request id (SPEC 2.2)')
    assert.match(response.headers['x-request-id'] as string, /^req_/)
  })

  it('serves an omitted region from the first region in service', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e', { healthy: false }),
      fakeNode('us-west', 'w'),
      fakeNode('europe', 'u'),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }, ''))
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().region_used, 'us-west')
  })

  for (const [name, body, query] of [
    ['region in the body', { url: 'http://example.com/', region: 'us-east' }, '?region=us-east'],
    ['any other field in the body', { url: 'http://example.com/', headers: { a: 'b' } }, ''],
    ['a missing url', {}, ''],
    ['a url that is not a string', { url: 42 }, ''],
    ['a relative url', { url: '/etc/passwd' }, ''],
    ['a file: url', { url: 'file:///etc/passwd' }, ''],
    ['an ftp: url', { url: 'ftp://example.com/' }, ''],
    ['a url with userinfo', { url: 'http://user:pw@example.com/' }, ''],
    ['a JSON array', [{ url: 'http://example.com/' }], ''],
    ['an unknown query parameter', { url: 'http://example.com/' }, '?region=us-east&debug=1'],
  ] as const) {
    it(`refuses ${name} with 422 invalid_request and does no egress`, async (t) => {
      const gw = await buildTestGateway()
      t.after(() => gw.close())
      const response = await gw.app.inject(fetchRequest(body, query))
      assert.equal(response.statusCode, 422)
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
      const problem = response.json()
      assert.equal(problem.code, 'invalid_request')
      assert.equal(problem.status, 422)
      assert.equal(problem.type, '/v2/docs/errors#invalid_request')
      assert.equal(typeof problem.detail, 'string')
      assert.equal(problem.request_id, response.headers['x-request-id'])
      assert.equal(gw.nodes.flatMap((n) => n.jobs).length, 0)
    })
  }

  it('says which field was refused when region is in the body', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/', region: 'europe' }))
    assert.match(response.json().detail, /region/)
  })

  it('refuses an unknown region with 422 unknown_region', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }, '?region=asia'))
    assert.equal(response.statusCode, 422)
    assert.equal(response.json().code, 'unknown_region')
  })

  it('refuses bad JSON, a wrong content type and an empty body with invalid_request', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    for (const request of [
      fetchRequest('{"url": '),
      {
        ...fetchRequest('url=http://example.com/'),
        headers: { 'x-api-key': testKeys.full, 'content-type': 'application/x-www-form-urlencoded' },
      },
      fetchRequest(''),
    ]) {
      const response = await gw.app.inject(request)
      assert.equal(response.statusCode, 422, response.body)
      assert.equal(response.json().code, 'invalid_request')
    }
  })

  it('refuses a body over 16 KiB with 413 payload_too_large', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject(
      fetchRequest({ url: `http://example.com/?q=${'a'.repeat(17 * 1024)}` }),
    )
    assert.equal(response.statusCode, 413)
    assert.equal(response.json().code, 'payload_too_large')
  })

  it('answers region_out_of_service without substitution when the region has nothing in service', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e', { draining: true }),
      fakeNode('us-west', 'w'),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }, '?region=us-east'))
    assert.equal(response.statusCode, 503)
    assert.equal(response.json().code, 'region_out_of_service')
    assert.ok(Number(response.headers['retry-after']) > 0)
    assert.equal(gw.nodes[1]!.jobs.length, 0, 'no other region was substituted')
  })

  it('fails over to another node of the region, then to the other regions in order', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e1', { onJob: nodeFailure }),
      fakeNode('us-east', 'e2', { onJob: nodeFailure }),
      fakeNode('us-west', 'w1', { onJob: nodeFailure }),
      fakeNode('europe', 'u1'),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }, '?region=us-east'))
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().region_used, 'europe')
    assert.equal(response.json().device_id, 'u1')
    assert.deepEqual(
      gw.nodes.map((n) => n.jobs.length),
      [1, 1, 1, 1],
    )
    // Passive check: the failed nodes are out until a probe brings them back.
    assert.deepEqual(gw.fleet.regionsInService(), ['europe'])
  })

  it('answers no_healthy_endpoints when every node fails', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e1', { onJob: nodeFailure }),
      fakeNode('europe', 'u1', { onJob: nodeFailure }),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }))
    assert.equal(response.statusCode, 503)
    assert.equal(response.json().code, 'no_healthy_endpoints')
  })

  it('answers no_healthy_endpoints when no region is given and nothing is in service', async (t) => {
    const gw = await buildTestGateway([fakeNode('us-east', 'e1', { healthy: false })])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }, ''))
    assert.equal(response.json().code, 'no_healthy_endpoints')
  })

  it("passes a target's refusal through and never fails over on it", async (t) => {
    const refuse = async () => ({
      kind: 'refused' as const,
      refusal: {
        code: 'target_not_permitted' as const,
        detail: 'The target address is not permitted.',
        timed_out: false,
      },
    })
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e1', { onJob: refuse }),
      fakeNode('us-west', 'w1'),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }))
    assert.equal(response.statusCode, 403)
    assert.equal(response.json().code, 'target_not_permitted')
    assert.equal(gw.nodes[1]!.jobs.length, 0)
  })

  it('answers 504 upstream_unavailable when the target timed out', async (t) => {
    const timeout = async () => ({
      kind: 'refused' as const,
      refusal: {
        code: 'upstream_unavailable' as const,
        detail: 'The target did not answer in time.',
        timed_out: true,
      },
    })
    const gw = await buildTestGateway([fakeNode('us-east', 'e1', { onJob: timeout })])
    t.after(() => gw.close())
    const response = await gw.app.inject(fetchRequest({ url: 'http://example.com/' }))
    assert.equal(response.statusCode, 504)
    assert.equal(response.json().code, 'upstream_unavailable')
  })

  it('spreads work over the nodes of a region', async (t) => {
    const gw = await buildTestGateway([fakeNode('us-east', 'e1'), fakeNode('us-east', 'e2')])
    t.after(() => gw.close())
    for (let i = 0; i < 4; i++) await gw.app.inject(fetchRequest({ url: 'http://example.com/' }))
    assert.deepEqual(
      gw.nodes.map((n) => n.jobs.length),
      [2, 2],
    )
  })
})
