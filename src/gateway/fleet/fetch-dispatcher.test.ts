import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, it } from 'node:test'
import {
  fleetHeaders,
  fleetPaths,
  type HealthReport,
  type NodeEnvelope,
} from '../../shared/fleet-contract.ts'
import { AppError } from '../../shared/errors.ts'
import { createFetchDispatcher } from './fetch-dispatcher.ts'
import { createFleet } from './fleet.ts'
import { createNodeClient, NodeFailure } from './node-client.ts'

const secret = 'fleet-secret-for-dispatcher-tests-0123'
const quiet = { info: () => undefined, warn: () => undefined }

type FetchAnswer = { status: number; outcome?: string; body: string }

/** What every fleet of these tests is made with: probes only when a test asks for them. */
const fleetSettings = {
  fleetSecret: secret,
  clock: { now: () => Date.now(), monotonic: () => performance.now() },
  logger: quiet,
  healthIntervalMs: 60_000,
  healthTimeoutMs: 5_000,
  jobTimeoutMs: 5_000,
}

function healthReport(deviceId: string, draining: boolean): HealthReport {
  return {
    device_id: deviceId,
    region: 'europe',
    public_ip: '203.0.113.9',
    draining,
    in_flight: 0,
    started_at: new Date(0).toISOString(),
  }
}

/** A node on 127.0.0.1 that probes healthy and answers every fetch job with `answer`. */
async function fakeNode(
  deviceId: string,
  answer: FetchAnswer,
): Promise<{ url: string; jobs: () => number; server: Server }> {
  let jobs = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      if (request.url === fleetPaths.health) {
        const report = healthReport(deviceId, false)
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(report))
        return
      }
      // A node without the fleet link (ADR 0016): the client falls back to HTTP calls.
      if (request.url === fleetPaths.link) return void response.writeHead(404).end()
      jobs++
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (answer.outcome !== undefined) headers[fleetHeaders.outcome] = answer.outcome
      response.writeHead(answer.status, headers).end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, jobs: () => jobs, server }
}

const envelope: NodeEnvelope = {
  result: 'hello',
  status: 200,
  public_ip: '203.0.113.9',
  device_id: 'node_good',
  final_url: 'https://example.com/',
  redirects: 0,
  content_type: 'text/plain',
  bytes: 5,
  elapsed_ms: 1,
}

async function fleetOf(t: { after(fn: () => Promise<void> | void): void }, ...answers: FetchAnswer[]) {
  const nodes = await Promise.all(answers.map((answer, index) => fakeNode(`node_${index}`, answer)))
  const fleet = createFleet({
    ...fleetSettings,
    nodes: nodes.map((node) => ({ region: 'europe' as const, url: node.url })),
  })
  t.after(async () => {
    await fleet.close()
    for (const node of nodes) node.server.close()
  })
  await fleet.probeAll()
  return { fleet, nodes }
}

describe('a node answer outside the fleet contract is a node failure', () => {
  for (const [name, broken] of [
    [
      'a refusal whose body is not JSON',
      { status: 200, outcome: 'refused', body: '<html>bad gateway</html>' },
    ],
    [
      'a refusal with a code outside the contract',
      { status: 200, outcome: 'refused', body: '{"code":"internal_error","detail":"x","timed_out":false}' },
    ],
    ['a 502 page from a proxy in front of the node', { status: 502, body: '<html>bad gateway</html>' }],
  ] as const) {
    it(`fails over on ${name}, and marks that node down`, async (t) => {
      const { fleet, nodes } = await fleetOf(t, broken, {
        status: 200,
        outcome: 'envelope',
        body: JSON.stringify(envelope),
      })
      const dispatcher = createFetchDispatcher(fleet)
      // Try the broken node first, whatever the pick order.
      const [bad, good] = fleet.members
      good!.inFlight = 1_000
      const dispatched = await dispatcher.dispatch(
        { url: 'https://example.com/', user_agent: null },
        'europe',
      )
      good!.inFlight -= 1_000
      assert.equal(nodes[0]!.jobs(), 1, 'the broken node was tried first')
      assert.equal(dispatched.member, good)
      assert.equal(JSON.parse(dispatched.envelope.toString('utf8')).result, 'hello')
      assert.equal(bad!.health, 'down')
    })
  }

  it('keeps a well-formed refusal final: the target failed, not the node', async (t) => {
    const refusal = { code: 'upstream_unavailable', detail: 'The target did not answer.', timed_out: true }
    const { fleet, nodes } = await fleetOf(
      t,
      { status: 200, outcome: 'refused', body: JSON.stringify(refusal) },
      { status: 200, outcome: 'envelope', body: JSON.stringify(envelope) },
    )
    fleet.members[1]!.inFlight = 1_000
    const dispatcher = createFetchDispatcher(fleet)
    const error = await dispatcher.dispatch({ url: 'https://example.com/', user_agent: null }, 'europe').then(
      () => undefined,
      (caught: unknown) => caught,
    )
    assert.ok(error instanceof AppError)
    assert.equal(error.code, 'upstream_unavailable')
    assert.equal(error.status, 504)
    assert.equal(nodes[1]!.jobs(), 0, 'no failover on the target’s own failure')
    assert.equal(fleet.members[0]!.health, 'healthy')
  })

  it('the node client throws NodeFailure, not a parse error, on a health report that is not JSON', async (t) => {
    const broken = createServer((_request, response) => response.writeHead(200).end('not json'))
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve))
    t.after(() => broken.close())
    const client = createNodeClient({
      url: `http://127.0.0.1:${(broken.address() as AddressInfo).port}`,
      fleetSecret: secret,
      clock: { now: () => Date.now(), monotonic: () => performance.now() },
      jobTimeoutMs: 5_000,
    })
    t.after(() => client.close())
    await assert.rejects(client.health(5_000), NodeFailure)
  })
})

describe('a node drained since the last probe', () => {
  const drained: FetchAnswer = {
    status: 503,
    outcome: 'drained',
    body: JSON.stringify({ error: 'the node is drained' }),
  }
  const served: FetchAnswer = { status: 200, outcome: 'envelope', body: JSON.stringify(envelope) }
  const job = { url: 'https://example.com/', user_agent: null }

  it('is marked drained, not down, and the job goes to the next node of the region', async (t) => {
    const { fleet, nodes } = await fleetOf(t, drained, served)
    const [first, second] = fleet.members
    second!.inFlight = 1_000
    const dispatched = await createFetchDispatcher(fleet).dispatch(job, 'europe')
    second!.inFlight -= 1_000
    assert.equal(nodes[0]!.jobs(), 1, 'the drained node was asked first')
    assert.equal(dispatched.member, second)
    assert.equal(first!.health, 'healthy')
    assert.equal(first!.draining, true)
    assert.equal(first!.inFlight, 0)
  })

  it('takes the requested region out of service when all its nodes were drained: no other region serves', async (t) => {
    const { fleet, nodes } = await fleetOf(t, drained, drained)
    const dispatcher = createFetchDispatcher(fleet)
    const refused = await dispatcher.dispatch(job, 'europe').catch((error: unknown) => error)
    assert.ok(refused instanceof AppError)
    assert.equal(refused.code, 'region_out_of_service')
    assert.equal(refused.status, 503)
    assert.equal(nodes[0]!.jobs() + nodes[1]!.jobs(), 2)
    // The gateway now knows: the next request is refused before any node is asked.
    const again = await dispatcher.dispatch(job, 'europe').catch((error: unknown) => error)
    assert.equal((again as AppError).code, 'region_out_of_service')
    assert.equal(nodes[0]!.jobs() + nodes[1]!.jobs(), 2)
    // The next probe reads the nodes' own reports (these say not drained): back in service.
    await fleet.probeAll()
    assert.equal(fleet.regionInService('europe'), true)
  })

  it('answers no_healthy_endpoints when no region was asked for and every node was drained', async (t) => {
    const { fleet } = await fleetOf(t, drained)
    const refused = await createFetchDispatcher(fleet)
      .dispatch(job, undefined)
      .catch((error: unknown) => error)
    assert.equal((refused as AppError).code, 'no_healthy_endpoints')
  })

  it('still fails over to other regions when a node of the requested region failed as well', async (t) => {
    const { fleet } = await fleetOf(t, drained, { status: 502, body: 'bad gateway' })
    const refused = await createFetchDispatcher(fleet)
      .dispatch(job, 'europe')
      .catch((error: unknown) => error)
    // The fleet has no other region: nothing left.
    assert.equal((refused as AppError).code, 'no_healthy_endpoints')
    assert.equal(fleet.members[1]!.health, 'down')
  })
})

describe('a probe that left before a drained answer', () => {
  it('does not put the node back in service; the next probe does, if the node says so', async (t) => {
    const report = (draining: boolean) => healthReport('node_0', draining)
    const probes: ((report: HealthReport) => void)[] = []
    const fleet = createFleet({
      ...fleetSettings,
      nodes: [{ region: 'europe', url: 'http://127.0.0.1:9' }],
      clientFor: (endpoint) => ({
        url: endpoint.url,
        fetchJob: async () => ({ kind: 'drained' }),
        health: () => new Promise<HealthReport>((resolve) => probes.push(resolve)),
        setDraining: async () => report(true),
        close: async () => undefined,
      }),
    })
    t.after(() => fleet.close())
    const first = fleet.probeAll()
    probes.shift()!(report(false))
    await first
    assert.equal(fleet.regionInService('europe'), true)

    // A probe leaves; the node is drained and answers a job `drained`; the probe's older report lands.
    const stale = fleet.probeAll()
    await new Promise((resolve) => setTimeout(resolve, 2))
    const refused = await createFetchDispatcher(fleet)
      .dispatch({ url: 'https://example.com/', user_agent: null }, 'europe')
      .catch((error: unknown) => error)
    assert.equal((refused as AppError).code, 'region_out_of_service')
    probes.shift()!(report(false))
    await stale
    assert.equal(fleet.regionInService('europe'), false, 'the older report did not undo the drain')

    // A probe that leaves after the answer is the node's word: here, back in service (`--undo`).
    await new Promise((resolve) => setTimeout(resolve, 2))
    const fresh = fleet.probeAll()
    probes.shift()!(report(false))
    await fresh
    assert.equal(fleet.regionInService('europe'), true)
  })
})
