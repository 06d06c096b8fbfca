import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../test/helpers/account-gateway.ts'
import { defaultLimits } from '../../rate-limits/admission.ts'
import { buildLimitsGateway, keys } from '../../../../test/helpers/limits-gateway.ts'
import { refusalError } from '../../rate-limits/rate-limiter.ts'
import { rateLimitField, rateLimitPolicyField } from './rate-limit.ts'

describe('the general budget', () => {
  it('counts every call of an account to a data-plane route, all its keys together', async (t) => {
    const gw = await buildLimitsGateway({ limits: { generalPerWindow: 3 } })
    t.after(() => gw.close())
    const get = (url: string, apiKey: string = keys.a1) =>
      gw.app.inject({ method: 'GET', url, headers: { 'x-api-key': apiKey } })
    const first = await get('/v2/proxy/regions')
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['ratelimit-policy'], '"general";q=3;w=60')
    assert.equal(first.headers.ratelimit, '"general";r=2;t=60')
    gw.clock.advance(10_000)
    assert.equal((await get('/v2/user-agents/', keys.a2)).headers.ratelimit, '"general";r=1;t=50')
    assert.equal((await get('/v2/proxy/status')).headers.ratelimit, '"general";r=0;t=50')
    const refused = await get('/v2/social/platforms', keys.a2)
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.json().code, 'rate_limited')
    assert.equal(refused.headers['retry-after'], '50')
    assert.equal(refused.headers.ratelimit, '"general";r=0;t=50')
    // Another account, and fetches, have budgets of their own.
    assert.equal((await get('/v2/proxy/regions', keys.b)).statusCode, 200)
    assert.equal((await gw.fetch('http://example.com/')).statusCode, 200)
    gw.clock.advance(50_000)
    assert.equal((await get('/v2/proxy/regions')).statusCode, 200)
  })

  it('sends no rate-limit fields where no account is known', async (t) => {
    const gw = await buildLimitsGateway({ limits: { generalPerWindow: 1 } })
    t.after(() => gw.close())
    for (const url of ['/healthz', '/v2/plans', '/social/platforms', '/v2/docs/openapi.json']) {
      for (let i = 0; i < 2; i++) {
        const response = await gw.app.inject({ method: 'GET', url })
        assert.equal(response.statusCode, 200, url)
        assert.equal(response.headers['ratelimit-policy'], undefined, url)
      }
    }
    const unknown = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': 'nope' },
    })
    assert.equal(unknown.statusCode, 401)
    assert.equal(unknown.headers.ratelimit, undefined)
    assert.deepEqual(gw.store.keys(), [])
  })

  it('counts session calls of the dashboard against the account', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const account = () => gw.app.inject({ method: 'GET', url: '/v2/account', headers: session.headers })
    const first = await account()
    assert.equal(first.statusCode, 200)
    assert.equal(first.headers['ratelimit-policy'], '"general";q=300;w=60')
    assert.equal(first.headers.ratelimit, '"general";r=299;t=60')
    // Minting a key is a session call too; a key of the account then draws on the same budget.
    const key = await gw.mintKey(session)
    const regions = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': key.key },
    })
    assert.equal(regions.headers.ratelimit, '"general";r=297;t=60')
    for (let i = 0; i < 297; i++) await account()
    const refused = await account()
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.json().code, 'rate_limited')
    // Sign-in and sign-up are not behind the account's budget (they have throttles of their own).
    const again = await gw.post('/v2/session', {
      email: 'ann@example.com',
      password: 'correct horse battery',
    })
    assert.equal(again.statusCode, 200)
  })
})

describe('the rate-limit fields', () => {
  it('writes the draft syntax and leaves the global per-host ceiling out', () => {
    assert.equal(
      rateLimitField([
        { name: 'account_fetch', limit: 120, remaining: 17, resetMs: 41_200 },
        { name: 'target_host', limit: 60, remaining: 0, resetMs: 60_000 },
        { name: 'global_host', limit: 600, remaining: 5, resetMs: 1 },
      ]),
      '"fetch";r=17;t=42, "host";r=0;t=60',
    )
    assert.equal(
      rateLimitField([
        { name: 'global_host', limit: 600, remaining: 5, resetMs: 1 },
        { name: 'account_general', limit: 300, remaining: 299, resetMs: 60_000 },
      ]),
      '"general";r=299;t=60',
    )
    assert.equal(
      rateLimitPolicyField({ ...defaultLimits, fetchPerWindow: 1000 }, 'fetch'),
      '"fetch";q=1000;w=60, "host";q=60;w=60, "general";q=300;w=60',
    )
    assert.equal(rateLimitPolicyField(defaultLimits, 'general'), '"general";q=300;w=60')
  })

  it('rounds Retry-After up to whole seconds, at least 1, and sends none for a spent trial', () => {
    const states = [{ name: 'account_fetch' as const, limit: 1, remaining: 0, resetMs: 1 }]
    const refused = (reason: 'rate_limited' | 'quota_exhausted', retryAfterMs: number) =>
      refusalError({ admitted: false, reason, retryAfterMs, states }, defaultLimits)
    assert.equal(refused('rate_limited', 1).retryAfter, 1)
    assert.equal(refused('rate_limited', 0).retryAfter, 1)
    assert.equal(refused('rate_limited', 1_001).retryAfter, 2)
    assert.equal(refused('quota_exhausted', 0).retryAfter, undefined)
    assert.equal(refused('quota_exhausted', 0).code, 'trial_exhausted')
  })
})
