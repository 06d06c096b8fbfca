/**
 * The production topology end to end (docs/deploy.md), on loopback: two `sallyport gateway` processes and
 * three `sallyport node` processes (one per region, each sending from its own 127.0.0.x), sharing a
 * PostgreSQL schema and a redis-server of this test's own, which the test stops and starts again.
 *
 * One story, in order: a user signs up on gateway A and mints keys there; the keys fetch through both
 * gateways; the account's fetch budget is exact across them; a key revoked on A is refused on B at the very
 * next request; a node killed mid-request is failed over, and each gateway's /metrics says so; a Redis
 * restart refuses fetches fast while Redis is away, and they are served again once it is back, without
 * restarting a gateway; and once the gateways have stopped, the ledger holds each envelope exactly once,
 * whichever gateway served it.
 */
import assert from 'node:assert/strict'
import type { RequestListener, Server } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, it, test } from 'node:test'
import { eventually } from '../helpers/cli.ts'
import { ledgerRequestsIn } from '../helpers/ledger.ts'
import { scrape, valueOf, type Sample } from '../helpers/metrics.ts'
import type { TestDatabase } from '../helpers/databases.ts'
import {
  cliOk,
  egressAddresses,
  operatorKey,
  outboxToken,
  postJson,
  gatewaysServing,
  stopTopologyTest,
  type GatewayProcess,
  type RedisServer,
  type Topology,
} from '../helpers/topology.ts'
import { startTopologyTest, topologyMissing } from '../helpers/topology-test.ts'

const missing = topologyMissing

if (missing !== undefined) {
  // STYLE: a test that needs PostgreSQL or Redis fails, never skips, under CI.
  if (process.env.CI === 'true') test('the topology test can run', () => assert.fail(missing))
  else test('the production topology end to end', { skip: missing }, () => {})
} else {
  describe(
    'the production topology: two gateways, three regions, PostgreSQL, Redis',
    { timeout: 120_000 },
    () => {
      const userEmail = 'topology-user@example.test'
      const password = 'correct horse battery staple'
      let database: TestDatabase
      let redis: RedisServer
      let topology: Topology
      let target: Server
      let targetUrl: string
      let opsKey: string
      /** Requests the target answered, by the first segment of their path. */
      const hits = new Map<string, number>()
      /** Resolves the next time us-east's node asks for /slow (the target then holds the answer). */
      let slowHit: (() => void) | undefined

      let gatewayA: string
      let gatewayB: string
      let session: { cookie: string; csrf: string }
      const keys: { first: { id: string; key: string }; second: { id: string; key: string } } = {
        first: { id: '', key: '' },
        second: { id: '', key: '' },
      }

      before(async () => {
        // Counts requests by their first path segment; holds us-east's /slow until the node is killed.
        const answer: RequestListener = (request, response) => {
          const segment = (request.url ?? '/').split('/')[1] ?? ''
          hits.set(segment, (hits.get(segment) ?? 0) + 1)
          const seen = request.socket.remoteAddress ?? ''
          if (segment === 'slow' && seen === egressAddresses['us-east']) {
            slowHit?.()
            // Held until the node is killed; the timer is only a backstop.
            setTimeout(() => response.end('too late'), 20_000).unref()
            return
          }
          response.setHeader('content-type', 'text/plain; charset=utf-8')
          response.end(`seen from ${seen}`)
        }
        ;({ target, targetUrl, database, redis, topology } = await startTopologyTest(answer, {
          // Only the test's target is exempt from the address policy.
          nodeEnv: { SALLYPORT_ALLOW_TARGETS: '127.0.0.1/32', SALLYPORT_LOG_LEVEL: 'info' },
          gatewayEnv: {
            SALLYPORT_HEALTH_INTERVAL_MS: '200',
            SALLYPORT_HEALTH_TIMEOUT_MS: '1000',
            SALLYPORT_LOG_LEVEL: 'info',
            // Each gateway's operator listener on a free port, named in its "gateway listening" line.
            SALLYPORT_OPERATOR_PORT: '0',
          },
          alongside: async (adminEnv) => {
            opsKey = await operatorKey(adminEnv, 'topology-ops@example.test')
          },
        }))
        ;[gatewayA, gatewayB] = (await gatewaysServing(topology, opsKey)) as [string, string]
      })

      after(() => stopTopologyTest({ topology, redis, database, target }))

      const post = postJson
      const fetchVia = (base: string, apiKey: string, path: string, region = 'us-east') =>
        post(
          base,
          `/v2/proxy/fetch?region=${region}`,
          { url: `${targetUrl}${path}` },
          { 'x-api-key': apiKey },
        )
      const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code
      /** What the gateway's operator listener serves, found as an operator finds it: in the log. */
      const metricsOf = (gateway: GatewayProcess) => {
        const url = /"metrics_url":"([^"]+)"/.exec(gateway.process.output())?.[1]
        assert.ok(url, 'the listening line names the metrics URL')
        return scrape(url)
      }

      it('signs a user up on gateway A, verifies the mailed link, signs in and mints keys there', async () => {
        const signUp = await post(gatewayA, '/v2/account', { email: userEmail, password })
        assert.equal(signUp.status, 202, await signUp.text())
        // The operator keeps the account's fetch budget small. Before the account's first limited call (the
        // key minting below): a gateway that has read its limits keeps them for up to 5 s.
        const limits = cliOk(
          ['admin', 'set-limits', '--email', userEmail, '--fetch-per-minute', '10'],
          topology.adminEnv,
        )

        const token = await outboxToken(join(topology.gatewayDataDirs[0]!, 'outbox'))
        // Verified through the other gateway: the token lives in the shared database.
        const verify = await post(gatewayB, '/v2/account/verify', { token })
        assert.equal(verify.status, 200, await verify.text())

        const signIn = await post(gatewayA, '/v2/session', { email: userEmail, password })
        assert.equal(signIn.status, 200)
        const cookie = /^(sallyport_session=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1]
        assert.ok(cookie, 'a session cookie')
        const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string }
        session = { cookie, csrf }
        assert.match(await limits, /fetch 10\/min/)

        for (const name of ['first', 'second'] as const) {
          const minted = await post(
            gatewayA,
            '/v2/keys',
            { name, scopes: ['proxy'] },
            { cookie: session.cookie, 'x-csrf-token': session.csrf },
          )
          assert.equal(minted.status, 201)
          const body = (await minted.json()) as { id: string; key: string }
          assert.match(body.key, /^sp_live_[0-9A-Za-z]{36}$/)
          keys[name] = { id: body.id, key: body.key }
        }
      })

      it('fetches through both gateways, and the account fetch budget is exact across them', async () => {
        const first = await fetchVia(gatewayA, keys.first.key, '/first')
        assert.equal(first.status, 200)
        const envelope = (await first.json()) as Record<string, unknown>
        assert.equal(envelope.region_used, 'us-east')
        assert.equal(envelope.public_ip, egressAddresses['us-east'])
        assert.equal(envelope.result, `seen from ${egressAddresses['us-east']}`)
        assert.equal(envelope.status, 200)
        // Both keys of the account draw from one budget (SPEC 2.4).
        const second = await fetchVia(gatewayB, keys.second.key, '/first', 'europe')
        assert.equal(second.status, 200)
        assert.equal(((await second.json()) as { public_ip: string }).public_ip, egressAddresses.europe)

        // 2 of the 10 are spent: a burst of 20 split across A and B admits exactly 8 more.
        const answers = await Promise.all(
          Array.from({ length: 20 }, async (_, i) => {
            const response = await fetchVia(i % 2 === 0 ? gatewayA : gatewayB, keys.first.key, `/burst/${i}`)
            return {
              status: response.status,
              code: response.status === 200 ? undefined : await codeOf(response),
              policy: response.headers.get('ratelimit-policy'),
              retryAfter: response.headers.get('retry-after'),
            }
          }),
        )
        const admitted = answers.filter((answer) => answer.status === 200).length
        assert.equal(admitted, 8, JSON.stringify(answers))
        for (const answer of answers.filter((a) => a.status !== 200)) {
          assert.equal(answer.status, 429)
          assert.equal(answer.code, 'rate_limited')
          assert.ok(Number(answer.retryAfter) >= 1, String(answer.retryAfter))
        }
        for (const answer of answers) assert.match(answer.policy ?? '', /^"fetch";q=10;w=60, /)
        assert.equal(hits.get('burst'), 8, 'refused fetches never reached the target')
        // Exactly the budget, over both gateways and both keys, within one window.
        assert.equal((hits.get('first') ?? 0) + (hits.get('burst') ?? 0), 10)
      })

      it('refuses on gateway B, at the very next request, a key revoked on gateway A', async () => {
        const regionsWith = (apiKey: string) =>
          fetch(`${gatewayB}/v2/proxy/regions`, { headers: { 'x-api-key': apiKey } })
        assert.equal((await regionsWith(keys.second.key)).status, 200)

        const revoked = await fetch(`${gatewayA}/v2/keys/${keys.second.id}`, {
          method: 'DELETE',
          headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
        })
        assert.equal(revoked.status, 204)

        const refused = await regionsWith(keys.second.key)
        assert.equal(refused.status, 401)
        assert.equal(await codeOf(refused), 'invalid_api_key')
        const refusedFetch = await fetchVia(gatewayB, keys.second.key, '/after-revoke')
        assert.equal(await codeOf(refusedFetch), 'invalid_api_key')
        // The other key of the account is untouched: still known, still under the spent budget.
        const other = await fetchVia(gatewayB, keys.first.key, '/after-revoke')
        assert.equal(other.status, 429)
        assert.equal(hits.get('after-revoke'), undefined)
      })

      it('fails over when a node is killed mid-request, and region_used says where it was served', async () => {
        const held = new Promise<void>((resolve) => (slowHit = resolve))
        const pending = fetchVia(gatewayA, opsKey, '/slow/1')
        await held
        await topology.nodes.get('us-east')!.kill('SIGKILL')
        const response = await pending
        assert.equal(response.status, 200)
        const envelope = (await response.json()) as Record<string, unknown>
        // One node per region here, so the fetch moves to the next region (DESIGN 1).
        assert.equal(envelope.region_used, 'us-west')
        assert.equal(envelope.public_ip, egressAddresses['us-west'])
        assert.equal(envelope.result, `seen from ${egressAddresses['us-west']}`)

        // Gateway B learns from its own probes; then us-east is out of service on both, without substitution.
        for (const base of [gatewayA, gatewayB]) {
          await eventually(async () => {
            const answer = await fetch(`${base}/v2/proxy/regions`, { headers: { 'x-api-key': opsKey } })
            const body = (await answer.json()) as { regions: { region: string }[] }
            return body.regions.some((entry) => entry.region === 'us-east') ? undefined : true
          })
          const refused = await fetchVia(base, opsKey, '/hello')
          assert.equal(refused.status, 503)
          assert.equal(await codeOf(refused), 'region_out_of_service')
        }

        // The same, as each gateway's /metrics tells the operator; no label names the target.
        for (const gateway of topology.gateways) {
          // Polled: a request is counted once its answer has been sent, not before the caller reads it.
          const { text, samples } = await eventually(async () => {
            const scraped = await metricsOf(gateway)
            const counted = valueOf(scraped.samples, 'sallyport_gateway_http_requests_total', {
              route: '/v2/proxy/fetch',
              code: 'region_out_of_service',
            })
            return counted > 0 ? scraped : undefined
          })
          const inService = (region: string) =>
            valueOf(samples, 'sallyport_gateway_region_in_service', { region })
          assert.equal(inService('us-east'), 0)
          assert.equal(inService('us-west'), 1)
          assert.equal(valueOf(samples, 'sallyport_gateway_node_healthy', { region: 'us-east' }), 0)
          assert.equal(
            valueOf(samples, 'sallyport_gateway_http_requests_total', {
              route: '/v2/proxy/fetch',
              status: '503',
              code: 'region_out_of_service',
            }),
            1,
          )
          assert.ok(!text.includes(new URL(targetUrl).host), 'no target in the metrics')
        }
        const failedOver = valueOf(
          (await metricsOf(topology.gateways[0]!)).samples,
          'sallyport_gateway_egress_total',
          { requested_region: 'us-east', region_used: 'us-west', outcome: 'envelope' },
        )
        assert.equal(failedOver, 1, 'the fail-over, counted on gateway A')
        // Gateway A's fleet link to us-east closed with the node; the fail-over opened one to us-west.
        const linkOpen = (samples: Sample[], region: string) =>
          valueOf(samples, 'sallyport_gateway_node_link_open', { region })
        const links = await eventually(async () => {
          const { samples } = await metricsOf(topology.gateways[0]!)
          return linkOpen(samples, 'us-west') === 1 ? samples : undefined
        })
        assert.equal(linkOpen(links, 'us-east'), 0)
      })

      it('answers 503 store_unavailable at once while Redis is down, and serves again once it is back', async () => {
        await redis.stop()
        for (const base of [gatewayA, gatewayB]) {
          const started = performance.now()
          const response = await fetchVia(base, opsKey, '/outage', 'us-west')
          const elapsed = performance.now() - started
          assert.equal(response.status, 503)
          assert.equal(await codeOf(response), 'store_unavailable')
          assert.ok(Number(response.headers.get('retry-after')) > 0)
          // Fast: the gateway does not wait for Redis (a bound to catch a hang, not a measurement).
          assert.ok(elapsed < 3_000, `answered after ${Math.round(elapsed)} ms`)
          const ready = await fetch(`${base}/readyz`)
          assert.equal(ready.status, 503)
          assert.equal(((await ready.json()) as { checks: Record<string, string> }).checks.redis, 'failing')
          assert.equal((await fetch(`${base}/healthz`)).status, 200, 'the process stays alive')
        }
        assert.equal(hits.get('outage'), undefined, 'nothing was fetched without its admission')

        await redis.start()
        for (const base of [gatewayA, gatewayB]) {
          const envelope = await eventually(async () => {
            const response = await fetchVia(base, opsKey, '/after-outage', 'us-west')
            return response.status === 200 ? ((await response.json()) as { region_used: string }) : undefined
          }, 20_000)
          assert.equal(envelope.region_used, 'us-west')
          assert.equal((await fetch(`${base}/readyz`)).status, 200)
        }
        for (const gateway of topology.gateways)
          assert.equal(gateway.process.child.exitCode, null, 'not restarted')
      })

      it('bills every envelope once, whichever gateway served it, and nothing that was refused', async () => {
        // SIGTERM: each gateway writes the usage counts it still holds, then exits 0.
        for (const gateway of topology.gateways)
          assert.equal(await gateway.process.kill('SIGTERM'), 0, gateway.process.output())
        const billed = (email: string) => ledgerRequestsIn(database.db, email)
        // The user: 2 envelopes, then 8 of the burst, through A and B; the 429s and the revoked key: none.
        assert.equal(await billed(userEmail), 10)
        // The operator: the fetch that failed over (once, though two nodes worked on it), and one envelope
        // per gateway after the Redis restart; the 503s while us-east or Redis was away: none.
        assert.equal(await billed('topology-ops@example.test'), 3)
      })
    },
  )
}
