import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway, testPassword } from '../../../../../test/helpers/account-gateway.ts'

describe('POST /v2/account/verify/resend', () => {
  it('mails a new link to an address waiting for confirmation; both links work until one is used', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'ann@example.com', password: testPassword })
    const first = await gw.tokenFrom('ann@example.com', 'verify_email')
    const response = await gw.post('/v2/account/verify/resend', { email: 'ann@example.com' })
    assert.equal(response.statusCode, 202)
    assert.deepEqual(response.json(), { status: 'verification_sent' })
    const second = await gw.tokenFrom('ann@example.com', 'verify_email')
    assert.notEqual(second, first)
    assert.equal((await gw.post('/v2/account/verify', { token: second })).statusCode, 200)
    assert.equal((await gw.post('/v2/account/verify', { token: first })).json().code, 'invalid_token')
    await gw.signIn('ann@example.com')
  })

  it('answers the same for a waiting, a verified and an unknown address, mailing only the first', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'pending@example.com', password: testPassword })
    await gw.verifiedAccount('verified@example.com')
    const mailsBefore = gw.mails.length
    const answers = []
    for (const email of ['pending@example.com', 'verified@example.com', 'nobody@example.com']) {
      const response = await gw.post('/v2/account/verify/resend', { email })
      answers.push({ status: response.statusCode, body: response.body })
    }
    assert.deepEqual(answers[1], answers[0])
    assert.deepEqual(answers[2], answers[0])
    await gw.settle()
    assert.deepEqual(
      gw.mails.slice(mailsBefore).map((mail) => mail.to),
      ['pending@example.com'],
    )
  })

  it('refuses a malformed address with invalid_request', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const response = await gw.post('/v2/account/verify/resend', { email: 'nope' })
    assert.equal(response.statusCode, 422)
    assert.equal(response.json().code, 'invalid_request')
  })
})
