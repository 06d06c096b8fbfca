import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway, testPassword } from '../../../../../test/helpers/account-gateway.ts'

describe('POST /v2/session', () => {
  it('signs in: a session cookie (HttpOnly, SameSite=Lax, Path=/) and the CSRF token', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const response = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword })
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.match(body.csrf_token, /^[A-Za-z0-9_-]{43}$/)
    assert.equal(body.account.email, 'ann@example.com')
    assert.equal(response.headers['cache-control'], 'no-store')
    const cookie = response.headers['set-cookie'] as string
    assert.match(cookie, /^sallyport_session=[A-Za-z0-9_-]{43}; /)
    for (const attribute of ['Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=43200']) {
      assert.ok(cookie.split('; ').includes(attribute), `${attribute} in ${cookie}`)
    }
    assert.ok(!cookie.includes('Secure'), 'no Secure over plain http')
    assert.ok(!/Domain=/i.test(cookie))
  })

  it('uses the __Host- prefix and Secure when the public URL is https', async (t) => {
    const gw = await buildAccountTestGateway({ publicBaseUrl: 'https://sallyport.example' })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const response = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword })
    const cookie = response.headers['set-cookie'] as string
    assert.match(
      cookie,
      /^__Host-sallyport_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/,
    )
    const session = await gw.app.inject({
      method: 'GET',
      url: '/v2/session',
      headers: { cookie: `__Host-sallyport_session=${gw.sessionCookieOf(response)}` },
    })
    assert.equal(session.statusCode, 200)
    // The CSRF origin is the public URL's, not whatever Host the request carried.
    const signOut = await gw.app.inject({
      method: 'DELETE',
      url: '/v2/session',
      headers: {
        cookie: `__Host-sallyport_session=${gw.sessionCookieOf(response)}`,
        'x-csrf-token': response.json().csrf_token,
        origin: 'http://localhost',
      },
    })
    assert.equal(signOut.json().code, 'csrf_failed')
  })

  it('answers a wrong password and an unknown e-mail alike: 401 invalid_credentials', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const wrong = await gw.post('/v2/session', { email: 'ann@example.com', password: 'not the password' })
    const unknown = await gw.post('/v2/session', {
      email: 'nobody@example.com',
      password: 'not the password',
    })
    for (const response of [wrong, unknown]) {
      assert.equal(response.statusCode, 401)
      assert.equal(response.json().code, 'invalid_credentials')
      assert.equal(response.headers['set-cookie'], undefined)
    }
    assert.equal(wrong.json().detail, unknown.json().detail)
  })

  it('refuses an account that has not verified its address with 403 email_not_verified', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'ann@example.com', password: testPassword })
    const response = await gw.post('/v2/session', { email: 'ann@example.com', password: testPassword })
    assert.equal(response.statusCode, 403)
    assert.equal(response.json().code, 'email_not_verified')
    assert.equal(response.headers['set-cookie'], undefined)
    assert.equal((await gw.db.selectFrom('sessions').selectAll().execute()).length, 0)
  })

  it('never adopts a session id set before sign-in (fixation), and ends the one the browser had', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const planted = 'P'.repeat(43)
    const first = await gw.post(
      '/v2/session',
      { email: 'ann@example.com', password: testPassword },
      { headers: { cookie: `sallyport_session=${planted}` } },
    )
    const firstId = gw.sessionCookieOf(first)!
    assert.notEqual(firstId, planted)
    const planted401 = await gw.app.inject({
      method: 'GET',
      url: '/v2/session',
      headers: { cookie: `sallyport_session=${planted}` },
    })
    assert.equal(planted401.json().code, 'session_required')

    const second = await gw.post(
      '/v2/session',
      { email: 'ann@example.com', password: testPassword },
      { headers: { cookie: `sallyport_session=${firstId}` } },
    )
    const secondId = gw.sessionCookieOf(second)!
    assert.notEqual(secondId, firstId)
    assert.notEqual(second.json().csrf_token, first.json().csrf_token)
    const old = await gw.app.inject({
      method: 'GET',
      url: '/v2/session',
      headers: { cookie: `sallyport_session=${firstId}` },
    })
    assert.equal(old.json().code, 'session_required')
  })

  it('stores only a digest of the session id', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const rows = await gw.db.selectFrom('sessions').selectAll().execute()
    assert.equal(rows.length, 1)
    assert.ok(!JSON.stringify(rows).includes(session.cookie))
    assert.ok(!JSON.stringify(rows).includes(session.csrf))
  })

  it('refuses a sign-in posted from another site (login CSRF)', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const response = await gw.post(
      '/v2/session',
      { email: 'ann@example.com', password: testPassword },
      { headers: { origin: 'https://evil.example' } },
    )
    assert.equal(response.statusCode, 403)
    assert.equal(response.json().code, 'csrf_failed')
  })

  describe('throttling', () => {
    it('answers 429 too_many_attempts with Retry-After after 5 failures for one account from one address', async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      await gw.verifiedAccount('ann@example.com')
      for (let i = 0; i < 5; i++) {
        const response = await gw.post(
          '/v2/session',
          { email: 'ann@example.com', password: 'wrong password' },
          { remoteAddress: '198.51.100.7' },
        )
        assert.equal(response.statusCode, 401)
      }
      // Even the right password is refused now from that address: the limit is checked first.
      const blocked = await gw.post(
        '/v2/session',
        { email: 'ann@example.com', password: testPassword },
        { remoteAddress: '198.51.100.7' },
      )
      assert.equal(blocked.statusCode, 429)
      assert.equal(blocked.json().code, 'too_many_attempts')
      assert.equal(blocked.headers['retry-after'], '900')
      gw.clock.advance(15 * 60_000)
      await gw.signIn('ann@example.com', testPassword, '198.51.100.7')
    })

    it('lets no more than 5 guesses through when they are sent all at once', async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      await gw.verifiedAccount('ann@example.com')
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          gw.post(
            '/v2/session',
            { email: 'ann@example.com', password: `guess number ${i}` },
            { remoteAddress: '198.51.100.7' },
          ),
        ),
      )
      const codes = answers.map((response) => response.json().code as string)
      assert.deepEqual(
        codes.filter((code) => code !== 'invalid_credentials' && code !== 'too_many_attempts'),
        [],
      )
      // Guessing on one at a time afterwards: still no more than 5 passwords checked in all.
      for (let i = 0; i < 10; i++) {
        const response = await gw.post(
          '/v2/session',
          { email: 'ann@example.com', password: `later guess ${i}` },
          { remoteAddress: '198.51.100.7' },
        )
        codes.push(response.json().code as string)
      }
      const checked = codes.filter((code) => code === 'invalid_credentials').length
      assert.ok(checked <= 5, `${checked} passwords checked: ${codes.join(', ')}`)
      assert.equal(codes.at(-1), 'too_many_attempts')
    })

    it("cannot be used by a stranger to lock the owner out: the owner's address still signs in", async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      await gw.verifiedAccount('ann@example.com')
      for (let host = 1; host <= 8; host++) {
        for (let i = 0; i < 6; i++) {
          await gw.post(
            '/v2/session',
            { email: 'ann@example.com', password: `guess ${i}` },
            { remoteAddress: `203.0.113.${host}` },
          )
        }
      }
      const owner = await gw.post(
        '/v2/session',
        { email: 'ann@example.com', password: testPassword },
        { remoteAddress: '198.51.100.7' },
      )
      assert.equal(owner.statusCode, 200)
      // The account-wide ceiling only slowed attempts down, by at most 5 s.
      assert.ok(gw.delays.length > 0)
      assert.ok(gw.delays.every((ms) => ms > 0 && ms <= 5_000))
    })

    it('a success clears the pair count', async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      await gw.verifiedAccount('ann@example.com')
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) {
          await gw.post(
            '/v2/session',
            { email: 'ann@example.com', password: 'wrong password' },
            { remoteAddress: '198.51.100.7' },
          )
        }
        await gw.signIn('ann@example.com', testPassword, '198.51.100.7')
      }
    })

    it('throttles unknown e-mail addresses like known ones', async (t) => {
      const gw = await buildAccountTestGateway()
      t.after(() => gw.close())
      let last
      for (let i = 0; i < 6; i++) {
        last = await gw.post(
          '/v2/session',
          { email: 'nobody@example.com', password: 'wrong password' },
          { remoteAddress: '198.51.100.7' },
        )
      }
      assert.equal(last?.json().code, 'too_many_attempts')
    })
  })
})
