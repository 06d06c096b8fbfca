import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../../../test/helpers/account-gateway.ts'
import { fetchRequest, fakeNode, nodeFailure } from '../../../../../test/helpers/test-gateway.ts'

describe('POST /v2/proxy/fetch metering', () => {
  it('counts every returned envelope for the account, with its bytes, and nothing for an error', async (t) => {
    const { gw } = { gw: await buildAccountTestGateway() }
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const key = await gw.mintKey(session)
    const fetch = (body: unknown) =>
      gw.app.inject({
        ...fetchRequest(body),
        headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      })
    assert.equal((await fetch({ url: 'http://example.com/' })).statusCode, 200)
    assert.equal((await fetch({ url: 'http://example.com/two' })).statusCode, 200)
    assert.equal((await fetch({ url: 'ftp://example.com/' })).statusCode, 422)
    await gw.settle()
    const rows = await gw.db
      .selectFrom('usage_daily')
      .select(['account_id', 'day', 'requests', 'bytes'])
      .execute()
    assert.deepEqual(rows, [{ account_id: session.accountId, day: '2026-03-02', requests: 2, bytes: 10 }])
    const account = await gw.app.inject({ method: 'GET', url: '/v2/account', headers: session.headers })
    assert.equal(account.json().trial.requests_used, 2)
    assert.equal(account.json().trial.requests_left, 998)
  })

  it('counts nothing when no envelope came back', async (t) => {
    const gw = await buildAccountTestGateway({ nodes: [fakeNode('us-east', 'e1', { onJob: nodeFailure })] })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    const response = await gw.app.inject({
      ...fetchRequest({ url: 'http://example.com/' }),
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
    })
    assert.equal(response.json().code, 'no_healthy_endpoints')
    await gw.settle()
    assert.deepEqual(await gw.db.selectFrom('usage_daily').selectAll().execute(), [])
  })

  it('keeps one row per UTC day', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    const fetch = () =>
      gw.app.inject({
        ...fetchRequest({ url: 'http://example.com/' }),
        headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      })
    await fetch()
    gw.clock.advance(15 * 60 * 60_000)
    await fetch()
    await gw.settle()
    const days = await gw.db.selectFrom('usage_daily').select(['day', 'requests']).orderBy('day').execute()
    assert.deepEqual(days, [
      { day: '2026-03-02', requests: 1 },
      { day: '2026-03-03', requests: 1 },
    ])
  })
})
