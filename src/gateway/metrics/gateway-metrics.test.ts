import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Registry } from 'prom-client'
import { samplesFrom, valueOf } from '../../../test/helpers/metrics.ts'
import { fakeNode, nodeFailure } from '../../../test/helpers/test-gateway.ts'
import { AppError } from '../../shared/errors.ts'
import type { GatewayDeps } from '../app.ts'
import {
  buildLimitsGateway,
  gate,
  heldNode,
  keys,
  standingStandIn,
} from '../../../test/helpers/limits-gateway.ts'
import type { AdmissionStore } from '../rate-limits/admission.ts'
import { createGatewayMetrics } from './gateway-metrics.ts'

const decisions = 'sallyport_gateway_limiter_decisions_total'
const requests = 'sallyport_gateway_http_requests_total'
const egress = 'sallyport_gateway_egress_total'

function withMetrics(): { registry: Registry; extra: Partial<GatewayDeps> } {
  const registry = new Registry()
  return { registry, extra: { metrics: createGatewayMetrics(registry) } }
}

describe('gateway metrics', () => {
  it('count each limiter decision by budget: admitted, rate_limited, target_rate_limited', async (t) => {
    const { registry, extra } = withMetrics()
    const gw = await buildLimitsGateway({ limits: { fetchPerWindow: 2, targetHostPerWindow: 1 }, extra })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://a.example/1')).statusCode, 200)
    assert.equal((await gw.fetch('http://a.example/2')).json().code, 'target_rate_limited')
    assert.equal((await gw.fetch('http://b.example/')).statusCode, 200)
    assert.equal((await gw.fetch('http://c.example/')).json().code, 'rate_limited')
    const regions = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { 'x-api-key': keys.a1 },
    })
    assert.equal(regions.statusCode, 200)

    const samples = await samplesFrom(registry)
    assert.equal(valueOf(samples, decisions, { budget: 'fetch', decision: 'admitted' }), 2)
    assert.equal(valueOf(samples, decisions, { budget: 'fetch', decision: 'target_rate_limited' }), 1)
    assert.equal(valueOf(samples, decisions, { budget: 'fetch', decision: 'rate_limited' }), 1)
    assert.equal(valueOf(samples, decisions, { budget: 'general', decision: 'admitted' }), 1)
    assert.equal(valueOf(samples, decisions, { decision: 'store_unavailable' }), 0, 'present, at 0')
    assert.equal(
      valueOf(samples, requests, {
        route: '/v2/proxy/fetch',
        method: 'POST',
        status: '429',
        code: 'target_rate_limited',
      }),
      1,
    )
  })

  it('count the in-flight cap, the trial and the spending cap apart', async (t) => {
    const { registry, extra } = withMetrics()
    const held = gate()
    let answer: 'trial' | AppError = 'trial'
    const gw = await buildLimitsGateway({
      nodes: [heldNode(held)],
      limits: { inFlight: 1, trialRequests: 2 },
      standing: standingStandIn(() => answer),
      extra,
    })
    t.after(() => gw.close())
    const running = gw.fetch('http://a.example/1')
    while (gw.nodes[0]!.jobs.length < 1) await new Promise((resolve) => setImmediate(resolve))
    assert.equal((await gw.fetch('http://a.example/2')).statusCode, 429)
    held.open()
    assert.equal((await running).statusCode, 200)
    assert.equal((await gw.fetch('http://a.example/3')).statusCode, 200)
    assert.equal((await gw.fetch('http://a.example/4')).json().code, 'trial_exhausted')
    answer = new AppError('trial_expired', 'The trial ended.')
    assert.equal((await gw.fetch('http://a.example/5')).json().code, 'trial_expired')
    answer = new AppError('spend_cap_reached', 'The cap is reached.')
    assert.equal((await gw.fetch('http://a.example/6')).json().code, 'spend_cap_reached')

    const samples = await samplesFrom(registry)
    const fetchDecision = (decision: string) => valueOf(samples, decisions, { budget: 'fetch', decision })
    assert.equal(fetchDecision('admitted'), 2)
    assert.equal(fetchDecision('in_flight_limited'), 1)
    assert.equal(fetchDecision('trial_exhausted'), 1)
    assert.equal(fetchDecision('trial_expired'), 1)
    assert.equal(fetchDecision('spend_cap_reached'), 1)
  })

  it('count a counter store that does not answer as store_unavailable', async (t) => {
    const { registry, extra } = withMetrics()
    const gw = await buildLimitsGateway({
      admission: (store): AdmissionStore => ({
        ...store,
        admit: () => Promise.reject(new Error('Connection is closed.')),
      }),
      extra,
    })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://a.example/')).json().code, 'store_unavailable')
    await gw.app.inject({ method: 'GET', url: '/v2/proxy/regions', headers: { 'x-api-key': keys.a1 } })

    const samples = await samplesFrom(registry)
    assert.equal(valueOf(samples, decisions, { budget: 'fetch', decision: 'store_unavailable' }), 1)
    assert.equal(valueOf(samples, decisions, { budget: 'general', decision: 'store_unavailable' }), 1)
    assert.equal(valueOf(samples, requests, { status: '503', code: 'store_unavailable' }), 2)
  })

  it('count idempotency claims, replays and reused keys', async (t) => {
    const { registry, extra } = withMetrics()
    const gw = await buildLimitsGateway({ extra })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://a.example/', { key: 'k1' })).statusCode, 200)
    const replay = await gw.fetch('http://a.example/', { key: 'k1' })
    assert.equal(replay.headers['idempotency-replayed'], 'true')
    assert.equal((await gw.fetch('http://b.example/', { key: 'k1' })).json().code, 'idempotency_key_reused')

    const samples = await samplesFrom(registry)
    const outcome = (name: string) =>
      valueOf(samples, 'sallyport_gateway_idempotency_total', { outcome: name })
    assert.equal(outcome('claimed'), 1)
    assert.equal(outcome('replayed'), 1)
    assert.equal(outcome('key_reused'), 1)
    assert.equal(outcome('in_flight'), 0)
    assert.equal(valueOf(samples, egress), 1, 'a replay makes no egress')
  })

  it('count egress by the region asked for and the region that served, fail-over included', async (t) => {
    const { registry, extra } = withMetrics()
    const gw = await buildLimitsGateway({
      nodes: [fakeNode('us-east', 'node_east1', { onJob: nodeFailure }), fakeNode('us-west', 'node_west1')],
      extra,
    })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('http://a.example/', { query: '?region=us-east' })).statusCode, 200)
    assert.equal((await gw.fetch('http://a.example/', { query: '?region=us-west' })).statusCode, 200)
    assert.equal((await gw.fetch('http://a.example/', { query: '' })).statusCode, 200)
    const refused = await gw.fetch('http://a.example/', { query: '?region=europe' })
    assert.equal(refused.json().code, 'region_out_of_service')

    const samples = await samplesFrom(registry)
    const count = (requested: string, used: string, outcome: string) =>
      valueOf(samples, egress, { requested_region: requested, region_used: used, outcome })
    assert.equal(count('us-east', 'us-west', 'envelope'), 1, 'us-east failed over to us-west')
    assert.equal(count('us-west', 'us-west', 'envelope'), 1)
    assert.equal(count('any', 'us-west', 'envelope'), 1)
    assert.equal(count('europe', 'none', 'region_out_of_service'), 1)
    // The failed node is down now: the fleet gauges say so at the next scrape.
    assert.equal(
      valueOf(samples, 'sallyport_gateway_node_healthy', { node: 'node_east1', region: 'us-east' }),
      0,
    )
    assert.equal(valueOf(samples, 'sallyport_gateway_region_in_service', { region: 'us-west' }), 1)
    assert.equal(valueOf(samples, 'sallyport_gateway_region_in_service', { region: 'europe' }), 0)
  })

  it('label requests by route pattern, never by what the caller sent', async (t) => {
    const { registry, extra } = withMetrics()
    const gw = await buildLimitsGateway({ extra })
    t.after(() => gw.close())
    const marker = `mark${Date.now().toString(36)}`
    assert.equal((await gw.fetch(`http://${marker}.example/${marker}?q=${marker}`)).statusCode, 200)
    const unknown = await gw.app.inject({ method: 'GET', url: `/v2/${marker}?q=${marker}` })
    assert.equal(unknown.statusCode, 404)
    const wrongMethod = await gw.app.inject({ method: 'DELETE', url: '/v2/proxy/regions' })
    assert.equal(wrongMethod.statusCode, 405)

    const text = await registry.metrics()
    assert.ok(!text.includes(marker), 'the marker is in no metric')
    assert.ok(!text.includes(keys.a1), 'no key either')
    assert.ok(!text.includes(unknown.headers['x-request-id'] as string), 'nor a request id')
    const samples = await samplesFrom(registry)
    assert.equal(valueOf(samples, requests, { route: 'unmatched', status: '404', code: 'not_found' }), 1)
    assert.equal(
      valueOf(samples, requests, { route: 'unmatched', method: 'DELETE', code: 'method_not_allowed' }),
      1,
    )
    assert.equal(
      valueOf(samples, 'sallyport_gateway_http_request_duration_seconds_count', {
        route: '/v2/proxy/fetch',
        method: 'POST',
        status: '200',
        code: 'none',
      }),
      1,
    )
  })
})
