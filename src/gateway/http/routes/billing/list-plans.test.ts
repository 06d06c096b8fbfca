import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { buildTestGateway, type TestGateway } from '../../../../../test/helpers/test-gateway.ts'

let gateway: TestGateway
before(async () => {
  gateway = await buildTestGateway()
})
after(() => gateway.close())

describe('GET /v2/plans', () => {
  it('lists the trial and the paid plans, prices as decimal USD strings and integer cents, without a key', async () => {
    const response = await gateway.app.inject({ url: '/v2/plans' })
    assert.equal(response.statusCode, 200)
    assert.equal(response.headers['cache-control'], 'public, max-age=300')
    const body = response.json()
    assert.equal(body.currency, 'USD')
    assert.deepEqual(
      body.plans.map((plan: { id: string }) => plan.id),
      ['trial', 'entry', 'growth', 'scale'],
    )
    const [trial, entry, growth, scale] = body.plans
    assert.deepEqual(entry, {
      id: 'entry',
      name: 'Entry',
      monthly_fee: { usd: '25.00', cents: 2500 },
      included_requests: 50_000,
      overage_per_1000: { usd: '0.50', cents: 50 },
      trial_days: null,
      limits: { fetch_per_minute: 120, host_per_minute: 60, general_per_minute: 300, in_flight: 20 },
    })
    assert.deepEqual(
      [growth.monthly_fee, growth.included_requests, growth.overage_per_1000],
      [{ usd: '99.00', cents: 9900 }, 250_000, { usd: '0.40', cents: 40 }],
    )
    assert.deepEqual(
      [scale.monthly_fee, scale.included_requests, scale.overage_per_1000],
      [{ usd: '449.00', cents: 44900 }, 1_500_000, { usd: '0.30', cents: 30 }],
    )
    assert.deepEqual(
      [trial.monthly_fee, trial.included_requests, trial.overage_per_1000, trial.trial_days],
      [{ usd: '0.00', cents: 0 }, 1000, null, 30],
    )
  })

  it('is public in the reference, tagged billing, with its schema', () => {
    const document = gateway.app.swagger() as unknown as {
      paths: Record<string, Record<string, { tags: string[]; security: unknown[]; operationId: string }>>
      components: { schemas: Record<string, unknown> }
    }
    const operation = document.paths['/v2/plans']?.get
    assert.ok(operation)
    assert.deepEqual(operation.tags, ['billing'])
    assert.deepEqual(operation.security, [])
    assert.equal(operation.operationId, 'listPlans')
    for (const name of ['Plan', 'PlanList', 'Money', 'Usage'])
      assert.ok(document.components.schemas[name], name)
  })
})
