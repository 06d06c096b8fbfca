/**
 * The store suites against a Redis Cluster of three masters started by this test (test/helpers/redis-cluster.ts),
 * as the single-Redis files run them against one Redis: every script of every store must touch one slot (the
 * account's hash tag, or the upstream lane's), and the global per-host ceiling runs as a step of its own
 * (ADR 0012). Skipped, loudly, only when redis-server or redis-cli is missing; under CI=true that fails.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, describe, it, test } from 'node:test'
import { fetchAdmission, hostKey } from '../../../src/gateway/rate-limits/admission.ts'
import { createRedisAdmissionStore } from '../../../src/gateway/rate-limits/redis-admission-store.ts'
import { runUpstreamBudgetSuite } from '../../suites/upstream-budget-suite.ts'
import { closeRedis, isCluster, openRedis, redisReady } from '../../../src/infra/redis/redis-connection.ts'
import { redisClusterMissing, startRedisCluster } from '../../helpers/redis-cluster.ts'
import { runAdmissionStoreSuite, testClock } from '../../suites/admission-store-suite.ts'
import { runIdempotencyStoreSuite } from '../../suites/idempotency-store-suite.ts'
import {
  deleteUnder,
  makeIdempotencyFixture,
  makeRedisHarness,
  makeUpstreamHarness,
} from '../rate-limits/redis-harness.ts'

const missing = redisClusterMissing()
if (missing !== undefined) {
  if (process.env.CI === 'true') test('a Redis Cluster for the store suites', () => assert.fail(missing))
  else test('store suites on a Redis Cluster', { skip: missing }, () => {})
} else {
  const cluster = await startRedisCluster()
  after(() => cluster.stop())
  const on = { connect: () => cluster.connect(), cluster: true }

  runAdmissionStoreSuite('redis admission store on a Redis Cluster', (clock) => makeRedisHarness(clock, on))

  runIdempotencyStoreSuite('redis idempotency store on a Redis Cluster', (setup) =>
    makeIdempotencyFixture(
      setup,
      Array.from({ length: 3 }, () => cluster.connect()),
      `test:idem:${randomBytes(6).toString('hex')}:`,
    ),
  )

  runUpstreamBudgetSuite('redis upstream budget on a Redis Cluster', () =>
    makeUpstreamHarness(() => cluster.connect()),
  )

  describe('the global per-host ceiling as a step of its own', () => {
    const t0 = 1_700_000_000_000
    const host = hostKey('cluster-secret', 'shared.example')

    it('takes back the account admission the ceiling refused, and the ceiling entry an account refused', async () => {
      const harness = await makeRedisHarness(testClock(t0), on)
      try {
        const store = harness.open()
        const limits = {
          fetchPerWindow: 1,
          generalPerWindow: 10,
          targetHostPerWindow: 10,
          globalHostPerWindow: 1,
          windowMs: 60_000,
          inFlight: 5,
          inFlightLeaseMs: 120_000,
          trialRequests: 10,
        }
        const fetchOf = (accountId: string) =>
          fetchAdmission({ accountId, hostKey: host, limits, trial: true, now: t0 })
        assert.equal((await store.admit(fetchOf('acct_a'))).admitted, true)
        // The ceiling is spent: acct_b's own budgets admitted it on their slot, and are given it back.
        const ceiling = await store.admit(fetchOf('acct_b'))
        assert.equal(!ceiling.admitted && ceiling.reason, 'target_rate_limited')
        const p = harness.prefix
        for (const key of [
          `rl:account_fetch:{acct_b}`,
          `rl:target_host:{acct_b}:${host}`,
          `inflight:{acct_b}`,
        ]) {
          assert.equal(await harness.admin.zcard(`${p}${key}`), 0, key)
        }
        assert.equal(await store.quotaUsed('{acct_b}'), 0)
        // acct_a's budget is spent: the ceiling's entry for this refusal is taken back, and acct_a keeps its one.
        const own = await store.admit(fetchOf('acct_a'))
        assert.equal(!own.admitted && own.reason, 'rate_limited')
        assert.equal(await harness.admin.zcard(`${p}rl:global_host:${host}`), 1)
        assert.equal(await store.quotaUsed('{acct_a}'), 1)
      } finally {
        await harness.dispose()
      }
    })
  })

  describe('a gateway connection from SALLYPORT_REDIS_URL=redis-cluster://…', () => {
    it('opens an ioredis Cluster that admits, with the key epoch, in the account slot', async () => {
      const redis = openRedis(cluster.url)
      const prefix = `test:url:${randomBytes(6).toString('hex')}:`
      try {
        assert.ok(isCluster(redis))
        assert.equal(await redisReady(redis, 10_000), true)
        const store = createRedisAdmissionStore({ redis, keyPrefix: prefix, cluster: true })
        const epoch = await store.keyEpoch('{acct_u}')
        const request = fetchAdmission({
          accountId: 'acct_u',
          hostKey: hostKey('url-secret', 'u.example'),
          key: { scope: '{acct_u}', keyId: 'key_u', epoch },
        })
        assert.equal((await store.admit(request)).admitted, true)
        await store.markRevoked('{acct_u}', 'key_u')
        const refused = await store.admit(request)
        assert.equal(!refused.admitted && refused.reason, 'key_revoked')
      } finally {
        await deleteUnder(redis, prefix)
        await closeRedis(redis)
      }
    })
  })
}
