import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

describe('GET /v2/keys', () => {
  it('lists live keys with id, name, scopes, prefix, created_at, last_used_at and never the key', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const first = await gw.mintKey(session, 'first', ['proxy'])
    gw.clock.advance(1_000)
    const second = await gw.mintKey(session, 'second', ['proxy', 'read'])
    await gw.app.inject({ method: 'GET', url: '/v2/proxy/regions', headers: { 'x-api-key': first.key } })
    await gw.settle()

    const response = await gw.app.inject({
      method: 'GET',
      url: '/v2/keys',
      headers: { cookie: session.headers.cookie! },
    })
    assert.equal(response.statusCode, 200)
    assert.ok(!response.body.includes(first.key) && !response.body.includes(second.key))
    const digests = (await gw.db.selectFrom('api_keys').select('digest').execute()).map((row) => row.digest)
    assert.ok(digests.every((digest) => !response.body.includes(digest)))
    const { keys } = response.json()
    assert.deepEqual(keys, [
      {
        id: first.id,
        name: 'first',
        scopes: ['proxy'],
        prefix: first.prefix,
        created_at: first.created_at,
        last_used_at: new Date(gw.clock.now()).toISOString(),
      },
      {
        id: second.id,
        name: 'second',
        scopes: ['proxy', 'read'],
        prefix: second.prefix,
        created_at: second.created_at,
        last_used_at: null,
      },
    ])
  })

  it('with revoked=include also lists revoked keys, when and from where, and never a target', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const live = await gw.mintKey(session, 'live')
    gw.clock.advance(1_000)
    const gone = await gw.mintKey(session, 'gone')
    gw.clock.advance(60_000)
    const revoked = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${gone.id}`,
      headers: session.headers,
    })
    assert.equal(revoked.statusCode, 204)

    const plain = await gw.app.inject({ url: '/v2/keys', headers: session.headers })
    assert.deepEqual(
      plain.json().keys.map((key: { id: string }) => key.id),
      [live.id],
    )
    const all = await gw.app.inject({ url: '/v2/keys?revoked=include', headers: session.headers })
    const [first, second] = all.json().keys
    assert.equal(first.id, live.id)
    assert.equal(first.revoked_at, undefined)
    assert.equal(second.id, gone.id)
    assert.equal(second.revoked_at, new Date(gw.clock.now()).toISOString())
    assert.equal(second.revoked_from, 'dashboard')
    const unknown = await gw.app.inject({ url: '/v2/keys?revoked=yes', headers: session.headers })
    assert.equal(unknown.statusCode, 422)
  })

  it("shows only the account's own keys", async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    await gw.verifiedAccount('bob@example.com')
    await gw.mintKey(await gw.signIn('ann@example.com'))
    const bob = await gw.signIn('bob@example.com')
    const response = await gw.app.inject({ method: 'GET', url: '/v2/keys', headers: bob.headers })
    assert.deepEqual(response.json(), { keys: [] })
  })

  it('is refused with an API key or without a session: 403 session_required', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    for (const headers of [{ 'x-api-key': key.key }, { authorization: `Bearer ${key.key}` }, {}]) {
      const response = await gw.app.inject({ method: 'GET', url: '/v2/keys', headers })
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'session_required')
    }
  })
})
