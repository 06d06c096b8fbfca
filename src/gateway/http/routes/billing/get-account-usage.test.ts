import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { createUsageRepository } from '../../../metering/usage-repository.ts'

async function signedIn() {
  const gw = await buildAccountTestGateway()
  await gw.verifiedAccount('ann@example.com')
  return { gw, session: await gw.signIn('ann@example.com') }
}

describe('GET /v2/account/usage', () => {
  it('answers the month and the last 30 days, oldest first, ending today, zeros included', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const usage = createUsageRepository(gw.db)
    await usage.add(session.accountId, '2026-02-01', 7, 70) // 30 days back from 2026-03-02 is 2026-02-01
    await usage.add(session.accountId, '2026-01-31', 9, 90) // one day too old
    await usage.add(session.accountId, '2026-03-02', 3, 30)
    const response = await gw.app.inject({ url: '/v2/account/usage', headers: session.headers })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'no-store')
    const { usage: month, recent_days: days } = response.json()
    assert.equal(month.requests.used, 3)
    assert.equal(days.length, 30)
    assert.deepEqual(days[0], { day: '2026-02-01', requests: 7, bytes: 70 })
    assert.deepEqual(days[29], { day: '2026-03-02', requests: 3, bytes: 30 })
    assert.equal(days.filter((day: { requests: number }) => day.requests > 0).length, 2)
  })

  it('takes days from 1 to 90', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    for (const [days, length] of [
      ['1', 1],
      ['7', 7],
      ['90', 90],
    ] as const) {
      const response = await gw.app.inject({
        url: `/v2/account/usage?days=${days}`,
        headers: session.headers,
      })
      assert.equal(response.json().recent_days.length, length)
    }
    for (const days of ['0', '91', '07', 'abc', '-1', '']) {
      const response = await gw.app.inject({
        url: `/v2/account/usage?days=${days}`,
        headers: session.headers,
      })
      assert.equal(response.statusCode, 422, days)
      assert.equal(response.json().code, 'invalid_request')
    }
    const extra = await gw.app.inject({ url: '/v2/account/usage?month=2026-01', headers: session.headers })
    assert.equal(extra.statusCode, 422)
  })

  it('needs the dashboard session: an API key or no cookie is session_required', async (t) => {
    const { gw, session } = await signedIn()
    t.after(() => gw.close())
    const key = await gw.mintKey(session)
    for (const headers of [{ 'x-api-key': key.key }, {}]) {
      const response = await gw.app.inject({ url: '/v2/account/usage', headers })
      assert.equal(response.statusCode, 403)
      assert.equal(response.json().code, 'session_required')
    }
  })
})
