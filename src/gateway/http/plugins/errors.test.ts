import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestGateway, testKeys } from '../../../../test/helpers/test-gateway.ts'

describe('the one error formatter', () => {
  it('answers an unknown path with 404 not_found as problem+json with a request id', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({ method: 'GET', url: '/v2/nope' })
    assert.equal(response.statusCode, 404)
    assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8')
    const problem = response.json()
    assert.deepEqual(Object.keys(problem).sort(), ['code', 'detail', 'request_id', 'status', 'title', 'type'])
    assert.equal(problem.code, 'not_found')
    assert.equal(problem.request_id, response.headers['x-request-id'])
  })

  it('answers a wrong method on a known path with 405 method_not_allowed and Allow', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/fetch',
      headers: { 'x-api-key': testKeys.full },
    })
    assert.equal(response.statusCode, 405)
    assert.equal(response.json().code, 'method_not_allowed')
    assert.equal(response.headers.allow, 'POST')
  })

  it('formats the errors Fastify raises before routing: a bad percent-encoding, an over-long parameter', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    for (const [url, status, code] of [
      ['/v2/proxy/fetch%zz', 422, 'invalid_request'],
      ['/v2/%E0%A4%A', 422, 'invalid_request'],
      [`/v2/social/hackernews/items/${'1'.repeat(300)}`, 404, 'not_found'],
    ] as const) {
      const response = await gw.app.inject({ method: 'GET', url })
      assert.equal(response.statusCode, status, url)
      assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8', url)
      const problem = response.json()
      assert.equal(problem.code, code, url)
      assert.match(response.headers['x-request-id'] as string, /^req_/, url)
      assert.equal(problem.request_id, response.headers['x-request-id'], url)
    }
  })

  it('gives every answer, success or not, its own request id', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const a = await gw.app.inject({ method: 'GET', url: '/healthz' })
    const b = await gw.app.inject({ method: 'GET', url: '/healthz' })
    assert.match(a.headers['x-request-id'] as string, /^req_[0-9A-Za-z]{20}$/)
    assert.notEqual(a.headers['x-request-id'], b.headers['x-request-id'])
  })

  it('answers the withdrawn search endpoint with 410 serp_withdrawn', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    for (const [method, url] of [
      ['GET', '/v2/serp'],
      ['POST', '/v2/serp'],
      ['GET', '/v2/search'],
      ['POST', '/v2/search'],
    ] as const) {
      const response = await gw.app.inject({ method, url })
      assert.equal(response.statusCode, 410)
      assert.equal(response.json().code, 'serp_withdrawn')
    }
  })
})
