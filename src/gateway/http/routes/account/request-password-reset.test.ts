import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

describe('POST /v2/account/password-reset', () => {
  it('answers the same for a registered and an unregistered address, mailing only the registered one', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const known = await gw.post('/v2/account/password-reset', { email: 'ann@example.com' })
    const unknown = await gw.post('/v2/account/password-reset', { email: 'nobody@example.com' })
    assert.equal(known.statusCode, 202)
    assert.deepEqual(known.json(), { status: 'reset_sent' })
    assert.equal(unknown.statusCode, known.statusCode)
    assert.equal(unknown.body, known.body)
    const mail = (await gw.mailsTo('ann@example.com')).at(-1)!
    assert.equal(mail.kind, 'reset_password')
    assert.match(mail.text, /http:\/\/sallyport\.test\/dashboard\/reset-password\?token=[A-Za-z0-9_-]{43}\n/)
    assert.equal((await gw.mailsTo('nobody@example.com')).length, 0)
  })

  it('builds the link from SALLYPORT_PUBLIC_URL, never from the Host header', async (t) => {
    const gw = await buildAccountTestGateway({ publicBaseUrl: 'https://sallyport.example' })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    await gw.post(
      '/v2/account/password-reset',
      { email: 'ann@example.com' },
      { headers: { host: 'evil.example' } },
    )
    const mail = (await gw.mailsTo('ann@example.com')).at(-1)!
    assert.match(mail.text, /https:\/\/sallyport\.example\/dashboard\/reset-password\?token=/)
    assert.doesNotMatch(mail.text, /evil/)
  })

  it('refuses a request posted from another site', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const response = await gw.post(
      '/v2/account/password-reset',
      { email: 'ann@example.com' },
      { headers: { origin: 'null' } },
    )
    assert.equal(response.json().code, 'csrf_failed')
  })

  it('keeps counting an address for the whole hour, whatever failed sign-ins happen meanwhile', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const reset = (remoteAddress: string) =>
      gw.post('/v2/account/password-reset', { email: 'victim@example.com' }, { remoteAddress })
    for (let i = 0; i < 10; i++) assert.equal((await reset(`198.51.100.${i + 1}`)).statusCode, 202)
    // Past the sign-in window (15 minutes), well inside the e-mail address's hour.
    gw.clock.advance(20 * 60_000)
    const failed = await gw.post('/v2/session', { email: 'nobody@example.com', password: 'not a password' })
    assert.equal(failed.json().code, 'invalid_credentials')
    const refused = await reset('198.51.100.50')
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.json().code, 'too_many_attempts')
  })
})
