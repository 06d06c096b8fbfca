import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestGateway, fetchRequest, testKeys } from '../../../../test/helpers/test-gateway.ts'

describe('the data-plane authentication seam', () => {
  it('refuses a request without a key with 401 missing_api_key and WWW-Authenticate', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({ method: 'GET', url: '/v2/proxy/regions' })
    assert.equal(response.statusCode, 401)
    assert.equal(response.json().code, 'missing_api_key')
    assert.match(response.headers['www-authenticate'] as string, /^Bearer realm="sallyport"/)
  })

  it('checks the key before reading the body: a keyless oversized or broken body still gets missing_api_key', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({
      ...fetchRequest('{"url":'),
      headers: { 'content-type': 'application/json' },
    })
    assert.equal(response.json().code, 'missing_api_key')
  })

  it('refuses an unknown key with 401 invalid_api_key', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': 'nope' },
    })
    assert.equal(response.statusCode, 401)
    assert.equal(response.json().code, 'invalid_api_key')
  })

  it('accepts Authorization: Bearer, and x-api-key wins when both are sent', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const bearer = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { authorization: `Bearer ${testKeys.full}` },
    })
    assert.equal(bearer.statusCode, 200)
    const both = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { authorization: `Bearer ${testKeys.full}`, 'x-api-key': 'nope' },
    })
    assert.equal(both.json().code, 'invalid_api_key')
  })

  it('refuses a key without the route scope with 403 missing_scope', async (t) => {
    const gw = await buildTestGateway()
    t.after(() => gw.close())
    const response = await gw.app.inject({
      ...fetchRequest({ url: 'http://example.com/' }),
      headers: { 'x-api-key': testKeys.readOnly, 'content-type': 'application/json' },
    })
    assert.equal(response.statusCode, 403)
    assert.equal(response.json().code, 'missing_scope')
    assert.equal(gw.nodes[0]!.jobs.length, 0)
  })
})
