/**
 * Rate limits and idempotency across gateways, on the CLI: two `sallyport gateway` processes sharing one
 * Redis (a key prefix of this test's own), one egress node, one target. A burst split across both gateways
 * is admitted exactly as one gateway would admit it, and an answer stored by one is replayed by the other.
 */
import assert from 'node:assert/strict'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it, test } from 'node:test'
import { eventually, freePort, runCli, type CliProcess } from '../helpers/cli.ts'
import { burstAccount, redisFleetEnv, startTextTarget, type TextTarget } from '../helpers/e2e-fleet.ts'
import { provisionApiKey } from '../helpers/provision.ts'
import {
  connect,
  contentsUnder,
  deleteUnder,
  redisAnswers,
  redisUrl,
} from '../integration/rate-limits/redis-harness.ts'

if (!(await redisAnswers())) {
  const message = `no Redis answers at ${redisUrl}`
  // STYLE: a test that needs Redis fails, never skips, under CI.
  if (process.env.CI === 'true')
    test('Redis answers for the limits end-to-end test', () => assert.fail(message))
  else test('rate limits across gateways', { skip: message }, () => {})
} else {
  describe('rate limits and idempotency across two gateways on one Redis', { timeout: 120_000 }, () => {
    const prefix = `test:e2e-limits:${randomBytes(6).toString('hex')}:`
    /** The address the target listens on (startTextTarget's), which Redis must never hold. */
    const targetHost = '127.0.0.1'
    let dataDir: string
    let env: Record<string, string>
    let target: TextTarget
    let targetUrl: string
    let node: CliProcess
    const gateways: { process: CliProcess; base: string }[] = []
    let burstKey: string
    let replayKey: string

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'sallyport-e2e-limits-'))
      target = await startTextTarget((hit, path) => `hit ${hit} ${path}`)
      targetUrl = target.url

      const nodePort = await freePort()
      // One target host for the whole burst: the shared ceiling must not be what refuses it (redisFleetEnv).
      env = redisFleetEnv(dataDir, { nodePort, redisUrl, prefix }, { SALLYPORT_LOG_LEVEL: 'info' })
      // The account's per-host budget and in-flight cap out of the way: the fetch budget (120) is under test.
      const burst = await burstAccount(env, 'burst@example.test')
      burstKey = burst.key
      assert.match(
        burst.limitsOutput,
        /fetch 120\/min \(default\), per target host 1,000\/min, .*in flight 1,000/,
      )
      replayKey = await provisionApiKey(env, 'replay@example.test', 'proxy')

      node = runCli(['node', '--region', 'us-east', '--port', String(nodePort)], env)
      await node.waitFor('egress node listening')
      for (let i = 0; i < 2; i++) {
        const port = await freePort()
        gateways.push({
          process: runCli(['gateway', '--port', String(port)], env),
          base: `http://127.0.0.1:${port}`,
        })
      }
      await Promise.all(gateways.map((gateway) => gateway.process.waitFor('gateway listening')))
      for (const { base } of gateways) {
        await eventually(async () => {
          const ready = await fetch(`${base}/readyz`)
          const body = (await ready.json()) as { checks: Record<string, string> }
          return ready.status === 200 && body.checks.redis === 'ok' ? true : undefined
        })
        await eventually(async () => {
          const regions = await fetch(`${base}/v2/proxy/regions`, { headers: { 'x-api-key': replayKey } })
          const body = (await regions.json()) as { regions?: { region: string }[] }
          return body.regions?.some((entry) => entry.region === 'us-east') === true ? true : undefined
        })
      }
    })

    after(async () => {
      await Promise.all([node?.kill(), ...gateways.map((gateway) => gateway.process.kill())])
      await target?.close()
      const redis = connect()
      await deleteUnder(redis, prefix)
      await redis.quit()
      await rm(dataDir, { recursive: true, force: true })
    })

    const fetchVia = (base: string, apiKey: string, url: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/v2/proxy/fetch?region=us-east`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ url }),
      })

    it('admits exactly 120 of a burst of 200 fetches split across both gateways', async () => {
      const hitsBefore = target.hits()
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const response = await fetchVia(gateways[i % 2]!.base, burstKey, `${targetUrl}/burst/${i}`)
          const body = (await response.json()) as { code?: string }
          return {
            status: response.status,
            code: body.code,
            retryAfter: response.headers.get('retry-after'),
            rateLimit: response.headers.get('ratelimit'),
            policy: response.headers.get('ratelimit-policy'),
          }
        }),
      )
      const admitted = answers.filter((answer) => answer.status === 200)
      const refused = answers.filter((answer) => answer.status !== 200)
      assert.equal(admitted.length, 120)
      assert.equal(refused.length, 80)
      for (const answer of refused) {
        assert.equal(answer.status, 429)
        assert.equal(answer.code, 'rate_limited')
        assert.ok(
          Number(answer.retryAfter) >= 1 && Number(answer.retryAfter) <= 60,
          String(answer.retryAfter),
        )
        assert.match(answer.rateLimit ?? '', /^"fetch";r=0;t=\d+, "host";r=\d+;t=\d+$/)
      }
      for (const answer of answers) {
        assert.equal(answer.policy, '"fetch";q=120;w=60, "host";q=1000;w=60, "general";q=300;w=60')
      }
      assert.equal(target.hits() - hitsBefore, 120, 'refused fetches never reached the target')
      // Per gateway, neither admitted more than the whole budget: the admissions were shared, not split.
      const perGateway = [0, 1].map((g) => answers.filter((a, i) => i % 2 === g && a.status === 200).length)
      assert.equal(perGateway[0]! + perGateway[1]!, 120)
    })

    it('replays on one gateway the answer the other stored, and keeps no host name in Redis', async () => {
      const key = randomUUID()
      const url = `${targetUrl}/replay/${key}`
      const first = await fetchVia(gateways[0]!.base, replayKey, url, { 'idempotency-key': key })
      assert.equal(first.status, 200)
      const firstBody = await first.text()
      const hits = target.hits()

      const replay = await fetchVia(gateways[1]!.base, replayKey, url, { 'idempotency-key': key })
      assert.equal(replay.status, 200)
      assert.equal(replay.headers.get('idempotency-replayed'), 'true')
      assert.equal(await replay.text(), firstBody)
      assert.equal(target.hits(), hits, 'no second egress')

      const reused = await fetchVia(gateways[1]!.base, replayKey, `${url}/other`, { 'idempotency-key': key })
      assert.equal(reused.status, 422)
      assert.equal(((await reused.json()) as { code: string }).code, 'idempotency_key_reused')

      // DESIGN 7: keys and counters hold hashes; only a stored answer (its 24 h) holds the target.
      const redis = connect()
      try {
        // Every key, and every member and value of the counters (the idempotency hashes are not read).
        const items = await contentsUnder(redis, prefix)
        assert.ok(items.some((item) => item.startsWith(`${prefix}idem:`)))
        for (const item of items) assert.ok(!item.includes(targetHost), item)
      } finally {
        await redis.quit()
      }
    })
  })
}
