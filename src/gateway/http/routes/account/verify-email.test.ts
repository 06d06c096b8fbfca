import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway, testPassword } from '../../../../../test/helpers/account-gateway.ts'
import { assertTokenRouteThrottled } from '../../../../../test/helpers/token-throttle.ts'

async function signedUp() {
  const gw = await buildAccountTestGateway()
  await gw.post('/v2/account', { email: 'ann@example.com', password: testPassword })
  return { gw, token: await gw.tokenFrom('ann@example.com', 'verify_email') }
}

describe('POST /v2/account/verify', () => {
  it('verifies the address, after which sign-in works', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    const before = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword })
    assert.equal(before.statusCode, 403)
    assert.equal(before.json().code, 'email_not_verified')
    const response = await gw.post('/v2/account/verify', { token })
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), { status: 'verified' })
    const session = await gw.signIn('ann@example.com')
    assert.match(session.accountId, /^acct_/)
  })

  it('works once: the same token again is 422 invalid_token', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    assert.equal((await gw.post('/v2/account/verify', { token })).statusCode, 200)
    const again = await gw.post('/v2/account/verify', { token })
    assert.equal(again.statusCode, 422)
    assert.equal(again.json().code, 'invalid_token')
  })

  it('expires after 24 hours', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    gw.clock.advance(24 * 60 * 60_000)
    const response = await gw.post('/v2/account/verify', { token })
    assert.equal(response.statusCode, 422)
    assert.equal(response.json().code, 'invalid_token')
  })

  it('still works just before the 24 hours are up', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    gw.clock.advance(24 * 60 * 60_000 - 1)
    assert.equal((await gw.post('/v2/account/verify', { token })).statusCode, 200)
  })

  it('refuses unknown, malformed and reset tokens with invalid_token', async (t) => {
    const { gw } = await signedUp()
    t.after(() => gw.close())
    await gw.post('/v2/account/password-reset', { email: 'ann@example.com' })
    const resetToken = await gw.tokenFrom('ann@example.com', 'reset_password')
    for (const token of ['A'.repeat(43), 'nope', resetToken]) {
      const response = await gw.post('/v2/account/verify', { token })
      assert.equal(response.json().code, 'invalid_token', token)
    }
  })

  it('never verifies through a GET (mail scanners open links)', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    const response = await gw.app.inject({ method: 'GET', url: `/v2/account/verify?token=${token}` })
    assert.equal(response.statusCode, 405)
    assert.equal((await gw.post('/v2/account/verify', { token })).statusCode, 200)
  })

  it('stores only a digest of the token', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    const rows = await gw.db.selectFrom('account_tokens').selectAll().execute()
    assert.equal(rows.length, 1)
    assert.ok(!JSON.stringify(rows).includes(token))
    assert.match(rows[0]!.digest, /^[0-9a-f]{64}$/)
  })

  it('answers 429 too_many_attempts with Retry-After past the ceiling of one client address, and serves another', async (t) => {
    const gw = await buildAccountTestGateway({
      anonymousPolicy: { clientWindowMs: 60_000, perClientAddress: 2, emailWindowMs: 60_000, perEmail: 10 },
    })
    t.after(() => gw.close())
    await gw.post(
      '/v2/account',
      { email: 'ann@example.com', password: testPassword },
      { remoteAddress: '198.51.100.1' },
    )
    const token = await gw.tokenFrom('ann@example.com', 'verify_email')
    await assertTokenRouteThrottled(gw, '/v2/account/verify', token)
    gw.clock.advance(60_000)
    const later = await gw.post(
      '/v2/account/verify',
      { token: 'C'.repeat(43) },
      { remoteAddress: '198.51.100.7' },
    )
    assert.equal(later.json().code, 'invalid_token', 'free again once the window has passed')
  })

  it('refuses a token posted from another site', async (t) => {
    const { gw, token } = await signedUp()
    t.after(() => gw.close())
    const response = await gw.post(
      '/v2/account/verify',
      { token },
      { headers: { origin: 'https://evil.example' } },
    )
    assert.equal(response.json().code, 'csrf_failed')
  })
})
