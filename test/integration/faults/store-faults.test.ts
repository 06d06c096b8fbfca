/**
 * PostgreSQL or Redis going away under traffic and coming back (docs/deploy.md, "Faults and shutdown";
 * docs/adr/0004-store-faults.md). The gateway reaches each store through a TCP relay of this test's own, so
 * the shared servers other tests use are never disturbed; a private redis-server is killed and restarted
 * for the case where Redis comes back empty.
 *
 * What must hold: during the outage every request is answered quickly with 503 and the store's code and a
 * Retry-After; /readyz is 503 and names the store; afterwards the same gateway serves again by itself; and
 * the usage ledger counts each returned envelope exactly once.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it, test, type TestContext } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { openPostgresDatabase } from '../../../src/infra/database/postgres.ts'
import { eventually } from '../../helpers/cli.ts'
import { postgresAvailable, postgresUrl } from '../../helpers/databases.ts'
import { redisServerInstalled, startRedisServer, type RedisServer } from '../../helpers/topology.ts'
import { redisAnswers, redisUrl } from '../rate-limits/redis-harness.ts'
import {
  fetchVia,
  readiness,
  startFaultGateway,
  startTarget,
  traffic,
  type FaultGateway,
  type Outcome,
  type Target,
} from './fault-harness.ts'

/** The test database's URL, through a relay. */
function throughRelay(relay: { host: string; port: number }): string {
  const url = new URL(postgresUrl)
  url.hostname = relay.host
  url.port = String(relay.port)
  return url.toString()
}

/** Only there to catch a request that waits for the store instead of failing: the real figures are ms. */
const failFastBoundMs = 3_000

const missing = [
  postgresAvailable ? undefined : 'no PostgreSQL answers',
  (await redisAnswers()) ? undefined : `no Redis answers at ${redisUrl}`,
  redisServerInstalled() ? undefined : 'no redis-server binary',
].filter((reason) => reason !== undefined)

/** Every answer is an envelope or the store's 503; the 503s came fast and carry Retry-After. */
function assertFailedFast(outcomes: readonly Outcome[], code: string): void {
  for (const outcome of outcomes) {
    if (outcome.status === 200) continue
    assert.equal(outcome.status, 503, JSON.stringify(outcome))
    assert.equal(outcome.code, code, JSON.stringify(outcome))
    assert.equal(outcome.retryAfter, '5')
    assert.ok(outcome.ms < failFastBoundMs, `a refusal took ${Math.round(outcome.ms)} ms`)
  }
}

function slowest(outcomes: readonly Outcome[], status: number): number {
  return Math.round(Math.max(0, ...outcomes.filter((o) => o.status === status).map((o) => o.ms)))
}

/** The ledger catches up by itself (flushes every second, retried with a growing pause) and stays put. */
async function assertLedgerExact(t: TestContext, gateway: FaultGateway, envelopes: number): Promise<void> {
  const started = performance.now()
  await eventually(async () => ((await gateway.ledger()) === envelopes ? true : undefined), 45_000).catch(
    async () => assert.fail(`ledger ${await gateway.ledger()}, envelopes ${envelopes}`),
  )
  t.diagnostic(`ledger caught up ${Math.round(performance.now() - started)} ms after the store was back`)
  await gateway.flushUsage()
  assert.equal(await gateway.ledger(), envelopes, 'nothing counted twice')
}

/** Time from now until a fetch succeeds again, polling as a client would. */
async function timeToRecover(gateway: FaultGateway, url: string): Promise<number> {
  const started = performance.now()
  await eventually(async () => ((await fetchVia(gateway, url)).status === 200 ? true : undefined), 20_000)
  return Math.round(performance.now() - started)
}

if (missing.length > 0) {
  if (process.env.CI === 'true') test('the stores for the fault tests', () => assert.fail(missing.join('; ')))
  else test('store faults', { skip: missing.join('; ') }, () => {})
} else {
  let target: Target
  before(async () => {
    target = await startTarget()
  })
  after(() => target.close())

  describe('PostgreSQL goes away and comes back', { timeout: 120_000 }, () => {
    let gateway: FaultGateway
    let envelopes = 0
    before(async () => {
      gateway = await startFaultGateway({})
    })
    after(() => gateway.close())
    const count = (outcomes: readonly Outcome[]) => {
      envelopes += outcomes.filter((o) => o.status === 200).length
    }

    it('refuses with 503 database_unavailable at once, reports it, and serves again by itself', async (t) => {
      // A key the gateway has not seen yet needs the database; the key in use is held in memory and is
      // confirmed by each admission in Redis (ADR 0011), so it is served through the outage.
      const uncachedKey = (
        await gateway.keys.mint(gateway.accountId, { name: 'uncached', scopes: ['proxy'] })
      ).key
      const load = traffic(gateway, target.url)
      await sleep(500)
      await gateway.postgres.cut()
      const cutAt = performance.now()
      const uncached = traffic({ base: gateway.base, apiKey: uncachedKey }, target.url)
      await sleep(1_500)
      const down = await readiness(gateway.base)
      assert.equal(down.status, 503)
      assert.deepEqual(down.body, { status: 'not_ready', checks: { database: 'failing', redis: 'ok' } })
      await gateway.postgres.restore()
      const restoredAt = performance.now()
      await sleep(1_000)
      const cachedOutcomes = await load.stop()
      const outcomes = await uncached.stop()
      count(cachedOutcomes)
      count(outcomes)

      const during = outcomes.filter((o) => o.at > cutAt + 50 && o.at + o.ms < restoredAt)
      assert.ok(during.length >= 5, `${during.length} requests during the outage`)
      assert.ok(
        during.every((o) => o.status === 503),
        'nothing is served without its key check',
      )
      assertFailedFast(outcomes, 'database_unavailable')
      assertFailedFast(cachedOutcomes, 'database_unavailable')
      t.diagnostic(
        `the cached key: ${cachedOutcomes.filter((o) => o.at > cutAt + 50 && o.at + o.ms < restoredAt && o.status === 200).length} envelopes during the outage`,
      )
      t.diagnostic(
        `${during.length} requests during the outage, slowest refusal ${slowest(outcomes, 503)} ms; ` +
          `${outcomes.filter((o) => o.status === 200).length} envelopes in all`,
      )
      t.diagnostic(
        `first envelope ${await timeToRecover(gateway, `${target.url}/after`)} ms after polling began`,
      )
      envelopes++
      await eventually(async () => ((await readiness(gateway.base)).status === 200 ? true : undefined))
      await assertLedgerExact(t, gateway, envelopes)
    })

    it('counts an envelope whose usage write failed once the database is back', async (t) => {
      // The key in use is held in memory (ADR 0011), so its fetch is served while the database is away.
      // Its count, written as the fetch is dispatched (ADR 0018), fails and is held.
      await gateway.postgres.cut()
      const outcome = await fetchVia(gateway, `${target.url}/metered`)
      assert.equal(outcome.status, 200, JSON.stringify(outcome))
      envelopes++
      // The tally is written (and fails) while the database is away...
      await gateway.flushUsage()
      await sleep(1_200)
      assert.equal(await gateway.ledger(), envelopes - 1)
      await gateway.postgres.restore()
      // ...and is written by itself once it is back.
      await assertLedgerExact(t, gateway, envelopes)
    })

    it('survives a connection lost between two statements of a transaction', async () => {
      // pg-pool stops listening for errors on a connection it hands out: without a listener of ours, the
      // loss would be an uncaught 'error' event and take the process down.
      const db = openPostgresDatabase(throughRelay(gateway.postgres), { size: 1 })
      try {
        const work = db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx)
          await gateway.postgres.cut()
          await sleep(200)
          await sql`select 1`.execute(trx)
        })
        await assert.rejects(work, { code: 'database_unavailable' })
        await gateway.postgres.restore()
        await eventually(async () =>
          (await sql`select 1 as one`.execute(db)).rows.length === 1 ? true : undefined,
        )
      } finally {
        await db.destroy()
      }
    })

    it('fails within the time-outs, not at a client time-out, when PostgreSQL hangs', async (t) => {
      const hung = await startFaultGateway({
        env: {
          SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS: '1000',
          SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS: '1000',
        },
      })
      t.after(() => hung.close())
      assert.equal((await fetchVia(hung, `${target.url}/before`)).status, 200)
      // Not yet seen by the gateway, so its lookup meets the hung database (ADR 0011).
      const uncached = {
        base: hung.base,
        apiKey: (await hung.keys.mint(hung.accountId, { name: 'uncached', scopes: ['proxy'] })).key,
      }
      hung.postgres.stall()
      const outcomes: Outcome[] = []
      for (let i = 0; i < 4; i++) outcomes.push(await fetchVia(uncached, `${target.url}/stalled/${i}`))
      const started = performance.now()
      const down = await readiness(hung.base)
      const readyzMs = Math.round(performance.now() - started)
      assert.equal(down.status, 503)
      assert.equal(down.body.checks.database, 'failing')
      for (const outcome of outcomes) {
        assert.equal(outcome.status, 503, JSON.stringify(outcomes))
        assert.equal(outcome.code, 'database_unavailable')
        // Statement time-out 1 s plus 1 s: the bound a connection that stopped answering is given.
        assert.ok(outcome.ms < 2_000 + failFastBoundMs, `took ${Math.round(outcome.ms)} ms`)
      }
      t.diagnostic(
        `with the database hung: refusals took ${outcomes.map((o) => Math.round(o.ms)).join(', ')} ms; ` +
          `/readyz ${readyzMs} ms`,
      )
      await hung.postgres.restore()
      t.diagnostic(`first envelope ${await timeToRecover(hung, `${target.url}/after`)} ms after the restore`)
    })
  })

  describe('Redis goes away and comes back with its data (a relay cut)', { timeout: 120_000 }, () => {
    let gateway: FaultGateway
    before(async () => {
      gateway = await startFaultGateway({})
    })
    after(() => gateway.close())

    it('refuses with 503 store_unavailable at once, reports it, and serves again by itself', async (t) => {
      let envelopes = 0
      const load = traffic(gateway, target.url)
      await sleep(500)
      await gateway.redis!.cut()
      const cutAt = performance.now()
      await sleep(1_500)
      const down = await readiness(gateway.base)
      assert.equal(down.status, 503)
      assert.deepEqual(down.body, { status: 'not_ready', checks: { database: 'ok', redis: 'failing' } })
      await gateway.redis!.restore()
      const restoredAt = performance.now()
      const recovered = await timeToRecover(gateway, `${target.url}/after`)
      envelopes++
      await sleep(500)
      const outcomes = await load.stop()
      envelopes += outcomes.filter((o) => o.status === 200).length

      const during = outcomes.filter((o) => o.at > cutAt + 50 && o.at + o.ms < restoredAt)
      assert.ok(during.length >= 5, `${during.length} requests during the outage`)
      assert.ok(
        during.every((o) => o.status === 503),
        'nothing is served without its admission',
      )
      assertFailedFast(outcomes, 'store_unavailable')
      t.diagnostic(
        `${during.length} requests during the outage, slowest refusal ${slowest(outcomes, 503)} ms; ` +
          `first envelope ${recovered} ms after the restore`,
      )
      await eventually(async () => ((await readiness(gateway.base)).status === 200 ? true : undefined))
      await assertLedgerExact(t, gateway, envelopes)
    })

    it('fails within the command time-out, not at a client time-out, when Redis hangs', async (t) => {
      assert.equal((await fetchVia(gateway, `${target.url}/before-hang`)).status, 200)
      gateway.redis!.stall()
      const outcomes: Outcome[] = []
      for (let i = 0; i < 3; i++) outcomes.push(await fetchVia(gateway, `${target.url}/hung/${i}`))
      for (const outcome of outcomes) {
        assert.equal(outcome.status, 503, JSON.stringify(outcomes))
        assert.equal(outcome.code, 'store_unavailable')
        // The 1 s command time-out, and a generous margin for a loaded machine.
        assert.ok(outcome.ms < 1_000 + failFastBoundMs, `took ${Math.round(outcome.ms)} ms`)
      }
      const down = await readiness(gateway.base)
      assert.equal(down.body.checks.redis, 'failing')
      t.diagnostic(`with Redis hung: refusals took ${outcomes.map((o) => Math.round(o.ms)).join(', ')} ms`)
      await gateway.redis!.restore()
      t.diagnostic(
        `first envelope ${await timeToRecover(gateway, `${target.url}/after-hang`)} ms after the restore`,
      )
    })

    it('waits for a hung Redis as long as SALLYPORT_REDIS_COMMAND_TIMEOUT_MS says', async (t) => {
      const timeoutMs = 2_500
      const patient = await startFaultGateway({
        env: { SALLYPORT_REDIS_COMMAND_TIMEOUT_MS: String(timeoutMs) },
      })
      t.after(() => patient.close())
      assert.equal((await fetchVia(patient, `${target.url}/patient/before`)).status, 200)
      patient.redis!.stall()
      const outcome = await fetchVia(patient, `${target.url}/patient/hung`)
      assert.equal(outcome.status, 503, JSON.stringify(outcome))
      assert.equal(outcome.code, 'store_unavailable')
      // The sweep rejects a command between the time-out and 1.1 times it (redis-connection.ts).
      assert.ok(outcome.ms >= timeoutMs, `refused after ${Math.round(outcome.ms)} ms, before the time-out`)
      assert.ok(outcome.ms < timeoutMs * 1.1 + failFastBoundMs, `took ${Math.round(outcome.ms)} ms`)
      await patient.redis!.restore()
      t.diagnostic(
        `with Redis hung and a ${timeoutMs} ms time-out: refused after ${Math.round(outcome.ms)} ms`,
      )
    })

    it('stores the answer of a keyed fetch that ran while Redis was away, once it is back', async () => {
      const key = `slow-${Date.now()}`
      const hitsBefore = target.hits
      const answer = fetchVia(gateway, `${target.url}/slow/keyed`, key)
      await target.slowArrived()
      await gateway.redis!.cut()
      target.release()
      const first = await answer
      assert.equal(first.status, 200, 'the caller gets the envelope it was billed for')
      await gateway.redis!.restore()
      // The gateway tries to store the answer again for a few seconds: the retry is then a replay.
      const replay = await eventually(async () => {
        const outcome = await fetchVia(gateway, `${target.url}/slow/keyed`, key)
        return outcome.status === 200 ? outcome : undefined
      }, 15_000)
      assert.equal(replay.replayed, true)
      assert.equal(target.hits, hitsBefore + 1, 'one egress for the key')
    })
  })

  describe(
    'Redis restarts empty (a private redis-server killed and started again)',
    { timeout: 120_000 },
    () => {
      let redis: RedisServer
      let gateway: FaultGateway
      before(async () => {
        redis = await startRedisServer()
        gateway = await startFaultGateway({ redisServerUrl: redis.url })
      })
      after(async () => {
        await gateway.close()
        await redis.stop()
      })

      it('refuses while Redis is down and serves again after it restarts, counting each envelope once', async (t) => {
        let envelopes = 0
        assert.equal((await fetchVia(gateway, `${target.url}/before`)).status, 200)
        envelopes++
        const load = traffic(gateway, target.url)
        await sleep(500)
        await redis.stop()
        const stoppedAt = performance.now()
        await sleep(1_500)
        const down = await readiness(gateway.base)
        assert.equal(down.status, 503)
        assert.equal(down.body.checks.redis, 'failing')
        await redis.start()
        const startedAt = performance.now()
        const recovered = await timeToRecover(gateway, `${target.url}/after`)
        envelopes++
        await sleep(500)
        const outcomes = await load.stop()
        envelopes += outcomes.filter((o) => o.status === 200).length

        const during = outcomes.filter((o) => o.at > stoppedAt + 50 && o.at + o.ms < startedAt)
        assert.ok(during.length >= 5, `${during.length} requests during the outage`)
        assert.ok(during.every((o) => o.status === 503))
        assertFailedFast(outcomes, 'store_unavailable')
        t.diagnostic(
          `${during.length} requests while Redis was down, slowest refusal ${slowest(outcomes, 503)} ms; ` +
            `first envelope ${recovered} ms after redis-server was ready`,
        )
        await eventually(async () => ((await readiness(gateway.base)).status === 200 ? true : undefined))
        await assertLedgerExact(t, gateway, envelopes)
      })
    },
  )
}
