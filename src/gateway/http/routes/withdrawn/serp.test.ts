import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestGateway } from '../../../../../test/helpers/test-gateway.ts'

describe('the withdrawn search endpoint', () => {
  it('answers 410 serp_withdrawn whatever a POST carries, with or without a key', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    for (const url of ['/v2/serp', '/v2/search']) {
      for (const [contentType, payload] of [
        ['application/json', '{"q": "sallyport"}'],
        ['application/json', '{not json'],
        ['text/plain', 'sallyport'],
        ['application/json', JSON.stringify({ q: 'x'.repeat(64 * 1024) })],
      ] as const) {
        const response = await gw.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': contentType, 'x-api-key': 'not-a-key' },
          payload,
        })
        assert.equal(response.statusCode, 410, `${url} ${contentType} ${payload.slice(0, 20)}`)
        const problem = response.json()
        assert.equal(problem.code, 'serp_withdrawn')
        assert.equal(problem.request_id, response.headers['x-request-id'])
      }
      const get = await gw.app.inject({ method: 'GET', url: `${url}?q=sallyport&num=10` })
      assert.equal(get.statusCode, 410)
      assert.equal(get.json().code, 'serp_withdrawn')
    }
  })
})
