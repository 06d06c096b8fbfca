import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { createUsageRepository } from '../../../metering/usage-repository.ts'

async function withKey(scopes: ('proxy' | 'read')[] = ['proxy', 'read']) {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  const key = await gw.mintKey(session, 'usage', scopes)
  const fetch = () =>
    gw.app.inject({
      method: 'POST',
      url: '/v2/proxy/fetch?region=us-east',
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'http://example.com/' }),
    })
  const usage = (apiKey = key.key) => gw.app.inject({ url: '/v2/usage', headers: { 'x-api-key': apiKey } })
  return { gw, session, key, fetch, usage }
}

describe('GET /v2/usage', () => {
  it('on the trial: requests and bytes so far, no charge, the trial left, one row per day to today', async (t) => {
    const { gw, fetch, usage } = await withKey()
    t.after(() => gw.close())
    for (let i = 0; i < 2; i++) assert.equal((await fetch()).statusCode, 200)
    const response = await usage()
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'no-store')
    const body = response.json()
    assert.deepEqual(body.period, {
      month: '2026-03',
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-04-01T00:00:00.000Z',
    })
    assert.equal(body.plan, 'trial')
    assert.equal(body.billed_plan, 'trial')
    assert.deepEqual(body.requests, { used: 2, included: 1000, overage: 0 })
    assert.equal(body.bytes, 10)
    assert.deepEqual(body.charge, {
      plan_fee: { usd: '0.00', cents: 0 },
      overage_per_1000: null,
      overage: { usd: '0.00', cents: 0 },
      total: { usd: '0.00', cents: 0 },
    })
    assert.equal(body.spend_cap, null)
    assert.deepEqual(body.trial, {
      ends_at: '2026-04-01T09:00:00.000Z',
      days_left: 30,
      requests_used: 2,
      requests_left: 998,
      requests_included: 1000,
    })
    assert.deepEqual(body.days, [
      { day: '2026-03-01', requests: 0, bytes: 0 },
      { day: '2026-03-02', requests: 2, bytes: 10 },
    ])
  })

  it('on the entry plan at 73,456 requests: 23,456 beyond, 36.73 USD so far, and the cap', async (t) => {
    const { gw, session, usage } = await withKey()
    t.after(() => gw.close())
    await gw.billing.billing.setPlan(session.accountId, 'entry')
    await gw.billing.billing.setSpendCap(session.accountId, '100')
    await createUsageRepository(gw.db).add(session.accountId, '2026-03-01', 73_456, 1_234_567)
    const body = (await usage()).json()
    assert.equal(body.plan, 'entry')
    assert.deepEqual(body.requests, { used: 73_456, included: 50_000, overage: 23_456 })
    assert.deepEqual(body.charge, {
      plan_fee: { usd: '25.00', cents: 2500 },
      overage_per_1000: { usd: '0.50', cents: 50 },
      overage: { usd: '11.73', cents: 1173 },
      total: { usd: '36.73', cents: 3673 },
    })
    assert.deepEqual(body.spend_cap, { usd: '100.00', cents: 10_000 })
    assert.equal(body.trial, null)
    assert.equal(body.bytes, 1_234_567)
  })

  it('needs a key with the read scope; a session cookie does not open it', async (t) => {
    const { gw, session } = await withKey()
    t.after(() => gw.close())
    const proxyOnly = await gw.mintKey(session, 'proxy only', ['proxy'])
    const refusedScope = await gw.app.inject({ url: '/v2/usage', headers: { 'x-api-key': proxyOnly.key } })
    assert.equal(refusedScope.statusCode, 403)
    assert.equal(refusedScope.json().code, 'missing_scope')
    const noKey = await gw.app.inject({ url: '/v2/usage', headers: { cookie: session.headers.cookie! } })
    assert.equal(noKey.statusCode, 401)
    assert.equal(noKey.json().code, 'missing_api_key')
  })

  it("counts only this account's requests", async (t) => {
    const { gw, fetch, usage } = await withKey()
    t.after(() => gw.close())
    await gw.verifiedAccount('bob@example.com')
    const bob = await gw.signIn('bob@example.com', undefined, '192.0.2.11')
    const bobKey = await gw.mintKey(bob)
    await fetch()
    assert.equal((await usage(bobKey.key)).json().requests.used, 0)
    assert.equal((await usage()).json().requests.used, 1)
  })
})
