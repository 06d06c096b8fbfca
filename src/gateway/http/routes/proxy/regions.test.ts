import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildTestGateway, fakeNode, testKeys } from '../../../../../test/helpers/test-gateway.ts'

const get = (url: string) => ({ method: 'GET' as const, url, headers: { 'x-api-key': testKeys.proxyOnly } })

describe('GET /v2/proxy/regions and /v2/proxy/status', () => {
  it('lists only regions with a healthy, undrained node', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e1'),
      fakeNode('us-west', 'w1', { healthy: false }),
      fakeNode('europe', 'u1', { draining: true }),
      fakeNode('europe', 'u2'),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(get('/v2/proxy/regions'))
    assert.equal(response.statusCode, 200)
    assert.deepEqual(response.json(), {
      regions: [
        { region: 'us-east', cloud_region: 'us-east-1', nodes_in_service: 1 },
        { region: 'europe', cloud_region: 'eu-west-1', nodes_in_service: 1 },
      ],
    })
  })

  it('follows the fleet: a node that comes back after a probe is listed again', async (t) => {
    const gw = await buildTestGateway([fakeNode('us-east', 'e1', { healthy: false })])
    t.after(() => gw.close())
    assert.deepEqual((await gw.app.inject(get('/v2/proxy/regions'))).json(), { regions: [] })
    gw.nodes[0]!.healthy = true
    await gw.fleet.probeAll()
    assert.equal((await gw.app.inject(get('/v2/proxy/regions'))).json().regions.length, 1)
  })

  it('reports every node with region, health, last check, in-flight count and latency', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'e1'),
      fakeNode('europe', 'u1', { healthy: false }),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject(get('/v2/proxy/status'))
    assert.equal(response.statusCode, 200)
    const { regions, nodes } = response.json()
    assert.deepEqual(
      regions.map((r: { region: string; in_service: boolean }) => [r.region, r.in_service]),
      [
        ['us-east', true],
        ['us-west', false],
        ['europe', false],
      ],
    )
    assert.equal(nodes.length, 2)
    const [east, eu] = nodes
    assert.equal(east.device_id, 'e1')
    assert.equal(east.health, 'healthy')
    assert.equal(east.in_service, true)
    assert.equal(east.in_flight, 0)
    assert.equal(typeof east.latency_ms, 'number')
    assert.ok(!Number.isNaN(Date.parse(east.last_check_at)))
    assert.equal(eu.health, 'down')
    assert.equal(eu.device_id, null)
  })
})
