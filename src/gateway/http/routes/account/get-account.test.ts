import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

describe('GET /v2/account', () => {
  it('answers the account and its trial for a session', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('Ann@Example.com')
    gw.clock.advance(2 * 86_400_000)
    const session = await gw.signIn('ann@example.com')
    const response = await gw.app.inject({
      method: 'GET',
      url: '/v2/account',
      headers: { cookie: session.headers.cookie! },
    })
    assert.equal(response.statusCode, 200)
    const account = response.json()
    assert.equal(account.id, session.accountId)
    assert.equal(account.email, 'Ann@example.com')
    assert.equal(account.email_verified, true)
    assert.equal(account.plan, 'trial')
    assert.equal(account.created_at, new Date(gw.clock.now() - 2 * 86_400_000).toISOString())
    assert.deepEqual(account.trial, {
      ends_at: new Date(gw.clock.now() + 28 * 86_400_000).toISOString(),
      days_left: 28,
      requests_used: 0,
      requests_left: 1000,
      requests_included: 1000,
    })
    assert.equal(account.password_hash, undefined)
  })

  it('refuses a request without a session with 403 session_required', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    for (const headers of [
      {},
      { cookie: 'sallyport_session=forged' },
      { cookie: `sallyport_session=${'A'.repeat(43)}` },
    ]) {
      const response = await gw.app.inject({ method: 'GET', url: '/v2/account', headers })
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'session_required')
    }
  })

  it('refuses an API key with session_required', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    const response = await gw.app.inject({
      method: 'GET',
      url: '/v2/account',
      headers: { 'x-api-key': key.key },
    })
    assert.equal(response.statusCode, 403)
    assert.equal(response.json().code, 'session_required')
  })
})
