/**
 * Redis bytes per account at lifted limits (docs/performance.md, "Redis memory per account"): exact windows
 * keep one sorted-set entry per admission per rule, so an account's bytes grow with its rate, and must stay
 * bounded by what one window holds. Drives a steady stream of fetch admissions for one account on one host
 * (test clock, 1,000 a second for 90 s) and reads MEMORY USAGE of every key the account holds.
 *
 *   SALLYPORT_MEMORY_RATE=2000 node --import tsx --test test/integration/rate-limits/redis-memory.test.ts
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fetchAdmission, hostKey, type AdmissionLimits } from '../../../src/gateway/rate-limits/admission.ts'
import { testClock } from '../../suites/admission-store-suite.ts'
import { keysUnder, makeRedisHarness, redisAnswers, redisUrl } from './redis-harness.ts'

const t0 = 1_700_000_000_000
const windowMs = 60_000
const perSecond = Number(process.env.SALLYPORT_MEMORY_RATE ?? 1_000)
const seconds = 90

/** `set-limits` for a benchmark account: nothing refuses, every admission is recorded. */
const lifted: AdmissionLimits = {
  fetchPerWindow: 10_000_000,
  generalPerWindow: 10_000_000,
  targetHostPerWindow: 10_000_000,
  globalHostPerWindow: 10_000_000,
  windowMs,
  inFlight: 10_000,
  inFlightLeaseMs: 120_000,
  trialRequests: 1_000,
}

if (!(await redisAnswers())) {
  const message = `no Redis answers at ${redisUrl}`
  if (process.env.CI === 'true') test('Redis answers for the memory test', () => assert.fail(message))
  else test('redis memory per account', { skip: message }, () => {})
} else {
  test('an account at lifted limits holds one window of entries, in keys that expire', async (t) => {
    const clock = testClock(t0)
    const harness = await makeRedisHarness(clock)
    try {
      const store = harness.open()
      const host = hostKey('memory-secret', 'target.example')
      const batch = 500
      const total = perSecond * seconds
      for (let sent = 0; sent < total; sent += batch) {
        await Promise.all(
          Array.from({ length: batch }, async (_, i) => {
            const now = t0 + Math.floor(((sent + i) * 1000) / perSecond)
            const answer = await store.admit(
              fetchAdmission({ accountId: 'acct_mem', hostKey: host, limits: lifted, now }),
            )
            assert.ok(answer.admitted)
            // The fetch ends: its in-flight lease goes, as the rate limiter's ticket frees it.
            await store.release('{acct_mem}', answer.inFlightToken!)
          }),
        )
      }
      const keys = await keysUnder(harness.admin, harness.prefix)
      const accountKeys = keys.filter((key) => key.includes('{acct_mem}'))
      let accountBytes = 0
      let entries = 0
      for (const key of accountKeys) {
        accountBytes += (await harness.admin.memory('USAGE', key)) ?? 0
        if ((await harness.admin.type(key)) === 'zset') entries += await harness.admin.zcard(key)
        // Every key expires, within a window and a half (ADR 0032).
        const ttl = await harness.admin.pttl(key)
        assert.ok(ttl > 0 && ttl <= windowMs * 1.5, `${key} expires in ${ttl} ms`)
      }
      const globalKey = keys.find((key) => key.includes(':global_host:'))!
      const globalBytes = (await harness.admin.memory('USAGE', globalKey)) ?? 0
      // One window of admissions per log, no more: the logs are trimmed at every admission.
      const window = (perSecond * windowMs) / 1000
      for (const key of accountKeys.filter((k) => k.includes(':rl:'))) {
        assert.ok((await harness.admin.zcard(key)) <= window, key)
      }
      assert.equal(entries, 2 * window)
      const perEntry = accountBytes / entries
      t.diagnostic(
        `${perSecond}/s for ${seconds} s: account keys ${accountKeys.length}, ${entries} entries, ` +
          `${(accountBytes / 1024 / 1024).toFixed(2)} MiB (${perEntry.toFixed(1)} bytes an entry); ` +
          `the host's global log ${(globalBytes / 1024 / 1024).toFixed(2)} MiB`,
      )
      // A sorted-set entry (member id, score, skiplist node, dict entry): about 100 bytes on Redis 7.0.
      assert.ok(perEntry < 128, `${perEntry} bytes an entry`)
    } finally {
      await harness.dispose()
    }
  })
}
