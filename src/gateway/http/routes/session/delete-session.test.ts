import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

async function signedIn() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  return { gw, session: await gw.signIn('ann@example.com') }
}

describe('DELETE /v2/session', () => {
  it('signs out: 204, the cookie is cleared and the session id stops working', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const response = await gw.app.inject({ method: 'DELETE', url: '/v2/session', headers: session.headers })
    assert.equal(response.statusCode, 204)
    assert.equal(response.body, '')
    assert.match(
      response.headers['set-cookie'] as string,
      /^sallyport_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/,
    )
    const after = await gw.app.inject({ method: 'GET', url: '/v2/session', headers: session.headers })
    assert.equal(after.json().code, 'session_required')
  })

  for (const [name, headers] of [
    ['without the CSRF token', (s: { cookie: string }) => ({ cookie: s.cookie })],
    [
      'with a wrong CSRF token',
      (s: { cookie: string }) => ({ cookie: s.cookie, 'x-csrf-token': 'A'.repeat(43) }),
    ],
    ['with an empty CSRF token', (s: { cookie: string }) => ({ cookie: s.cookie, 'x-csrf-token': '' })],
  ] as const) {
    it(`is refused ${name}: 403 csrf_failed, and the session lives on`, async (t) => {
      const { gw, session } = await signedIn()
      t.after(() => gw.close())
      const response = await gw.app.inject({
        method: 'DELETE',
        url: '/v2/session',
        headers: headers({ cookie: session.headers.cookie! }),
      })
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'csrf_failed')
      assert.equal(
        (await gw.app.inject({ method: 'GET', url: '/v2/session', headers: session.headers })).statusCode,
        200,
      )
    })
  }

  it("is refused with another session's CSRF token", async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    await gw.verifiedAccount('bob@example.com')
    const bob = await gw.signIn('bob@example.com')
    const response = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/session',
      headers: { cookie: session.headers.cookie!, 'x-csrf-token': bob.csrf },
    })
    assert.equal(response.json().code, 'csrf_failed')
  })

  it('is refused from a foreign Origin even with the right token, and accepted from its own', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const foreign = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/session',
      headers: { ...session.headers, origin: 'https://evil.example' },
    })
    assert.equal(foreign.statusCode, 403)
    assert.equal(foreign.json().code, 'csrf_failed')
    const own = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/session',
      headers: { ...session.headers, origin: 'http://localhost' },
    })
    assert.equal(own.statusCode, 204)
  })

  it('answers session_required without a session', async (t) => {
    const { gw } = await signedIn()
    t.after(() => gw.close())
    const response = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/session',
      headers: { 'x-csrf-token': 'x' },
    })
    assert.equal(response.json().code, 'session_required')
  })
})
