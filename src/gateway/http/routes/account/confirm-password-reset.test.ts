import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway, testPassword } from '../../../../../test/helpers/account-gateway.ts'

const newPassword = 'a brand new password'

async function withResetMail() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  await gw.post('/v2/account/password-reset', { email: 'ann@example.com' })
  return { gw, token: await gw.tokenFrom('ann@example.com', 'reset_password') }
}

describe('POST /v2/account/password-reset/confirm', () => {
  it('sets the new password: the old one stops working, the new one signs in', async (t) => {
    const { gw, token } = await withResetMail()
    t.after(() => gw.close())
    const response = await gw.post('/v2/account/password-reset/confirm', { token, password: newPassword })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { status: 'password_changed' })
    const old = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword })
    assert.equal(old.json().code, 'invalid_credentials')
    await gw.signIn('ann@example.com', newPassword)
  })

  it('ends every session of the account, and keys keep working', async (t) => {
    const { gw, token } = await withResetMail()
    t.after(() => gw.close())
    const laptop = await gw.signIn('ann@example.com')
    const phone = await gw.signIn('ann@example.com')
    const key = await gw.mintKey(laptop)
    await gw.post('/v2/account/password-reset/confirm', { token, password: newPassword })
    for (const session of [laptop, phone]) {
      const response = await gw.app.inject({ method: 'GET', url: '/v2/session', headers: session.headers })
      assert.equal(response.json().code, 'session_required')
    }
    const regions = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': key.key },
    })
    assert.equal(regions.statusCode, 200)
  })

  it('works once, and only for an hour', async (t) => {
    const { gw, token } = await withResetMail()
    t.after(() => gw.close())
    assert.equal(
      (await gw.post('/v2/account/password-reset/confirm', { token, password: newPassword })).statusCode,
      200,
    )
    const again = await gw.post('/v2/account/password-reset/confirm', {
      token,
      password: 'yet another password',
    })
    assert.equal(again.statusCode, 422)
    assert.equal(again.json().code, 'invalid_token')

    await gw.post('/v2/account/password-reset', { email: 'ann@example.com' })
    const late = await gw.tokenFrom('ann@example.com', 'reset_password')
    gw.clock.advance(60 * 60_000)
    const expired = await gw.post('/v2/account/password-reset/confirm', {
      token: late,
      password: 'yet another password',
    })
    assert.equal(expired.json().code, 'invalid_token')
  })

  it('refuses a verification token and a short password', async (t) => {
    const { gw, token } = await withResetMail()
    t.after(() => gw.close())
    const short = await gw.post('/v2/account/password-reset/confirm', { token, password: 'short' })
    assert.equal(short.statusCode, 422)
    assert.equal(short.json().code, 'invalid_request')
    assert.match(short.json().detail, /password/)
    await gw.post('/v2/account', { email: 'bob@example.com', password: testPassword })
    const verifyToken = await gw.tokenFrom('bob@example.com', 'verify_email')
    const wrongKind = await gw.post('/v2/account/password-reset/confirm', {
      token: verifyToken,
      password: newPassword,
    })
    assert.equal(wrongKind.json().code, 'invalid_token')
  })

  it('confirms a pending address: following the link proves the mailbox', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'ann@example.com', password: 'a stranger set this' })
    await gw.post('/v2/account/password-reset', { email: 'ann@example.com' })
    const token = await gw.tokenFrom('ann@example.com', 'reset_password')
    await gw.post('/v2/account/password-reset/confirm', { token, password: newPassword })
    await gw.signIn('ann@example.com', newPassword)
  })
})
