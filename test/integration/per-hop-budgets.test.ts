/**
 * Every redirect hop spends both per-host budgets (ADR 0010): the gateway drives the chain, one hop per job,
 * through a real egress node app (its job parser, fetcher and answer) on loopback targets.
 */
import assert from 'node:assert/strict'
import type { ServerResponse } from 'node:http'
import { describe, it, type TestContext } from 'node:test'
import { sendToNode } from '../helpers/node-call.ts'
import { fakeNode } from '../helpers/test-gateway.ts'
import { buildLimitsGateway } from '../helpers/limits-gateway.ts'
import { fetcherOptions, startTarget, type Target } from '../helpers/test-targets.ts'
import { systemClock } from '../../src/shared/clock.ts'
import { fleetHeaders, fleetPaths, signFleetCall } from '../../src/shared/fleet-contract.ts'
import type { AdmissionLimits } from '../../src/gateway/rate-limits/admission.ts'
import { buildNode } from '../../src/node/app.ts'
import { createFetcher } from '../../src/node/fetching/fetcher.ts'
import type { JobAnswer } from '../../src/gateway/fleet/node-client.ts'

const secret = 'h'.repeat(32)

async function realNodeGateway(t: TestContext, limits: Partial<AdmissionLimits>) {
  const fetcher = createFetcher(fetcherOptions())
  const app = buildNode({
    region: 'us-east',
    deviceId: 'node_real',
    publicIp: '203.0.113.1',
    fleetSecret: secret,
    fetcher,
    clock: systemClock,
    logger: false,
  })
  // The fleet contract as the node speaks it: the signed job, the outcome header, the JSON answer.
  const node = fakeNode('us-east', 'node_real', {
    onJob: async (job): Promise<JobAnswer> => {
      const body = JSON.stringify(job)
      const answer = await sendToNode(app, {
        method: 'POST',
        url: fleetPaths.fetch,
        headers: {
          ...signFleetCall(secret, 'POST', fleetPaths.fetch, body, Date.now()),
          'content-type': 'application/json',
        },
        payload: body,
      })
      assert.equal(answer.statusCode, 200, answer.body)
      const outcome = answer.headers[fleetHeaders.outcome]
      if (outcome === 'envelope') return { kind: 'envelope', body: answer.rawPayload }
      if (outcome === 'redirect') return { kind: 'redirect', redirect: answer.json() }
      return { kind: 'refused', refusal: answer.json() }
    },
  })
  const gw = await buildLimitsGateway({ nodes: [node], limits })
  t.after(async () => {
    await gw.close()
    await app.close()
    await fetcher.close()
  })
  return gw
}

function redirect(response: ServerResponse, location: string): void {
  response.statusCode = 302
  response.setHeader('location', location)
  response.end()
}

describe('POST /v2/proxy/fetch: budgets on every hop', () => {
  it('a redirect loop onto a victim never gets more hits on the victim than its host budget', async (t) => {
    const gw = await realNodeGateway(t, { targetHostPerWindow: 5 })
    // The victim redirects to itself, half the time written as an IPv4-mapped IPv6 literal.
    const victim: Target = await startTarget('127.0.0.43', (_request, response) => {
      const n = victim.requests.length
      const host = n % 2 === 0 ? `[::ffff:127.0.0.43]` : '127.0.0.43'
      redirect(response, `http://${host}:${victim.port}/loop/${n}`)
    })
    const redirector = await startTarget('127.0.0.42', (_request, response) => {
      redirect(response, victim.url('/'))
    })
    t.after(async () => {
      await victim.close()
      await redirector.close()
    })
    const answers = []
    for (let i = 0; i < 4; i++) answers.push(await gw.fetch(redirector.url(`/start/${i}`)))
    assert.equal(victim.requests.length, 5, 'the victim is hit exactly its host budget, on every spelling')
    assert.equal(redirector.requests.length, 4, 'the first hop of each fetch still reaches the redirector')
    for (const answer of answers) {
      assert.equal(answer.statusCode, 429)
      assert.equal(answer.json().code, 'target_rate_limited')
      assert.ok(Number(answer.headers['retry-after']) > 0)
      assert.match(String(answer.headers.ratelimit), /"host";r=0;/)
    }
    // A refused hop after real hops is billed (ADR 0010): one metered request per fetch, no bytes.
    assert.deepEqual(
      gw.metered.map((m) => m.bytes),
      [0, 0, 0, 0],
    )
  })

  it('carries the chain across hops: totals, final_url and cookies set on one hop sent on the next', async (t) => {
    const gw = await realNodeGateway(t, {})
    const target = await startTarget('127.0.0.44', (request, response) => {
      if (request.url === '/a') {
        response.setHeader('set-cookie', 'chain=1; Path=/')
        redirect(response, '/b')
      } else if (request.url === '/b') redirect(response, '/c')
      else response.end(`cookie=${request.headers.cookie ?? ''}`)
    })
    t.after(() => target.close())
    const answer = await gw.fetch(target.url('/a'))
    assert.equal(answer.statusCode, 200, answer.body)
    const envelope = answer.json()
    assert.equal(envelope.result, 'cookie=chain=1')
    assert.equal(envelope.redirects, 2)
    assert.equal(envelope.final_url, target.url('/c'))
    assert.equal(envelope.region_used, 'us-east')
    assert.equal(target.requests.length, 3)
    assert.equal(gw.metered.length, 1)
    assert.equal(gw.nodes[0]!.jobs.length, 3, 'one job per hop')
  })

  it('stops after 10 redirects with too_many_redirects, unbilled', async (t) => {
    const gw = await realNodeGateway(t, {})
    const target = await startTarget('127.0.0.45', (request, response) => {
      redirect(response, `/n${request.url}`)
    })
    t.after(() => target.close())
    const answer = await gw.fetch(target.url('/'))
    assert.equal(answer.json().code, 'too_many_redirects')
    assert.equal(target.requests.length, 11)
    assert.equal(gw.metered.length, 0)
  })
})
