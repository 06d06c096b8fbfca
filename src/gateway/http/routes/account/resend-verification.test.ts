import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  buildAccountTestGateway,
  testPassword,
  type AccountGateway,
} from '../../../../../test/helpers/account-gateway.ts'

const victimPassword = 'the owner password'
const strangerPassword = 'stranger password'

/** Sign-in must not give a session; answers the error code. */
async function refusedSignIn(gw: AccountGateway, email: string, password: string): Promise<string> {
  const response = await gw.post('/v2/session', { email, password })
  assert.notEqual(response.statusCode, 200)
  assert.equal(response.headers['set-cookie'], undefined)
  return response.json<{ code: string }>().code
}

describe('POST /v2/account/verify/resend', () => {
  it('mails a new link to an address waiting for confirmation; both links work until one is used', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'ann@example.com', password: testPassword })
    const first = await gw.tokenFrom('ann@example.com', 'verify_email')
    const response = await gw.post('/v2/account/verify/resend', {
      email: 'ann@example.com',
      password: testPassword,
    })
    assert.equal(response.statusCode, 202)
    assert.deepEqual(response.json(), { status: 'verification_sent' })
    const second = await gw.tokenFrom('ann@example.com', 'verify_email')
    assert.notEqual(second, first)
    assert.equal((await gw.post('/v2/account/verify', { token: second })).statusCode, 200)
    assert.equal((await gw.post('/v2/account/verify', { token: first })).json().code, 'invalid_token')
    await gw.signIn('ann@example.com')
  })

  for (const [order, signUps] of [
    ['after', [victimPassword, strangerPassword]],
    ['before and after', [strangerPassword, victimPassword, strangerPassword]],
  ] as const) {
    it(`a stranger signing up ${order} the owner cannot have the owner's resend set the stranger's password`, async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      const email = 'ann@example.com'
      for (const password of signUps) {
        assert.equal((await gw.post('/v2/account', { email, password })).statusCode, 202)
      }
      // The owner has not seen a mail yet and asks for the link again, with their own password.
      const resend = await gw.post('/v2/account/verify/resend', { email, password: victimPassword })
      assert.equal(resend.statusCode, 202)
      const token = await gw.tokenFrom(email, 'verify_email')
      assert.equal((await gw.post('/v2/account/verify', { token })).statusCode, 200)
      const session = await gw.signIn(email, victimPassword)
      assert.match(session.accountId, /^acct_/)
      assert.equal(await refusedSignIn(gw, email, strangerPassword), 'invalid_credentials')
    })
  }

  it('an older link sets the password it was issued with, whatever sign-ups came after it', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const email = 'ann@example.com'
    await gw.post('/v2/account', { email, password: victimPassword })
    const ownLink = await gw.tokenFrom(email, 'verify_email')
    await gw.post('/v2/account', { email, password: strangerPassword })
    await gw.post('/v2/account/verify/resend', { email, password: strangerPassword })
    assert.notEqual(await gw.tokenFrom(email, 'verify_email'), ownLink)
    assert.equal((await gw.post('/v2/account/verify', { token: ownLink })).statusCode, 200)
    await gw.signIn(email, victimPassword)
    assert.equal(await refusedSignIn(gw, email, strangerPassword), 'invalid_credentials')
  })

  it('gives no session before confirmation, whichever password was sent', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const email = 'ann@example.com'
    await gw.post('/v2/account', { email, password: strangerPassword })
    await gw.post('/v2/account', { email, password: victimPassword })
    await gw.post('/v2/account/verify/resend', { email, password: 'a third password' })
    for (const password of [strangerPassword, victimPassword, 'a third password']) {
      assert.match(await refusedSignIn(gw, email, password), /^(email_not_verified|invalid_credentials)$/)
    }
  })

  it('answers the same for a waiting, a verified and an unknown address, mailing only the first', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'pending@example.com', password: testPassword })
    await gw.verifiedAccount('verified@example.com')
    const before = await gw.db.selectFrom('accounts').selectAll().orderBy('id').execute()
    const mailsBefore = gw.mails.length
    const answers = []
    for (const email of ['pending@example.com', 'verified@example.com', 'nobody@example.com']) {
      const response = await gw.post('/v2/account/verify/resend', { email, password: 'another password' })
      const { 'x-request-id': _id, date: _date, ...headers } = response.headers
      answers.push({ status: response.statusCode, body: response.body, headers })
    }
    assert.deepEqual(answers[1], answers[0])
    assert.deepEqual(answers[2], answers[0])
    await gw.settle()
    assert.deepEqual(
      gw.mails.slice(mailsBefore).map((mail) => mail.to),
      ['pending@example.com'],
    )
    // Nothing stored changes: the password only travels with the new link.
    assert.deepEqual(await gw.db.selectFrom('accounts').selectAll().orderBy('id').execute(), before)
    await gw.signIn('verified@example.com', testPassword)
  })

  for (const [name, body, detail] of [
    ['a malformed address', { email: 'nope', password: testPassword }, /email/],
    ['no password', { email: 'ann@example.com' }, /password/],
    ['a password under 10 characters', { email: 'ann@example.com', password: 'short' }, /password/],
    ['a password over 128 characters', { email: 'ann@example.com', password: 'x'.repeat(129) }, /password/],
  ] as const) {
    it(`refuses ${name} with invalid_request, the same for a waiting and an unknown address`, async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      await gw.post('/v2/account', { email: 'ann@example.com', password: testPassword })
      const mailsBefore = (await gw.mailsTo('ann@example.com')).length
      const response = await gw.post('/v2/account/verify/resend', body)
      assert.equal(response.statusCode, 422)
      assert.equal(response.json().code, 'invalid_request')
      assert.match(response.json().detail, detail)
      const unknown = await gw.post('/v2/account/verify/resend', { ...body, email: 'nobody@example.com' })
      const { request_id: _a, ...known } = response.json()
      const { request_id: _b, ...other } = unknown.json()
      if (body.email !== 'nope') assert.deepEqual(other, known)
      assert.equal((await gw.mailsTo('ann@example.com')).length, mailsBefore)
    })
  }
})
