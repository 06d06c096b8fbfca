import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

async function twoKeys() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  const doomed = await gw.mintKey(session, 'doomed')
  const kept = await gw.mintKey(session, 'kept')
  const regions = (key: string) =>
    gw.app.inject({ method: 'GET', url: '/v2/proxy/regions', headers: { 'x-api-key': key } })
  return { gw, session, doomed, kept, regions }
}

describe('DELETE /v2/keys/{id}', () => {
  it('revokes: the key is refused on the very next request, the other keys are unaffected', async (t) => {
    const { gw, session, doomed, kept, regions } = await twoKeys()
    t.after(() => gw.close())
    assert.equal((await regions(doomed.key)).statusCode, 200)
    const response = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${doomed.id}`,
      headers: session.headers,
    })
    assert.equal(response.statusCode, 204)
    const next = await regions(doomed.key)
    assert.equal(next.statusCode, 401)
    assert.equal(next.json().code, 'invalid_api_key')
    assert.equal((await regions(kept.key)).statusCode, 200)
    const listed = await gw.app.inject({ method: 'GET', url: '/v2/keys', headers: session.headers })
    assert.deepEqual(
      listed.json().keys.map((key: { id: string }) => key.id),
      [kept.id],
    )
  })

  it("answers 404 not_found for another account's key and leaves it working", async (t) => {
    const { gw, doomed, regions } = await twoKeys()
    t.after(() => gw.close())
    await gw.verifiedAccount('mallory@example.com')
    const mallory = await gw.signIn('mallory@example.com')
    const response = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${doomed.id}`,
      headers: mallory.headers,
    })
    assert.equal(response.statusCode, 404)
    assert.equal(response.json().code, 'not_found')
    assert.equal((await regions(doomed.key)).statusCode, 200)
  })

  it('answers 404 for an unknown id and for a key already revoked', async (t) => {
    const { gw, session, doomed } = await twoKeys()
    t.after(() => gw.close())
    const unknown = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/keys/key_nope',
      headers: session.headers,
    })
    assert.equal(unknown.json().code, 'not_found')
    await gw.app.inject({ method: 'DELETE', url: `/v2/keys/${doomed.id}`, headers: session.headers })
    const twice = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${doomed.id}`,
      headers: session.headers,
    })
    assert.equal(twice.statusCode, 404)
  })

  it('needs the CSRF token and refuses API keys, the key itself included', async (t) => {
    const { gw, session, doomed, regions } = await twoKeys()
    t.after(() => gw.close())
    const noToken = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${doomed.id}`,
      headers: { cookie: session.headers.cookie! },
    })
    assert.equal(noToken.json().code, 'csrf_failed')
    const byKey = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${doomed.id}`,
      headers: { 'x-api-key': doomed.key },
    })
    assert.equal(byKey.json().code, 'session_required')
    assert.equal((await regions(doomed.key)).statusCode, 200)
  })
})
