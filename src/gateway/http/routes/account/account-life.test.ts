import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Secret, TOTP } from 'otpauth'
import { buildAccountTestGateway, testPassword } from '../../../../../test/helpers/account-gateway.ts'
import { assertTokenRouteThrottled } from '../../../../../test/helpers/token-throttle.ts'

const newPassword = 'an even longer passphrase'

function codeFor(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at })
}

async function withAnn() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  return { gw, session }
}

describe('the account’s own life', () => {
  it('changing the password needs the current one and ends every other session', async (t) => {
    const { gw, session } = await withAnn()
    t.after(() => gw.close())
    const other = await gw.signIn('ann@example.com')

    const wrong = await gw.post(
      '/v2/account/password',
      { current_password: 'not my password', new_password: newPassword },
      { headers: session.headers },
    )
    assert.equal(wrong.statusCode, 401)
    assert.match(wrong.json().detail, /^current_password/)

    const changed = await gw.post(
      '/v2/account/password',
      { current_password: testPassword, new_password: newPassword },
      { headers: session.headers },
    )
    assert.equal(changed.statusCode, 204)
    assert.equal((await gw.app.inject({ url: '/v2/account', headers: session.headers })).statusCode, 200)
    assert.equal((await gw.app.inject({ url: '/v2/account', headers: other.headers })).statusCode, 403)
    await assert.rejects(gw.signIn('ann@example.com'))
    await gw.signIn('ann@example.com', newPassword)
    assert.ok((await gw.mailsTo('ann@example.com')).some((mail) => mail.kind === 'password_changed'))
  })

  it('a new address takes effect only once confirmed, and the old one is told', async (t) => {
    const { gw, session } = await withAnn()
    t.after(() => gw.close())
    const asked = await gw.post(
      '/v2/account/email',
      { new_email: 'ann@new.example', password: testPassword },
      { headers: session.headers },
    )
    assert.equal(asked.statusCode, 202)
    const told = (await gw.mailsTo('ann@example.com')).find((mail) => mail.kind === 'email_change_requested')
    assert.match(told!.text, /ann@new\.example/)
    await gw.signIn('ann@example.com')

    const token = await gw.tokenFrom('ann@new.example', 'confirm_new_email')
    const confirmed = await gw.post('/v2/account/email/confirm', { token })
    assert.equal(confirmed.statusCode, 200)
    await gw.signIn('ann@new.example')
    await assert.rejects(gw.signIn('ann@example.com'))
    const again = await gw.post('/v2/account/email/confirm', { token })
    assert.equal(again.json().code, 'invalid_token')
  })

  it('confirming a new address answers 429 too_many_attempts past the ceiling of one client address', async (t) => {
    const gw = await buildAccountTestGateway({
      anonymousPolicy: { clientWindowMs: 60_000, perClientAddress: 2, emailWindowMs: 60_000, perEmail: 10 },
    })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    await gw.post(
      '/v2/account/email',
      { new_email: 'ann@new.example', password: testPassword },
      { headers: session.headers },
    )
    const token = await gw.tokenFrom('ann@new.example', 'confirm_new_email')
    await assertTokenRouteThrottled(gw, '/v2/account/email/confirm', token)
    await gw.signIn('ann@new.example')
  })

  it('an address another account has gets the same answer and no mail', async (t) => {
    const { gw, session } = await withAnn()
    t.after(() => gw.close())
    await gw.verifiedAccount('bob@example.com')
    const before = (await gw.mailsTo('bob@example.com')).length
    const asked = await gw.post(
      '/v2/account/email',
      { new_email: 'bob@example.com', password: testPassword },
      { headers: session.headers },
    )
    assert.equal(asked.statusCode, 202)
    assert.equal((await gw.mailsTo('bob@example.com')).length, before)
  })

  it('two-factor sign-in: a code computed from the secret, never twice; recovery codes once each', async (t) => {
    const { gw, session } = await withAnn()
    t.after(() => gw.close())
    const setup = (await gw.post('/v2/account/two-factor', {}, { headers: session.headers })).json()
    assert.match(setup.otpauth_uri, /^otpauth:\/\/totp\/Sallyport:ann%40example\.com\?/)
    const wrong = await gw.post(
      '/v2/account/two-factor/confirm',
      { code: '000000' },
      { headers: session.headers },
    )
    assert.equal(wrong.statusCode, 422)
    const on = await gw.post(
      '/v2/account/two-factor/confirm',
      { code: codeFor(setup.secret, gw.clock.now()) },
      { headers: session.headers },
    )
    assert.equal(on.statusCode, 200)
    const { recovery_codes: recovery } = on.json()
    assert.equal(recovery.length, 10)
    const stored = await gw.db.selectFrom('recovery_codes').select('digest').execute()
    assert.ok(stored.every((row) => !recovery.some((code: string) => row.digest.includes(code))))

    const noCode = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword })
    assert.equal(noCode.statusCode, 401)
    assert.equal(noCode.json().code, 'totp_required')
    gw.clock.advance(30_000)
    const code = codeFor(setup.secret, gw.clock.now())
    const badCode = await gw.post('/v2/session', {
      email: 'ann@example.com',
      password: testPassword,
      code: '123456',
    })
    assert.equal(badCode.json().code, 'invalid_credentials')
    const good = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword, code })
    assert.equal(good.statusCode, 200)
    const replay = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword, code })
    assert.equal(replay.json().code, 'invalid_credentials')

    const byRecovery = await gw.post('/v2/session', {
      email: 'ann@example.com',
      password: testPassword,
      code: recovery[0].toUpperCase(),
    })
    assert.equal(byRecovery.statusCode, 200)
    const recoveryAgain = await gw.post('/v2/session', {
      email: 'ann@example.com',
      password: testPassword,
      code: recovery[0],
    })
    assert.equal(recoveryAgain.json().code, 'invalid_credentials')
    const state = await gw.app.inject({ url: '/v2/account/two-factor', headers: session.headers })
    assert.deepEqual(state.json(), { enabled: true, recovery_codes_left: 9 })

    const off = await gw.post(
      '/v2/account/two-factor/disable',
      { password: testPassword },
      { headers: session.headers },
    )
    assert.equal(off.statusCode, 204)
    await gw.signIn('ann@example.com')
  })

  it('wrong codes count against the sign-in throttle like wrong passwords', async (t) => {
    const gw = await buildAccountTestGateway({
      signInPolicy: {
        windowMs: 900_000,
        perAddress: 100,
        perAccountAddress: 3,
        accountSlowAfter: 100,
        slowStepMs: 0,
        slowMaxMs: 0,
      },
    })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const setup = (await gw.post('/v2/account/two-factor', {}, { headers: session.headers })).json()
    await gw.post(
      '/v2/account/two-factor/confirm',
      { code: codeFor(setup.secret, gw.clock.now()) },
      { headers: session.headers },
    )
    const codes: string[] = []
    for (let i = 0; i < 6; i++) {
      const response = await gw.post(
        '/v2/session',
        { email: 'ann@example.com', password: testPassword, code: '000000' },
        { remoteAddress: '192.0.2.10' },
      )
      codes.push(response.json().code)
    }
    assert.ok(codes.includes('too_many_attempts'), codes.join(', '))
  })

  it('deleting the account revokes its keys, ends its sessions and erases its personal data', async (t) => {
    const { gw, session } = await withAnn()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    const wrong = await gw.post(
      '/v2/account/delete',
      { password: 'not my password' },
      { headers: session.headers },
    )
    assert.equal(wrong.statusCode, 401)
    const deleted = await gw.post(
      '/v2/account/delete',
      { password: testPassword },
      { headers: session.headers },
    )
    assert.equal(deleted.statusCode, 204)
    assert.match(String(deleted.headers['set-cookie']), /Max-Age=0|Expires=Thu, 01 Jan 1970/)

    const refused = await gw.app.inject({ url: '/v2/proxy/regions', headers: { 'x-api-key': key.key } })
    assert.equal(refused.json().code, 'invalid_api_key')
    assert.equal((await gw.app.inject({ url: '/v2/account', headers: session.headers })).statusCode, 403)
    await assert.rejects(gw.signIn('ann@example.com'))
    const row = await gw.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', session.accountId)
      .executeTakeFirstOrThrow()
    assert.equal(row.email, '')
    assert.equal(row.password_hash, '')
    assert.ok(
      await gw.db
        .selectFrom('account_deletions')
        .selectAll()
        .where('account_id', '=', session.accountId)
        .executeTakeFirst(),
    )
    const keys = await gw.db
      .selectFrom('api_keys')
      .selectAll()
      .where('account_id', '=', session.accountId)
      .execute()
    assert.deepEqual(
      keys.map((k) => [k.name, k.revoked_from]),
      [['', 'account_deleted']],
    )
    // The address is free again for a new sign-up.
    await gw.verifiedAccount('ann@example.com')
  })
})
