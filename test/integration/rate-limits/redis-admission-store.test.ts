import assert from 'node:assert/strict'
import { test } from 'node:test'
import { runAdmissionStoreSuite, testClock } from '../../suites/admission-store-suite.ts'
import { fetchAdmission, hostKey } from '../../../src/gateway/rate-limits/admission.ts'
import {
  createRedisAdmissionStore,
  type AdmissionRedis,
} from '../../../src/gateway/rate-limits/redis-admission-store.ts'
import {
  connect,
  contentsUnder,
  keysUnder,
  makeRedisHarness,
  redisAnswers,
  redisUrl,
} from './redis-harness.ts'

const t0 = 1_700_000_000_000

if (!(await redisAnswers())) {
  const message = `no Redis answers at ${redisUrl}`
  // STYLE: a test that needs Redis fails, never skips, under CI.
  if (process.env.CI === 'true')
    test('Redis answers for the admission-store tests', () => assert.fail(message))
  else test('redis admission store', { skip: message }, () => {})
} else {
  runAdmissionStoreSuite('redis admission store', makeRedisHarness)

  test('two gateways on one Redis: a burst of 200 split across them admits exactly 120 under 120/min', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const gateways = [harness.open(), harness.open()]
      const rules = [{ name: 'account_fetch' as const, key: '{acct_a}', limit: 120, windowMs: 60_000 }]
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => gateways[i % 2]!.admit({ rules, now: t0 + (i % 7) })),
      )
      assert.equal(answers.filter((answer) => answer.admitted).length, 120)
      assert.equal(await harness.admin.zcard(`${harness.prefix}rl:account_fetch:{acct_a}`), 120)
    } finally {
      await harness.dispose()
    }
  })

  test('key layout: one log per rule, the lease set and the trial counter, with their expiries', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const store = harness.open()
      const host = hostKey('layout-secret', 'layout.example')
      const answer = await store.admit(fetchAdmission({ accountId: 'acct_a', hostKey: host, trial: true }))
      assert.ok(answer.admitted)
      const p = harness.prefix
      assert.deepEqual((await keysUnder(harness.admin, p)).sort(), [
        `${p}inflight:{acct_a}`,
        `${p}rl:account_fetch:{acct_a}`,
        `${p}rl:global_host:${host}`,
        `${p}rl:target_host:{acct_a}:${host}`,
        `${p}trial:{acct_a}`,
      ])
      for (const rule of ['account_fetch:{acct_a}', `global_host:${host}`, `target_host:{acct_a}:${host}`]) {
        const ttl = await harness.admin.pttl(`${p}rl:${rule}`)
        assert.ok(ttl > 55_000 && ttl <= 60_000, `${rule} expires in ${ttl} ms`)
        assert.deepEqual(await harness.admin.zrange(`${p}rl:${rule}`, 0, '-1', 'WITHSCORES'), [
          answer.inFlightToken,
          String(t0),
        ])
      }
      assert.deepEqual(await harness.admin.zrange(`${p}inflight:{acct_a}`, 0, '-1', 'WITHSCORES'), [
        answer.inFlightToken,
        String(t0 + 120_000),
      ])
      assert.equal(await harness.admin.pttl(`${p}trial:{acct_a}`), -1)
      assert.equal(await harness.admin.get(`${p}trial:{acct_a}`), '1')

      await store.release('{acct_a}', answer.inFlightToken!)
      assert.equal(await harness.admin.exists(`${p}inflight:{acct_a}`), 0)
      for (const item of await contentsUnder(harness.admin, p)) assert.ok(!item.includes('layout'), item)
    } finally {
      await harness.dispose()
    }
  })

  test('a server that lost the script (restart, fail-over) is answered with EVAL in the same call', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      let lost = true
      let evals = 0
      const forgetful = {
        evalsha: (...args: Parameters<AdmissionRedis['evalsha']>) => {
          if (!lost) return redis.evalsha(...args)
          lost = false
          return Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.'))
        },
        eval: (...args: Parameters<AdmissionRedis['eval']>) => {
          evals++
          return redis.eval(...args)
        },
        zrem: redis.zrem.bind(redis),
        get: redis.get.bind(redis),
        quit: redis.quit.bind(redis),
      } as unknown as AdmissionRedis
      const store = createRedisAdmissionStore({
        redis: forgetful,
        keyPrefix: harness.prefix,
        clock: testClock(t0),
      })
      const rules = [{ name: 'account_fetch' as const, key: '{acct_a}', limit: 1, windowMs: 60_000 }]
      assert.equal((await store.admit({ rules })).admitted, true)
      assert.equal((await store.admit({ rules })).admitted, false)
      assert.equal(evals, 1)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })
}
