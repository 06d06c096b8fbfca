import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { fakeNode } from '../../../../../test/helpers/test-gateway.ts'
import { createUsageRepository } from '../../../metering/usage-repository.ts'

describe('usage alerts through the gateway', () => {
  it('the billed fetch that reaches 80 % of the trial mails once; the setting turns alerts off', async (t) => {
    const gw = await buildAccountTestGateway({ nodes: [fakeNode('europe', 'dev-eu-1')] })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const key = await gw.mintKey(session)
    const day = new Date(gw.clock.now()).toISOString().slice(0, 10)
    await createUsageRepository(gw.db).add(session.accountId, day, 799, 0)

    const fetched = await gw.post(
      '/v2/proxy/fetch?region=europe',
      { url: 'https://example.com/' },
      { headers: { 'x-api-key': key.key } },
    )
    assert.equal(fetched.statusCode, 200)
    await gw.settle()
    await gw.settle()
    const alerts = (await gw.mailsTo('ann@example.com')).filter((mail) => mail.kind.startsWith('usage_alert'))
    assert.deepEqual(
      alerts.map((mail) => mail.kind),
      ['usage_alert_trial_80'],
    )

    assert.deepEqual((await gw.app.inject({ url: '/v2/account/alerts', headers: session.headers })).json(), {
      usage_alerts: true,
    })
    const off = await gw.app.inject({
      method: 'PUT',
      url: '/v2/account/alerts',
      headers: { ...session.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ usage_alerts: false }),
    })
    assert.deepEqual(off.json(), { usage_alerts: false })
    await createUsageRepository(gw.db).add(session.accountId, day, 300, 0)
    assert.equal(await gw.alerts.check(session.accountId), 0)
  })
})
