import assert from 'node:assert/strict'
import { describe, it, type TestContext } from 'node:test'
import { buildTestGateway, testKeys } from '../../../../../test/helpers/test-gateway.ts'
import { catalogEntries } from '../../../user-agents/catalog-entries.ts'

const get = (url: string, headers: Record<string, string> = { 'x-api-key': testKeys.readOnly }) => ({
  method: 'GET' as const,
  url,
  headers,
})

async function gateway(t: TestContext) {
  const gw = await buildTestGateway()
  t.after(() => gw.close())
  return gw.app
}

type Entry = (typeof catalogEntries)[number]
const ids = (body: { user_agents: Entry[] }) => body.user_agents.map((entry) => entry.id)

describe('GET /v2/user-agents/', () => {
  it('lists the whole catalog to a key with the read scope, cacheable for an hour', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents/'))
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-type']), /^application\/json/)
    assert.equal(response.headers['cache-control'], 'private, max-age=3600')
    assert.deepEqual(response.json(), { user_agents: catalogEntries, count: catalogEntries.length })
  })

  it('answers a key with both scopes the same way', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents/', { authorization: `Bearer ${testKeys.full}` }))
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().count, catalogEntries.length)
  })

  it('filters by browser', async (t) => {
    const app = await gateway(t)
    const body = (await app.inject(get('/v2/user-agents/?browser=firefox'))).json()
    const expected = catalogEntries.filter((entry) => entry.browser === 'firefox')
    assert.ok(expected.length > 0)
    assert.deepEqual(body, { user_agents: expected, count: expected.length })
  })

  it('filters by operating system', async (t) => {
    const app = await gateway(t)
    const body = (await app.inject(get('/v2/user-agents/?os=ios'))).json()
    assert.ok(body.count > 0)
    assert.ok(
      body.user_agents.every((entry: Entry) => entry.os === 'ios' && entry.user_agent.includes('iPhone')),
    )
    assert.deepEqual(
      ids(body),
      catalogEntries.filter((entry) => entry.os === 'ios').map((entry) => entry.id),
    )
  })

  it('filters by device type', async (t) => {
    const app = await gateway(t)
    const body = (await app.inject(get('/v2/user-agents/?device_type=tablet'))).json()
    assert.deepEqual(
      ids(body),
      catalogEntries.filter((entry) => entry.device_type === 'tablet').map((entry) => entry.id),
    )
    assert.deepEqual(
      new Set(body.user_agents.map((entry: Entry) => entry.os)),
      new Set(['android', 'ipados']),
    )
  })

  it('combines filters, and limit takes the newest first', async (t) => {
    const app = await gateway(t)
    const all = (
      await app.inject(get('/v2/user-agents/?browser=chrome&os=android&device_type=mobile'))
    ).json()
    assert.ok(all.count >= 2)
    for (const entry of all.user_agents as Entry[]) {
      assert.equal(entry.browser, 'chrome')
      assert.equal(entry.os, 'android')
      assert.equal(entry.device_type, 'mobile')
    }
    const one = (
      await app.inject(get('/v2/user-agents/?device_type=mobile&limit=1&os=android&browser=chrome'))
    ).json()
    assert.deepEqual(one, { user_agents: [all.user_agents[0]], count: 1 })
  })

  it('answers an empty list, not an error, when nothing matches', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents/?browser=safari&os=windows'))
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { user_agents: [], count: 0 })
  })

  it('refuses a key with only the proxy scope with 403 missing_scope', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents/', { 'x-api-key': testKeys.proxyOnly }))
    assert.equal(response.statusCode, 403)
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/)
    assert.equal(response.json().code, 'missing_scope')
    assert.equal(response.headers['cache-control'], undefined)
  })

  it('refuses a request without a key with 401 missing_api_key and a challenge', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents/', {}))
    assert.equal(response.statusCode, 401)
    assert.equal(response.json().code, 'missing_api_key')
    assert.ok(response.headers['www-authenticate'])
  })

  it('refuses an unknown key with 401 invalid_api_key', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents/', { 'x-api-key': 'not-a-key' }))
    assert.equal(response.statusCode, 401)
    assert.equal(response.json().code, 'invalid_api_key')
  })

  for (const query of [
    'browser=opera',
    'os=Windows',
    'device_type=phone',
    'browser=chrome&browser=firefox',
    'limit=0',
    'limit=101',
    'limit=abc',
    'limit=-1',
    'region=us-east',
    'format=json',
  ]) {
    it(`refuses ?${query} with 422 invalid_request`, async (t) => {
      const app = await gateway(t)
      const response = await app.inject(get(`/v2/user-agents/?${query}`))
      assert.equal(response.statusCode, 422)
      assert.equal(response.json().code, 'invalid_request')
    })
  }

  it('is only at the path with the trailing slash', async (t) => {
    const app = await gateway(t)
    const response = await app.inject(get('/v2/user-agents'))
    assert.equal(response.statusCode, 404)
    assert.equal(response.json().code, 'not_found')
  })
})
