import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { tagsOf } from '../../../../../test/helpers/markup.ts'
import { buildTestGateway, fakeNode } from '../../../../../test/helpers/test-gateway.ts'

describe('public status', () => {
  it('GET /v2/status needs no key and names no node: regions, counts and a 24-hour strip', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'dev-a'),
      fakeNode('us-east', 'dev-b'),
      fakeNode('europe', 'dev-c', { healthy: false }),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject({ url: '/v2/status' })
    assert.equal(response.statusCode, 200)
    const body = response.json()
    assert.equal(body.summary, 'degraded')
    assert.deepEqual(
      body.regions.map((r: { region: string; in_service: boolean; nodes_in_service: number }) => [
        r.region,
        r.in_service,
        r.nodes_in_service,
      ]),
      [
        ['us-east', true, 2],
        ['us-west', false, 0],
        ['europe', false, 0],
      ],
    )
    const east = body.regions[0]
    assert.equal(east.history.length, 24)
    assert.equal(east.history.at(-1).availability, 1, 'the gateway sampled its probes when it became ready')
    assert.equal(east.history[0].availability, null)
    for (const secret of ['dev-a', 'dev-b', 'dev-c', '127.0.0.1', 'http://']) {
      assert.ok(!response.body.includes(secret), secret)
    }
  })

  it('GET /status is a page with the summary on top, one strip per region, and no node named', async (t) => {
    const gw = await buildTestGateway([
      fakeNode('us-east', 'dev-a'),
      fakeNode('us-west', 'dev-b'),
      fakeNode('europe', 'dev-c'),
    ])
    t.after(() => gw.close())
    const response = await gw.app.inject({ url: '/status' })
    assert.equal(response.statusCode, 200)
    assert.match(String(response.headers['content-security-policy']), /script-src 'self'/)
    assert.match(response.body, /All systems operational/)
    const strips = tagsOf(response.body, 'div').filter((tag) => tag.attributes.class === 'strip')
    assert.equal(strips.length, 3)
    assert.ok(
      strips.every(
        (tag) =>
          tag.attributes.role === 'img' && /in service 100 %/.test(String(tag.attributes['aria-label'])),
      ),
    )
    assert.ok(!response.body.includes('dev-a'))
  })
})
