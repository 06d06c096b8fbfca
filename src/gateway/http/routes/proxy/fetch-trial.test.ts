import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fakeNode } from '../../../../../test/helpers/test-gateway.ts'
import { AppError } from '../../../../shared/errors.ts'
import { buildLimitsGateway, keys, standingStandIn } from '../../../../../test/helpers/limits-gateway.ts'

describe('POST /v2/proxy/fetch and the trial', () => {
  it('at 995 of 1,000 trial requests used, 50 concurrent fetches admit exactly 5; the rest get 402 trial_exhausted', async (t) => {
    const standing = standingStandIn()
    const gw = await buildLimitsGateway({ standing })
    t.after(() => gw.close())
    // 995 billable requests already: the trial counter of the store, filled the way admissions fill it.
    for (let i = 0; i < 995; i++) {
      await gw.store.admit({ rules: [], quota: { key: '{acct_a}', limit: 1000, amount: 1 } })
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => gw.fetch(`http://h${i % 5}.example/${i}`)),
    )
    const statuses = answers.map((response) => response.statusCode)
    assert.equal(statuses.filter((status) => status === 200).length, 5)
    assert.equal(statuses.filter((status) => status === 402).length, 45)
    for (const refused of answers.filter((response) => response.statusCode === 402)) {
      assert.equal(refused.json().code, 'trial_exhausted')
      assert.equal(refused.headers['retry-after'], undefined, 'waiting does not help')
    }
    assert.equal(gw.nodes[0]!.jobs.length, 5)
    assert.equal(await gw.store.quotaUsed('{acct_a}'), 1000)
    assert.equal(standing.asked, 50)
    // Another account's trial is its own.
    assert.equal((await gw.fetch('http://h0.example/', { apiKey: keys.b })).statusCode, 200)
  })

  it('gives the trial request back when the fetch ends without an envelope', async (t) => {
    const refuse = async () => ({
      kind: 'refused' as const,
      refusal: { code: 'target_not_permitted' as const, detail: 'Not permitted.', timed_out: false },
    })
    const gw = await buildLimitsGateway({
      standing: standingStandIn(),
      nodes: [fakeNode('us-east', 'e1', { onJob: refuse })],
    })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://a.example/')).statusCode, 403)
    assert.equal(await gw.store.quotaUsed('{acct_a}'), 0)
    assert.deepEqual(gw.metered, [], 'an error answer is not billed')
  })

  it('counts only trial accounts against the allowance', async (t) => {
    const gw = await buildLimitsGateway({
      standing: standingStandIn((accountId) => (accountId === 'acct_a' ? 'paid' : 'trial')),
    })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://a.example/')).statusCode, 200)
    assert.equal((await gw.fetch('http://a.example/', { apiKey: keys.b })).statusCode, 200)
    assert.equal(await gw.store.quotaUsed('{acct_a}'), 0)
    assert.equal(await gw.store.quotaUsed('{acct_b}'), 1)
    assert.equal(gw.metered.length, 2)
  })

  it("refuses an expired trial before the fetch budgets, for one unit of the general budget: the standing's own error", async (t) => {
    const gw = await buildLimitsGateway({
      limits: { generalPerWindow: 2 },
      standing: standingStandIn(() => new AppError('trial_expired', 'The 30-day trial ended.')),
    })
    t.after(() => gw.close())
    const response = await gw.fetch('http://a.example/')
    assert.equal(response.statusCode, 402)
    assert.equal(response.json().code, 'trial_expired')
    assert.equal(response.headers.ratelimit, '"general";r=1;t=60')
    assert.deepEqual(gw.store.keys(), ['account_general:{acct_a}'])
    assert.equal((await gw.fetch('http://a.example/')).statusCode, 402)
    const flood = await gw.fetch('http://a.example/')
    assert.equal(flood.statusCode, 429)
    assert.equal(flood.json().code, 'rate_limited')
    assert.equal(gw.nodes[0]!.jobs.length, 0)
  })

  it('charges every call refused before admission to the general budget, so a flood of invalid fetches gets 429', async (t) => {
    const gw = await buildLimitsGateway({ limits: { generalPerWindow: 6 } })
    t.after(() => gw.close())
    const post = (payload: string, query = '?region=us-east', headers: Record<string, string> = {}) =>
      gw.app.inject({
        method: 'POST',
        url: `/v2/proxy/fetch${query}`,
        headers: { 'x-api-key': keys.a1, 'content-type': 'application/json', ...headers },
        payload,
      })
    const rejected = [
      await post('{"url":'), // not JSON
      await post('{"nourl":"http://a.example/"}'), // fails the schema
      await gw.fetch('ftp://a.example/'), // a url that cannot be fetched
      await gw.fetch('http://a.example/', { key: 'no spaces allowed here' }), // a bad Idempotency-Key
      await gw.fetch('http://a.example/', { query: '?region=nowhere' }), // an unknown region
      await post(JSON.stringify({ url: `http://a.example/${'x'.repeat(2 << 20)}` })), // a body too large
    ]
    rejected.forEach((answer, i) => {
      assert.ok(answer.statusCode >= 400 && answer.statusCode < 500 && answer.statusCode !== 429, `${i}`)
      assert.equal(answer.headers.ratelimit, `"general";r=${5 - i};t=60`, `call ${i} cost one unit`)
    })
    for (const answer of [await gw.fetch('ftp://a.example/'), await post('{"url":')]) {
      assert.equal(answer.statusCode, 429)
      assert.equal(answer.json().code, 'rate_limited')
      assert.equal(answer.headers['retry-after'], '60')
    }
    // A valid fetch has budgets of its own: the spent general budget does not refuse it.
    assert.equal((await gw.fetch('http://a.example/')).statusCode, 200)
    assert.equal(gw.nodes[0]!.jobs.length, 1)
    // Another account's budget is untouched.
    assert.equal(
      (await gw.fetch('ftp://a.example/', { apiKey: keys.b })).headers.ratelimit,
      '"general";r=5;t=60',
    )
  })
})
