/**
 * The standing check through the real fetch route: the trial's 30 days, a move to a paid plan, and the
 * spending cap, each seen on the very next fetch of this gateway.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { createUsageRepository } from '../../../metering/usage-repository.ts'

const day = 86_400_000

async function withKey() {
  const gw = await buildAccountTestGateway({ standing: true })
  await gw.verifiedAccount('ann@example.com')
  const session = await gw.signIn('ann@example.com')
  const key = await gw.mintKey(session)
  const fetch = () =>
    gw.app.inject({
      method: 'POST',
      url: '/v2/proxy/fetch?region=us-east',
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: 'http://example.com/' }),
    })
  return { gw, session, key, fetch }
}

describe('the fetch route asks billing for the account’s standing', () => {
  it('a trial fetches for 30 days after verification, then 402 trial_expired; a paid plan fetches again', async (t) => {
    const { gw, session, key, fetch } = await withKey()
    t.after(() => gw.close())
    // The key, not the session: a month later the session has long timed out; usage stays readable.
    const used = async () => {
      await gw.settle()
      const view = await gw.app.inject({ url: '/v2/usage', headers: { 'x-api-key': key.key } })
      return view.json().requests.used as number
    }
    assert.equal((await fetch()).statusCode, 200)
    gw.clock.advance(30 * day - 1)
    assert.equal((await fetch()).statusCode, 200)
    const before = await used()
    gw.clock.advance(1)
    const expired = await fetch()
    assert.equal(expired.statusCode, 402)
    assert.equal(expired.json().code, 'trial_expired')
    assert.match(expired.json().detail, /ended on 2026-04-01T09:00:00\.000Z/)
    assert.equal(await used(), before, 'a refused fetch is not billed')
    await gw.billing.billing.setPlan(session.accountId, 'entry')
    assert.equal((await fetch()).statusCode, 200, 'set-plan through this process is seen at once')
  })

  it('on entry with 50,000 used: a cap at the fee refuses the next fetch; a cent more lets one through', async (t) => {
    const { gw, session, fetch } = await withKey()
    t.after(() => gw.close())
    await gw.billing.billing.setPlan(session.accountId, 'entry')
    await createUsageRepository(gw.db).add(session.accountId, '2026-03-01', 50_000, 0)
    const setCap = (cap: string) =>
      gw.app.inject({
        method: 'PUT',
        url: '/v2/account/spend-cap',
        headers: { ...session.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ cap_usd: cap }),
      })
    assert.equal((await setCap('25.00')).statusCode, 200)
    // The 50,001st request would cost 0.05 cents, billed as one: 25.01 > 25.00.
    const refused = await fetch()
    assert.equal(refused.statusCode, 402)
    assert.equal(refused.json().code, 'spend_cap_reached')
    assert.match(
      refused.json().detail,
      /spending cap of 25\.00 USD \(charged so far in 2026-03: 25\.00 USD\)/,
    )
    assert.equal((await setCap('25.01')).statusCode, 200)
    assert.equal((await fetch()).statusCode, 200)
    await gw.settle()
    const usage = (await gw.app.inject({ url: '/v2/account/usage', headers: session.headers })).json().usage
    assert.equal(usage.requests.used, 50_001)
    assert.deepEqual(usage.charge.total, { usd: '25.01', cents: 2501 })
  })
})
