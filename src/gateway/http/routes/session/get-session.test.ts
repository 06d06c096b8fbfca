import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'

const minute = 60_000

async function signedIn() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  const get = () =>
    gw.app.inject({ method: 'GET', url: '/v2/session', headers: { cookie: session.headers.cookie! } })
  return { gw, session, get }
}

describe('GET /v2/session', () => {
  it('answers the CSRF token and the account of a live session', async (t) => {
    const { gw, session, get } = await signedIn()
    t.after(() => gw.close())
    const response = await get()
    assert.equal(response.statusCode, 200)
    assert.equal(response.json().csrf_token, session.csrf)
    assert.equal(response.json().account.id, session.accountId)
    assert.equal(response.headers['cache-control'], 'no-store')
  })

  it('ends a session idle for 60 minutes, and clears the stale cookie', async (t) => {
    const { gw, get } = await signedIn()
    t.after(() => gw.close())
    gw.clock.advance(60 * minute)
    const response = await get()
    assert.equal(response.statusCode, 403)
    assert.equal(response.json().code, 'session_required')
    assert.match(response.headers['set-cookie'] as string, /^sallyport_session=; .*Max-Age=0/)
  })

  it('slides: activity every 50 minutes keeps the session alive', async (t) => {
    const { gw, get } = await signedIn()
    t.after(() => gw.close())
    for (let i = 0; i < 5; i++) {
      gw.clock.advance(50 * minute)
      assert.equal((await get()).statusCode, 200, `after ${(i + 1) * 50} minutes`)
    }
  })

  it('writes last_seen at most once a minute', async (t) => {
    const { gw, get } = await signedIn()
    t.after(() => gw.close())
    const lastSeen = async () =>
      (await gw.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at
    const start = await lastSeen()
    gw.clock.advance(59_000)
    await get()
    assert.equal(await lastSeen(), start)
    gw.clock.advance(1_000)
    await get()
    assert.equal(await lastSeen(), start + 60_000)
  })

  it('ends a session 12 hours after sign-in however active it is', async (t) => {
    const { gw, get } = await signedIn()
    t.after(() => gw.close())
    for (let elapsed = 0; elapsed < 12 * 60 - 30; elapsed += 30) {
      gw.clock.advance(30 * minute)
      assert.equal((await get()).statusCode, 200)
    }
    gw.clock.advance(30 * minute)
    assert.equal((await get()).json().code, 'session_required')
  })

  it('is refused with an API key, even alongside a session cookie', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    const response = await gw.app.inject({
      method: 'GET',
      url: '/v2/session',
      headers: { cookie: session.headers.cookie!, authorization: `Bearer ${key.key}` },
    })
    assert.equal(response.json().code, 'session_required')
  })
})
