import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  createRedisUpstreamBudget,
  type UpstreamBudgetRedis,
} from '../../../src/gateway/social/redis-upstream-budget.ts'
import { runUpstreamBudgetSuite } from '../../suites/upstream-budget-suite.ts'
import {
  connect,
  keysUnder,
  makeUpstreamHarness,
  redisAnswers,
  redisUrl,
} from '../rate-limits/redis-harness.ts'

const t0 = 1_700_000_000_000

const makeHarness = () => makeUpstreamHarness()

if (!(await redisAnswers())) {
  const message = `no Redis answers at ${redisUrl}`
  // STYLE: a test that needs Redis fails, never skips, under CI.
  if (process.env.CI === 'true')
    test('Redis answers for the upstream budget tests', () => assert.fail(message))
  else test('redis upstream budget', { skip: message }, () => {})
} else {
  runUpstreamBudgetSuite('redis upstream budget', makeHarness)

  test('key layout: a log and a state per lane, under the prefix, with expiries and no account or URL', async () => {
    const harness = await makeHarness()
    try {
      const store = harness.open()
      const lane = { upstream: 'mastodon:fosstodon.org', egress: '198.51.100.7' }
      assert.deepEqual(await store.take(lane, { limit: 300, windowMs: 300_000 }, t0), { ok: true })
      await store.observe(lane, { remaining: 41, resetAt: t0 + 120_000 }, t0)
      const p = harness.prefix
      const tag = '{mastodon:fosstodon.org@198.51.100.7}'
      assert.deepEqual((await keysUnder(harness.admin, p)).sort(), [
        `${p}upstream:${tag}:log`,
        `${p}upstream:${tag}:state`,
      ])
      const logTtl = await harness.admin.pttl(`${p}upstream:${tag}:log`)
      assert.ok(logTtl > 295_000 && logTtl <= 300_000, `the log expires with its window (${logTtl} ms)`)
      const stateTtl = await harness.admin.pttl(`${p}upstream:${tag}:state`)
      assert.ok(stateTtl > 115_000 && stateTtl <= 120_000, `the state expires at its reset (${stateTtl} ms)`)
      assert.deepEqual(await harness.admin.hgetall(`${p}upstream:${tag}:state`), {
        remaining: '41',
        reset_at: String(t0 + 120_000),
      })
      await store.take(lane, { limit: 300, windowMs: 300_000 }, t0 + 1)
      assert.equal(await harness.admin.hget(`${p}upstream:${tag}:state`, 'remaining'), '40', 'counted down')
    } finally {
      await harness.dispose()
    }
  })

  test('a server that lost the scripts (restart, fail-over) is answered with EVAL in the same call', async () => {
    const harness = await makeHarness()
    const redis = connect()
    try {
      let lost = 2
      let evals = 0
      const forgetful = {
        evalsha: (...args: Parameters<UpstreamBudgetRedis['evalsha']>) => {
          if (lost === 0) return redis.evalsha(...args)
          lost--
          return Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.'))
        },
        eval: (...args: Parameters<UpstreamBudgetRedis['eval']>) => {
          evals++
          return redis.eval(...args)
        },
        quit: redis.quit.bind(redis),
      } as unknown as UpstreamBudgetRedis
      const store = createRedisUpstreamBudget({ redis: forgetful, keyPrefix: harness.prefix })
      const lane = { upstream: 'bluesky', egress: '198.51.100.7' }
      await store.observe(lane, { blockedUntil: t0 + 5_000 }, t0)
      assert.deepEqual(await store.take(lane, { limit: 1, windowMs: 60_000 }, t0), {
        ok: false,
        retryAfterMs: 5_000,
      })
      assert.equal(evals, 2)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('refuses a key prefix with braces: they would decide the Cluster slot', () => {
    assert.throws(
      () => createRedisUpstreamBudget({ redis: {} as UpstreamBudgetRedis, keyPrefix: 'a{b}:' }),
      TypeError,
    )
  })
}
