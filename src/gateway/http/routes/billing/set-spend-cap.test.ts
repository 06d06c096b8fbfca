import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { createUsageRepository } from '../../../metering/usage-repository.ts'

async function onEntry() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  await gw.billing.billing.setPlan(session.accountId, 'entry')
  const put = (body: unknown, headers: Record<string, string> = session.headers) =>
    gw.app.inject({
      method: 'PUT',
      url: '/v2/account/spend-cap',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    })
  const capRows = () => gw.db.selectFrom('spend_caps').selectAll().execute()
  return { gw, session, put, capRows }
}

describe('PUT /v2/account/spend-cap', () => {
  it('sets a cap, replaces it, and clears it with null', async (t) => {
    const { gw, session, put, capRows } = await onEntry()
    t.after(() => gw.close())
    const set = await put({ cap_usd: '40' })
    assert.equal(set.statusCode, 200)
    assert.equal(set.headers['cache-control'], 'no-store')
    assert.deepEqual(set.json(), { spend_cap: { usd: '40.00', cents: 4000 } })
    assert.deepEqual((await put({ cap_usd: '40.5' })).json(), { spend_cap: { usd: '40.50', cents: 4050 } })
    const view = await gw.app.inject({ url: '/v2/account/usage', headers: session.headers })
    assert.deepEqual(view.json().usage.spend_cap, { usd: '40.50', cents: 4050 })
    assert.equal((await capRows()).length, 1)
    assert.deepEqual((await put({ cap_usd: null })).json(), { spend_cap: null })
    assert.equal((await capRows()).length, 0)
    assert.deepEqual((await put({ cap_usd: null })).json(), { spend_cap: null }, 'clearing twice is fine')
  })

  it('the standing the fetch path asks sees a new cap at once on this gateway', async (t) => {
    const { gw, session, put } = await onEntry()
    t.after(() => gw.close())
    await createUsageRepository(gw.db).add(session.accountId, '2026-03-02', 50_000, 0)
    const now = gw.clock.now()
    assert.equal((await gw.billing.standing.standingFor(session.accountId, now)).plan, 'entry')
    await put({ cap_usd: '25.00' })
    await assert.rejects(async () => gw.billing.standing.standingFor(session.accountId, now), {
      code: 'spend_cap_reached',
    })
    await put({ cap_usd: null })
    assert.equal((await gw.billing.standing.standingFor(session.accountId, now)).plan, 'entry')
  })

  for (const [name, body, detail] of [
    ['a negative amount', { cap_usd: '-5' }, /cap_usd must not be negative/],
    [
      'three decimals',
      { cap_usd: '40.005' },
      /cap_usd must be an amount in US dollars with at most 2 decimals/,
    ],
    ['a thousands separator', { cap_usd: '1,000' }, /at most 2 decimals/],
    ['an amount over 1,000,000.00', { cap_usd: '1000000.01' }, /cap_usd must be at most 1,000,000\.00 USD/],
    [
      'less than the plan’s fee',
      { cap_usd: '24.99' },
      /cap_usd must be at least the Entry plan's monthly fee/,
    ],
    ['a number instead of a string', { cap_usd: 40 }, /cap_usd/],
    ['no cap_usd at all', {}, /missing the required field cap_usd/],
    ['another field', { cap_usd: '40', account_id: 'acct_x' }, /not accepted: account_id/],
    ['a string over 32 characters', { cap_usd: '1'.repeat(33) }, /cap_usd/],
  ] as const) {
    it(`refuses ${name} with 422 invalid_request naming the field, and keeps the old cap`, async (t) => {
      const { gw, put, capRows } = await onEntry()
      t.after(() => gw.close())
      await put({ cap_usd: '50' })
      const response = await put(body)
      assert.equal(response.statusCode, 422)
      assert.equal(response.json().code, 'invalid_request')
      assert.match(response.json().detail, detail)
      assert.deepEqual(
        (await capRows()).map((row) => Number(row.cap_cents)),
        [5000],
      )
    })
  }

  it('refuses without the CSRF token, from a foreign origin, with an API key, and without a session', async (t) => {
    const { gw, session, put, capRows } = await onEntry()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    const noToken = await put({ cap_usd: '40' }, { cookie: session.headers.cookie! })
    assert.equal(noToken.statusCode, 403)
    assert.equal(noToken.json().code, 'csrf_failed')
    const wrongToken = await put({ cap_usd: '40' }, { ...session.headers, 'x-csrf-token': 'nope' })
    assert.equal(wrongToken.json().code, 'csrf_failed')
    const foreign = await put({ cap_usd: '40' }, { ...session.headers, origin: 'https://evil.example' })
    assert.equal(foreign.json().code, 'csrf_failed')
    for (const headers of [{ 'x-api-key': key.key }, {}]) {
      const response = await put({ cap_usd: '40' }, headers)
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'session_required')
    }
    assert.equal((await capRows()).length, 0)
  })

  it('logs the change with the account id and the amount, nothing else about the session', async (t) => {
    const { gw, session, put } = await onEntry()
    t.after(() => gw.close())
    await put({ cap_usd: '40' })
    await gw.settle()
    const line = gw.logLines.find((entry) => entry.includes('spending cap changed'))
    assert.ok(line)
    assert.match(line, new RegExp(`"account_id":"${session.accountId}"`))
    assert.match(line, /"cap_cents":4000/)
    assert.ok(!gw.logLines.join('').includes(session.csrf))
  })
})
