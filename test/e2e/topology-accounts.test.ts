/**
 * The account's life across the production topology (docs/deploy.md): two `sallyport gateway` processes and
 * three `sallyport node` processes on loopback, sharing a PostgreSQL schema and a redis-server of this
 * test's own, each gateway writing its mail to its own outbox.
 *
 * An account deleted through the real flow on gateway A has its key refused at the next request on gateway
 * B; and an account driven through its whole trial on both gateways at once gets each usage alert (80 %,
 * 100 %) exactly once, though both gateways look at the same month.
 */
import assert from 'node:assert/strict'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it, test } from 'node:test'
import { eventually } from '../helpers/cli.ts'
import type { TestDatabase } from '../helpers/databases.ts'
import { unlimitedArgs } from '../helpers/provision.ts'
import {
  cliOk,
  operatorKey,
  outboxMails,
  outboxToken,
  postJson,
  gatewaysServing,
  stopTopologyTest,
  type RedisServer,
  type Topology,
} from '../helpers/topology.ts'
import { startTopologyTest, topologyMissing } from '../helpers/topology-test.ts'

const missing = topologyMissing

/** The trial's requests (SPEC 5.7), and the thresholds alerts are mailed at (docs/billing.md). */
const trialRequests = 1_000

if (missing !== undefined) {
  // STYLE: a test that needs PostgreSQL or Redis fails, never skips, under CI.
  if (process.env.CI === 'true') test('the topology account test can run', () => assert.fail(missing))
  else test('the account across the production topology', { skip: missing }, () => {})
} else {
  describe('the account across two gateways, PostgreSQL and Redis', { timeout: 600_000 }, () => {
    const alertEmail = 'topology-alerts@example.test'
    let database: TestDatabase
    let redis: RedisServer
    let topology: Topology
    let target: Server
    let targetUrl: string
    let opsKey: string
    let alertKey: string
    let gatewayA: string
    let gatewayB: string

    before(async () => {
      ;({ target, targetUrl, database, redis, topology } = await startTopologyTest(
        (_request, response) => response.end('ok'),
        {
          nodeEnv: { SALLYPORT_ALLOW_TARGETS: '127.0.0.1/32' },
          // The whole trial goes to one target host, faster than the default per-host budget allows.
          gatewayEnv: { SALLYPORT_HEALTH_INTERVAL_MS: '200', SALLYPORT_GLOBAL_HOST_LIMIT: '1000000' },
          alongside: async (adminEnv) => {
            opsKey = await operatorKey(adminEnv, 'topology-accounts-ops@example.test')
            alertKey = await operatorKey(adminEnv, alertEmail, 'proxy')
            // Before the account's first limited call: a gateway keeps the limits it read for up to 5 s.
            await cliOk(unlimitedArgs(alertEmail, 100), adminEnv)
          },
        },
      ))
      ;[gatewayA, gatewayB] = (await gatewaysServing(topology, opsKey)) as [string, string]
    })

    after(() => stopTopologyTest({ topology, redis, database, target }))

    const post = postJson
    const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code
    const outboxes = () => topology.gatewayDataDirs.map((dir) => join(dir, 'outbox'))

    it('refuses on gateway B, at the next request, the key of an account deleted on gateway A', async () => {
      const email = 'topology-deleted@example.test'
      const password = 'correct horse battery staple'
      assert.equal((await post(gatewayA, '/v2/account', { email, password })).status, 202)
      const token = await outboxToken(join(topology.gatewayDataDirs[0]!, 'outbox'))
      assert.equal((await post(gatewayA, '/v2/account/verify', { token })).status, 200)
      const signIn = await post(gatewayA, '/v2/session', { email, password })
      assert.equal(signIn.status, 200)
      const cookie = /^(sallyport_session=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1]
      assert.ok(cookie, 'a session cookie')
      const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string }
      const session = { cookie, 'x-csrf-token': csrf }
      const minted = await post(gatewayA, '/v2/keys', { name: 'doomed', scopes: ['proxy'] }, session)
      assert.equal(minted.status, 201)
      const { key } = (await minted.json()) as { key: string }
      const regionsOnB = () => fetch(`${gatewayB}/v2/proxy/regions`, { headers: { 'x-api-key': key } })
      assert.equal((await regionsOnB()).status, 200)

      const deleted = await post(gatewayA, '/v2/account/delete', { password }, session)
      assert.equal(deleted.status, 204, await deleted.text())

      const refused = await regionsOnB()
      assert.equal(refused.status, 401)
      assert.equal(await codeOf(refused), 'invalid_api_key')
      const fetchOnB = await post(
        gatewayB,
        '/v2/proxy/fetch?region=us-east',
        { url: `${targetUrl}/after-delete` },
        { 'x-api-key': key },
      )
      assert.equal(fetchOnB.status, 401)
      assert.equal(await codeOf(fetchOnB), 'invalid_api_key')
      // The session ended with the account, on either gateway.
      const sessionOnB = await fetch(`${gatewayB}/v2/account`, { headers: { cookie } })
      assert.equal(sessionOnB.status, 403)
    })

    it('mails each trial alert (80 % and 100 %) once, though both gateways served the trial at once', async () => {
      // The whole trial, split across A and B by 16 callers at a time.
      let next = 0
      const statuses = new Map<number, number>()
      await Promise.all(
        Array.from({ length: 16 }, async (_, caller) => {
          for (let i = next++; i < trialRequests; i = next++) {
            const response = await post(
              caller % 2 === 0 ? gatewayA : gatewayB,
              '/v2/proxy/fetch?region=us-east',
              { url: `${targetUrl}/trial/${i}` },
              { 'x-api-key': alertKey },
            )
            await response.arrayBuffer()
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          }
        }),
      )
      assert.deepEqual([...statuses], [[200, trialRequests]])
      const beyond = await post(
        gatewayB,
        '/v2/proxy/fetch?region=us-east',
        { url: `${targetUrl}/beyond` },
        { 'x-api-key': alertKey },
      )
      assert.equal(beyond.status, 402)
      assert.equal(await codeOf(beyond), 'trial_exhausted')

      // Each gateway looks again at most 30 s after the last billed fetch it served: both alerts arrive...
      for (const threshold of [80, 100]) {
        await eventually(async () => {
          const mails = await outboxMails(outboxes(), `usage_alert_trial_${threshold}`)
          return mails.length > 0 ? true : undefined
        }, 60_000)
      }
      // ...and once every look either gateway had due has run, still only once each.
      await sleep(35_000)
      assert.equal((await outboxMails(outboxes(), 'usage_alert_trial_80')).length, 1)
      assert.equal((await outboxMails(outboxes(), 'usage_alert_trial_100')).length, 1)
      const claims = await database.db
        .selectFrom('usage_alerts')
        .innerJoin('accounts', 'accounts.id', 'usage_alerts.account_id')
        .select(['usage_alerts.kind', 'usage_alerts.threshold'])
        .where('accounts.email', '=', alertEmail)
        .orderBy('usage_alerts.threshold')
        .execute()
      assert.deepEqual(
        claims.map((claim) => [claim.kind, Number(claim.threshold)]),
        [
          ['trial', 80],
          ['trial', 100],
        ],
      )
    })
  })
}
