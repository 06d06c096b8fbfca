import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

describe('DELETE /v2/sessions', () => {
  it("ends every session of the account, not another account's, and keys keep working", async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    await gw.verifiedAccount('bob@example.com')
    const laptop = await gw.signIn('ann@example.com')
    const phone = await gw.signIn('ann@example.com', undefined, '198.51.100.99')
    const bob = await gw.signIn('bob@example.com')
    const key = await gw.mintKey(laptop)

    const response = await gw.app.inject({ method: 'DELETE', url: '/v2/sessions', headers: phone.headers })
    assert.equal(response.statusCode, 204)
    assert.match(response.headers['set-cookie'] as string, /Max-Age=0/)
    for (const session of [laptop, phone]) {
      const after = await gw.app.inject({ method: 'GET', url: '/v2/session', headers: session.headers })
      assert.equal(after.json().code, 'session_required')
    }
    assert.equal(
      (await gw.app.inject({ method: 'GET', url: '/v2/session', headers: bob.headers })).statusCode,
      200,
    )
    const regions = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': key.key },
    })
    assert.equal(regions.statusCode, 200)
  })

  it('needs the CSRF token', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const response = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/sessions',
      headers: { cookie: session.headers.cookie! },
    })
    assert.equal(response.json().code, 'csrf_failed')
  })
})
