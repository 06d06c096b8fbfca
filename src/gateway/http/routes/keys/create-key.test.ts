import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { isWellFormedApiKey } from '../../../keys/api-key-format.ts'
import { fetchRequest } from '../../../../../test/helpers/test-gateway.ts'

async function signedIn() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  return { gw, session: await gw.signIn('ann@example.com') }
}

describe('POST /v2/keys', () => {
  it('mints a key shown once: 201 with id, key, name, scopes, prefix, created_at', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const response = await gw.post(
      '/v2/keys',
      { name: ' crawler ', scopes: ['read', 'proxy'] },
      { headers: session.headers },
    )
    assert.equal(response.statusCode, 201)
    assert.equal(response.headers['cache-control'], 'no-store')
    const key = response.json()
    assert.deepEqual(Object.keys(key).sort(), ['created_at', 'id', 'key', 'name', 'prefix', 'scopes'])
    assert.match(key.id, /^key_/)
    assert.ok(isWellFormedApiKey(key.key))
    assert.equal(key.name, 'crawler')
    assert.deepEqual(key.scopes, ['proxy', 'read'])
    assert.equal(key.prefix, `${key.key.slice(0, 12)}…`)
    assert.equal(key.created_at, new Date(gw.clock.now()).toISOString())
  })

  it('stores only the digest of the key', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    const rows = await gw.db.selectFrom('api_keys').selectAll().execute()
    assert.ok(!JSON.stringify(rows).includes(key.key))
    assert.match(rows[0]!.digest, /^[0-9a-f]{64}$/)
  })

  it('gives a key exactly its scopes on the data plane', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const proxyOnly = await gw.mintKey(session, 'proxy only', ['proxy'])
    const readOnly = await gw.mintKey(session, 'read only', ['read'])
    const withProxy = await gw.app.inject({
      ...fetchRequest({ url: 'http://example.com/' }),
      headers: { 'x-api-key': proxyOnly.key, 'content-type': 'application/json' },
    })
    assert.equal(withProxy.statusCode, 200)
    const withRead = await gw.app.inject({
      ...fetchRequest({ url: 'http://example.com/' }),
      headers: { 'x-api-key': readOnly.key, 'content-type': 'application/json' },
    })
    assert.equal(withRead.statusCode, 403)
    assert.equal(withRead.json().code, 'missing_scope')
  })

  for (const [name, body] of [
    ['an empty name', { name: '', scopes: ['proxy'] }],
    ['a blank name', { name: '   ', scopes: ['proxy'] }],
    ['a name over 64 characters', { name: 'x'.repeat(65), scopes: ['proxy'] }],
    ['no scopes', { name: 'k', scopes: [] }],
    ['an unknown scope', { name: 'k', scopes: ['admin'] }],
    ['a repeated scope', { name: 'k', scopes: ['proxy', 'proxy'] }],
    ['an extra field', { name: 'k', scopes: ['proxy'], account_id: 'acct_x' }],
  ] as const) {
    it(`refuses ${name} with 422 invalid_request`, async (t) => {
      const { gw, session } = await signedIn()
      t.after(() => gw.close())
      const response = await gw.post('/v2/keys', body, { headers: session.headers })
      assert.equal(response.statusCode, 422)
      assert.equal(response.json().code, 'invalid_request')
      assert.equal((await gw.db.selectFrom('api_keys').selectAll().execute()).length, 0)
    })
  }

  it('refuses without the CSRF token, from a foreign Origin, and with an API key', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    const body = { name: 'k', scopes: ['proxy'] }
    const noToken = await gw.post('/v2/keys', body, { headers: { cookie: session.headers.cookie! } })
    assert.equal(noToken.json().code, 'csrf_failed')
    const foreign = await gw.post('/v2/keys', body, {
      headers: { ...session.headers, origin: 'https://evil.example' },
    })
    assert.equal(foreign.json().code, 'csrf_failed')
    // SPEC 5.4: a key cannot issue its successor.
    for (const headers of [{ 'x-api-key': key.key }, { authorization: `Bearer ${key.key}` }]) {
      const response = await gw.post('/v2/keys', body, { headers })
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'session_required')
    }
    assert.equal((await gw.db.selectFrom('api_keys').selectAll().execute()).length, 1)
  })

  it('never writes the key to the log', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    await gw.app.inject({ method: 'GET', url: '/v2/keys', headers: session.headers })
    await gw.app.inject({
      ...fetchRequest({ url: 'http://example.com/' }),
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
    })
    await gw.app.inject({ method: 'DELETE', url: `/v2/keys/${key.id}`, headers: session.headers })
    await gw.app.inject({ method: 'GET', url: '/v2/proxy/regions', headers: { 'x-api-key': key.key } })
    await gw.settle()
    const log = gw.logLines.join('')
    assert.ok(log.includes(key.id), 'the key id is logged')
    assert.ok(log.includes(session.accountId), 'the account id is logged')
    for (const secret of [key.key, key.key.slice(12), session.cookie, session.csrf]) {
      assert.ok(!log.includes(secret), 'a secret reached the log')
    }
    assert.ok(!log.includes('correct horse battery'), 'the password reached the log')
  })
})
