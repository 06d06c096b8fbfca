/**
 * The operator listener as operators use it: a gateway and an egress node started the way the CLI starts
 * them, each with SALLYPORT_OPERATOR_PORT (0: a free port), traffic on the public ports, and /metrics
 * scraped and read. The target is a server on 127.0.0.1.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { loadGatewayConfig } from '../../src/config/gateway-config.ts'
import { loadNodeConfig } from '../../src/config/node-config.ts'
import { startGateway, startNode } from '../../src/bin/servers.ts'
import { eventually } from '../helpers/cli.ts'
import { samplesOf, scrape, valueOf, type Sample } from '../helpers/metrics.ts'

type Started<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>

describe('metrics on the operator listener', { timeout: 60_000 }, () => {
  const email = `metrics-${randomBytes(4).toString('hex')}@example.test`
  let dataDir: string
  let target: Server
  let targetUrl: string
  let node: Started<typeof startNode>
  let gateway: Started<typeof startGateway>
  let key: string

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sallyport-metrics-'))
    target = createServer((_request, response) => {
      response.setHeader('content-type', 'text/plain; charset=utf-8')
      response.end('hello')
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    const env = {
      SALLYPORT_DATA_DIR: dataDir,
      SALLYPORT_FLEET_SECRET: randomBytes(32).toString('base64url'),
      SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
      SALLYPORT_OPERATOR_PORT: '0',
      SALLYPORT_LOG_LEVEL: 'silent',
    }
    node = await startNode(loadNodeConfig({ region: 'europe', host: '127.0.0.1', port: 0 }, env))
    gateway = await startGateway(
      loadGatewayConfig({ host: '127.0.0.1', port: 0, nodes: [{ region: 'europe', url: node.url }] }, env),
    )
    const { accounts, keys } = gateway.runtime.account
    const account = await accounts.createVerifiedAccount(email, randomBytes(12).toString('base64url'))
    key = (await keys.mint(account.id, { name: 'metrics', scopes: ['proxy', 'read'] })).key
  })

  after(async () => {
    await gateway?.close()
    await node?.close()
    await new Promise((resolve) => target?.close(resolve))
    await rm(dataDir, { recursive: true, force: true })
  })

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${gateway.url}${path}`, {
      ...init,
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...init.headers },
    })
  const fetchVia = (region: string, url: string, headers: Record<string, string> = {}) =>
    call(`/v2/proxy/fetch?region=${region}`, { method: 'POST', body: JSON.stringify({ url }), headers })

  /** Scrapes until the check passes: an answer's counts land once it has been sent. */
  async function scrapeUntil(url: string, check: (samples: Sample[]) => boolean) {
    return eventually(async () => {
      const scraped = await scrape(`${url}/metrics`)
      return check(scraped.samples) ? scraped : undefined
    })
  }

  it('serves /metrics on the operator port only, never on the public ports', async () => {
    assert.ok(gateway.operatorUrl !== undefined && node.operatorUrl !== undefined)
    assert.notEqual(gateway.operatorUrl, gateway.url)
    const publicGateway = await fetch(`${gateway.url}/metrics`)
    assert.equal(publicGateway.status, 404)
    assert.equal(((await publicGateway.json()) as { code: string }).code, 'not_found')
    const publicNode = await fetch(`${node.url}/metrics`)
    assert.equal(publicNode.status, 401, 'a node answers no unsigned call, /metrics included')
    await publicNode.body?.cancel()

    for (const operator of [gateway.operatorUrl, node.operatorUrl]) {
      const { type, samples } = await scrape(`${operator}/metrics`)
      assert.match(type, /^text\/plain; version=0\.0\.4/)
      assert.ok(valueOf(samples, 'sallyport_process_cpu_user_seconds_total') > 0, 'process metrics')
      assert.ok(samplesOf(samples, 'sallyport_nodejs_heap_size_used_bytes').length === 1)
      assert.equal((await fetch(`${operator}/other`)).status, 404)
      const post = await fetch(`${operator}/metrics`, { method: 'POST' })
      assert.equal(post.status, 405)
      assert.equal(post.headers.get('allow'), 'GET, HEAD')
    }
  })

  it('counts fetches, refusals and replays on the gateway and the node', async () => {
    assert.equal((await fetchVia('europe', `${targetUrl}/a`)).status, 200)
    // A closed port on loopback: the target's failure, answered by the node.
    const failed = await fetchVia('europe', 'http://127.0.0.1:1/')
    assert.equal(((await failed.json()) as { code: string }).code, 'upstream_unavailable')
    const outOfService = await fetchVia('us-east', `${targetUrl}/b`)
    assert.equal(outOfService.status, 503)
    const keyed = { 'idempotency-key': 'metrics-key-1' }
    assert.equal((await fetchVia('europe', `${targetUrl}/c`, keyed)).status, 200)
    const replay = await fetchVia('europe', `${targetUrl}/c`, keyed)
    assert.equal(replay.headers.get('idempotency-replayed'), 'true')
    assert.equal((await call('/v2/proxy/regions')).status, 200)

    const fetchCount = (status: string, code: string) => (samples: Sample[]) =>
      valueOf(samples, 'sallyport_gateway_http_requests_total', {
        route: '/v2/proxy/fetch',
        method: 'POST',
        status,
        code,
      })
    const { samples, text } = await scrapeUntil(
      gateway.operatorUrl!,
      (s) => fetchCount('200', 'none')(s) === 3 && valueOf(s, 'sallyport_gateway_http_requests_total') >= 6,
    )
    assert.equal(fetchCount('502', 'upstream_unavailable')(samples), 1)
    assert.equal(fetchCount('503', 'region_out_of_service')(samples), 1)
    assert.equal(
      valueOf(samples, 'sallyport_gateway_http_requests_total', {
        route: '/v2/proxy/regions',
        status: '200',
      }),
      1,
    )
    const decision = (budget: string, name: string) =>
      valueOf(samples, 'sallyport_gateway_limiter_decisions_total', { budget, decision: name })
    assert.equal(decision('fetch', 'admitted'), 4, 'every fetch but the replay took an admission')
    assert.ok(
      decision('general', 'admitted') >= 2,
      'the replay and the regions call drew on the general budget',
    )
    const egress = (requested: string, used: string, outcome: string) =>
      valueOf(samples, 'sallyport_gateway_egress_total', {
        requested_region: requested,
        region_used: used,
        outcome,
      })
    assert.equal(egress('europe', 'europe', 'envelope'), 2)
    assert.equal(egress('europe', 'none', 'upstream_unavailable'), 1)
    assert.equal(egress('us-east', 'none', 'region_out_of_service'), 1)
    assert.equal(valueOf(samples, 'sallyport_gateway_idempotency_total', { outcome: 'replayed' }), 1)
    const nodeLabels = { node: node.deviceId, region: 'europe' }
    assert.equal(valueOf(samples, 'sallyport_gateway_node_healthy', nodeLabels), 1)
    assert.equal(valueOf(samples, 'sallyport_gateway_node_draining', nodeLabels), 0)
    assert.ok(samplesOf(samples, 'sallyport_gateway_node_probe_latency_seconds', nodeLabels).length === 1)
    assert.equal(valueOf(samples, 'sallyport_gateway_region_in_service', { region: 'europe' }), 1)
    assert.equal(valueOf(samples, 'sallyport_gateway_region_in_service', { region: 'us-east' }), 0)

    const scrapedNode = await scrape(`${node.operatorUrl}/metrics`)
    const nodeSamples = scrapedNode.samples
    assert.equal(
      valueOf(nodeSamples, 'sallyport_node_fetches_total', { outcome: 'envelope', target_status: '2xx' }),
      2,
    )
    assert.equal(valueOf(nodeSamples, 'sallyport_node_fetches_total', { outcome: 'upstream_unavailable' }), 1)
    assert.equal(valueOf(nodeSamples, 'sallyport_node_fetched_bytes_total'), 2 * 'hello'.length)
    assert.equal(valueOf(nodeSamples, 'sallyport_node_fetch_duration_seconds_count'), 3)
    assert.equal(valueOf(nodeSamples, 'sallyport_node_fetches_in_flight'), 0)
    // A job goes on the gateway's fleet link once it is open, as an HTTP call before (ADR 0016).
    assert.equal(
      valueOf(nodeSamples, 'sallyport_node_http_requests_total', {
        route: '/fleet/v1/fetch',
        method: 'POST',
        status: '200',
      }) +
        valueOf(nodeSamples, 'sallyport_node_http_requests_total', {
          route: '/fleet/v1/link',
          method: 'JOB',
          status: '200',
        }),
      3,
    )
    assert.ok(valueOf(nodeSamples, 'sallyport_node_http_requests_total', { route: '/fleet/v1/health' }) >= 1)

    // DESIGN 7: nothing the caller sent is a label: not the target, the account, the key or a request id.
    const targetPort = new URL(targetUrl).port
    for (const [where, metrics] of [
      ['gateway', text],
      ['node', scrapedNode.text],
    ] as const) {
      for (const secret of [targetUrl, `:${targetPort}`, email, key, 'metrics-key-1', 'req_']) {
        assert.ok(!metrics.includes(secret), `${secret} appears in the ${where}'s metrics`)
      }
    }
  })
})
