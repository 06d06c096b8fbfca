import assert from 'node:assert/strict'
import type { Redis } from 'ioredis'
import { test } from 'node:test'
import fc from 'fast-check'
import { runAdmissionStoreSuite, testClock } from '../../suites/admission-store-suite.ts'
import {
  defaultLimits,
  fetchAdmission,
  hostKey,
  type Admission,
} from '../../../src/gateway/rate-limits/admission.ts'
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
        Array.from({ length: 200 }, async (_, i) => gateways[i % 2]!.admit({ rules, now: t0 + (i % 7) })),
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
      // A log lives a window and a half, the leases their life and a half, from the expiry last asked for.
      for (const rule of ['account_fetch:{acct_a}', `global_host:${host}`, `target_host:{acct_a}:${host}`]) {
        const ttl = await harness.admin.pttl(`${p}rl:${rule}`)
        assert.ok(ttl > 85_000 && ttl <= 90_000, `${rule} expires in ${ttl} ms`)
        assert.deepEqual(await harness.admin.zrange(`${p}rl:${rule}`, 0, '-1', 'WITHSCORES'), [
          answer.inFlightToken,
          String(t0),
        ])
      }
      assert.deepEqual(await harness.admin.zrange(`${p}inflight:{acct_a}`, 0, '-1', 'WITHSCORES'), [
        answer.inFlightToken,
        String(t0 + 120_000),
      ])
      const leases = await harness.admin.pttl(`${p}inflight:{acct_a}`)
      assert.ok(leases > 175_000 && leases <= 180_000, `the leases expire in ${leases} ms`)
      assert.equal(await harness.admin.pttl(`${p}trial:{acct_a}`), -1)
      assert.equal(await harness.admin.get(`${p}trial:{acct_a}`), '1')

      await store.release('{acct_a}', answer.inFlightToken!)
      assert.equal(await harness.admin.exists(`${p}inflight:{acct_a}`), 0)
      for (const item of await contentsUnder(harness.admin, p)) assert.ok(!item.includes('layout'), item)
    } finally {
      await harness.dispose()
    }
  })

  /** The store's connection: `redis`'s commands, but those in `instead`. */
  function through(redis: Redis, instead: Partial<Record<keyof AdmissionRedis, unknown>>): AdmissionRedis {
    return {
      evalsha: redis.evalsha.bind(redis),
      eval: redis.eval.bind(redis),
      callBuffer: redis.callBuffer.bind(redis),
      zrem: redis.zrem.bind(redis),
      get: redis.get.bind(redis),
      quit: redis.quit.bind(redis),
      ...instead,
    } as unknown as AdmissionRedis
  }

  /** A store of the harness's namespace on `client`. */
  const storeOn = (harness: { prefix: string }, client: AdmissionRedis) =>
    createRedisAdmissionStore({ redis: client, keyPrefix: harness.prefix, clock: testClock(t0) })

  const fetchRules = (limit: number) => [
    { name: 'account_fetch' as const, key: '{acct_a}', limit, windowMs: 60_000 },
  ]

  /** The admission script's reply as the store reads it: packed doubles (redis-admission-scripts.ts). */
  const unpacked = (reply: unknown) =>
    Array.from({ length: (reply as Buffer).length / 8 }, (_, i) => (reply as Buffer).readDoubleLE(i * 8))

  /** The store's connection, counting the commands the store sends (its admission scripts as `evalsha`). */
  function counted(redis: Redis) {
    const sent = { evalsha: 0, zrem: 0 }
    const client = through(redis, {
      callBuffer: (command: string, args: (string | number)[]) => {
        if (command === 'EVALSHA') sent.evalsha++
        return redis.callBuffer(command, args)
      },
      zrem: (...args: Parameters<AdmissionRedis['zrem']>) => {
        sent.zrem++
        return redis.zrem(...args)
      },
    })
    return { client, sent }
  }

  test("the script reads the global ceiling's oldest entry only when the ceiling refuses", async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      const replies: unknown[] = []
      const store = storeOn(
        harness,
        through(redis, {
          callBuffer: async (command: string, args: (string | number)[]) => {
            const reply = await redis.callBuffer(command, args)
            replies.push(unpacked(reply))
            return reply
          },
        }),
      )
      const host = hostKey('pivot-secret', 'pivot.example')
      const rules = [
        { name: 'account_fetch' as const, key: '{acct_a}', limit: 120, windowMs: 60_000 },
        { name: 'global_host' as const, key: host, limit: 2, windowMs: 60_000 },
      ]
      for (const now of [t0, t0 + 1_000, t0 + 2_000]) await store.admit({ rules, now })
      // Per admission: admitted, then each rule's count and pivot (-1: none read). The account's rule is
      // reported in the RateLimit field, so its oldest entry is read whenever there is one.
      assert.deepEqual(replies, [
        [1, 0, -1, 0, -1],
        [1, 1, t0, 1, -1],
        [0, 2, t0, 2, t0],
      ])
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('the admissions of one turn leave in one script, each decided in the order asked', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      const { client, sent } = counted(redis)
      const store = storeOn(harness, client)
      const limited = (account: string, limit: number) => ({
        rules: [{ name: 'account_fetch' as const, key: `{${account}}`, limit, windowMs: 60_000 }],
        inFlight: { key: `{${account}}`, limit: 100, leaseMs: 60_000 },
      })
      const answers = await Promise.all([
        ...Array.from({ length: 6 }, () => store.admit(limited('acct_a', 4))),
        store.admit(limited('acct_b', 1)),
        store.admit(limited('acct_b', 1)),
      ])
      assert.deepEqual(
        answers.map((answer) => answer.admitted),
        [true, true, true, true, false, false, true, false],
      )
      // Each answer is its own: the remaining count falls one by one, in the order asked.
      assert.deepEqual(
        answers.slice(0, 4).map((answer) => answer.states[0]!.remaining),
        [3, 2, 1, 0],
      )
      assert.equal(sent.evalsha, 1)

      // The releases of one turn: one ZREM per lease set, every slot free after.
      const tokens = answers.flatMap((answer) => (answer.admitted ? [answer.inFlightToken!] : []))
      await Promise.all([
        ...tokens.slice(0, 4).map((token) => store.release('{acct_a}', token)),
        store.release('{acct_b}', tokens[4]!),
      ])
      assert.equal(sent.zrem, 2)
      assert.equal(await harness.admin.zcard(`${harness.prefix}inflight:{acct_a}`), 0)
      assert.equal(await harness.admin.zcard(`${harness.prefix}inflight:{acct_b}`), 0)

      // More than a script's share in one turn: scripts of 64, every admission still exact.
      const many = await Promise.all(
        Array.from({ length: 150 }, async () => store.admit(limited('acct_c', 100))),
      )
      assert.equal(many.filter((answer) => answer.admitted).length, 100)
      assert.ok(many.slice(0, 100).every((answer) => answer.admitted))
      assert.equal(sent.evalsha, 1 + 3)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('a release in a turn with no admission waits for the next one and goes ahead of it', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      const order: string[] = []
      const client = through(redis, {
        callBuffer: (command: string, args: (string | number)[]) => {
          order.push(command)
          return redis.callBuffer(command, args)
        },
        zrem: (...args: Parameters<AdmissionRedis['zrem']>) => {
          order.push('ZREM')
          return redis.zrem(...args)
        },
      })
      const store = storeOn(harness, client)
      const oneAtATime = {
        rules: [{ name: 'account_fetch' as const, key: '{acct_a}', limit: 100, windowMs: 60_000 }],
        inFlight: { key: '{acct_a}', limit: 1, leaseMs: 60_000 },
      }
      const first = await store.admit(oneAtATime)
      assert.ok(first.admitted)
      const released = store.release('{acct_a}', first.inFlightToken!)
      await new Promise((resolve) => setImmediate(resolve))
      assert.deepEqual(order, ['EVALSHA'], 'the release waits for an admission to go with')

      // The next fetch's admission takes it along, ahead of itself: the one slot is free for it.
      const second = await store.admit(oneAtATime)
      await released
      assert.deepEqual(order, ['EVALSHA', 'ZREM', 'EVALSHA'])
      assert.ok(second.admitted)

      // With no admission to come, it goes on its own (within 10 ms).
      await store.release('{acct_a}', second.inFlightToken!)
      assert.deepEqual(order, ['EVALSHA', 'ZREM', 'EVALSHA', 'ZREM'])
      assert.equal(await harness.admin.zcard(`${harness.prefix}inflight:{acct_a}`), 0)

      // One still waiting when the store closes goes before the connection does.
      const third = await store.admit(oneAtATime)
      assert.ok(third.admitted)
      const last = store.release('{acct_a}', third.inFlightToken!)
      await store.close()
      assert.equal(order.at(-1), 'ZREM')
      await last
      assert.equal(await harness.admin.zcard(`${harness.prefix}inflight:{acct_a}`), 0)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('a release asked for in the turn the store closes in goes before the connection does', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      const store = storeOn(harness, through(redis, {}))
      const oneAtATime = {
        rules: [{ name: 'account_fetch' as const, key: '{acct_a}', limit: 100, windowMs: 60_000 }],
        inFlight: { key: '{acct_a}', limit: 1, leaseMs: 60_000 },
      }
      const first = await store.admit(oneAtATime)
      assert.ok(first.admitted)
      // An admission and a release in the turn of the close: the turn's flush comes after it.
      const late = assert.rejects(async () => store.admit(oneAtATime))
      const released = store.release('{acct_a}', first.inFlightToken!)
      await store.close()
      // What closeRedis does once every store has closed.
      await redis.quit()
      await released
      assert.equal(await harness.admin.zcard(`${harness.prefix}inflight:{acct_a}`), 0)
      // The admission went after the connection had closed: it fails, nothing admitted.
      await late
    } finally {
      redis.disconnect()
      await harness.dispose()
    }
  })

  test('one script for a turn answers every admission as a script of its own would have', async () => {
    // What a script learns of a log (pruned, counted, its first entry) serves its later admissions: windows
    // that slide within the turn, leases that expire, clocks that go back, refusals at a full log. The same
    // admissions, once in one turn and once one turn each, must get the same answers and leave the same logs.
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      const admission = fc.record({
        at: fc.integer({ min: 0, max: 3_000 }),
        perMinute: fc.integer({ min: 1, max: 6 }),
        perHost: fc.integer({ min: 1, max: 6 }),
        leased: fc.boolean(),
      })
      const host = hostKey('turn-secret', 'turn.example')
      let run = 0
      await fc.assert(
        fc.asyncProperty(fc.array(admission, { minLength: 1, maxLength: 40 }), async (plan) => {
          run++
          const requests = plan.map(({ at, perMinute, perHost, leased }) => ({
            now: t0 + at,
            rules: [
              { name: 'account_fetch' as const, key: '{acct_p}', limit: perMinute, windowMs: 1_000 },
              { name: 'target_host' as const, key: `{acct_p}:${host}`, limit: perHost, windowMs: 700 },
            ],
            ...(leased && { inFlight: { key: '{acct_p}', limit: 3, leaseMs: 1_500 } }),
          }))
          const prefixes = [`${harness.prefix}${run}:turn:`, `${harness.prefix}${run}:each:`] as const
          const [together, apart] = prefixes.map((keyPrefix) =>
            createRedisAdmissionStore({ redis, keyPrefix, clock: testClock(t0) }),
          )
          const inOneTurn = await Promise.all(requests.map(async (request) => together!.admit(request)))
          const oneByOne = []
          for (const request of requests) oneByOne.push(await apart!.admit(request))
          // The lease tokens are each store's own ids: whether there is one is what must agree.
          const answer = (admission: Admission) =>
            admission.admitted
              ? { ...admission, inFlightToken: admission.inFlightToken !== undefined }
              : admission
          assert.deepEqual(inOneTurn.map(answer), oneByOne.map(answer))
          const logs = await Promise.all(
            prefixes.map(async (prefix) =>
              Promise.all(
                ['rl:account_fetch:{acct_p}', `rl:target_host:{acct_p}:${host}`, 'inflight:{acct_p}'].map(
                  (key) => harness.admin.zrange(`${prefix}${key}`, 0, '-1', 'WITHSCORES'),
                ),
              ),
            ),
          )
          // The members are each store's own ids; their scores, in order, are what the logs hold.
          const scores = (log: string[]) => log.filter((_, i) => i % 2 === 1)
          assert.deepEqual(logs[0]!.map(scores), logs[1]!.map(scores))
        }),
        { numRuns: 60 },
      )
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('what the admissions of one script share: the trial counter, once written, and the expiries', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const store = harness.open()
      const p = harness.prefix
      const host = hostKey('shared-secret', 'shared.example')
      const limits = { ...defaultLimits, trialRequests: 3 }
      const trial = (accountId: string, trialUsed?: number) =>
        store.admit(fetchAdmission({ accountId, hostKey: host, limits, trial: true, trialUsed }))

      const answers = await Promise.all(Array.from({ length: 5 }, async () => trial('acct_a')))
      assert.deepEqual(
        answers.map((answer) => answer.admitted),
        [true, true, true, false, false],
      )
      const refused = answers[3]!
      assert.ok(!refused.admitted && refused.reason === 'quota_exhausted')
      assert.equal(await harness.admin.get(`${p}trial:{acct_a}`), '3')

      // A floor from the usage ledger counts from the first admission of the turn on.
      const floored = await Promise.all([trial('acct_b', 2), trial('acct_b', 2), trial('acct_b', 2)])
      assert.deepEqual(
        floored.map((answer) => answer.admitted),
        [true, false, false],
      )
      assert.equal(await harness.admin.get(`${p}trial:{acct_b}`), '3')

      // Every log and lease set touched by the turn expires as its first admission asked, once for the turn.
      for (const key of [
        `${p}rl:account_fetch:{acct_a}`,
        `${p}rl:target_host:{acct_a}:${host}`,
        `${p}rl:global_host:${host}`,
        `${p}rl:account_fetch:{acct_b}`,
      ]) {
        const ttl = await harness.admin.pttl(key)
        assert.ok(ttl > 85_000 && ttl <= 90_000, `${key} expires in ${ttl} ms`)
        assert.equal(
          await harness.admin.zcard(key),
          key.includes('acct_b') ? 1 : key.includes('global') ? 4 : 3,
        )
      }
      const leases = await harness.admin.pttl(`${p}inflight:{acct_a}`)
      assert.ok(leases > 175_000 && leases <= 180_000, `the leases expire in ${leases} ms`)
      // A refused admission touched nothing: acct_b's refusals left its logs at its one admission.
      assert.equal(await harness.admin.zcard(`${p}inflight:{acct_b}`), 1)
    } finally {
      await harness.dispose()
    }
  })

  test('a revoked or unconfirmed key in one turn refuses that admission only', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const store = harness.open()
      const epoch = await store.keyEpoch('{acct_a}')
      await store.markRevoked('{acct_a}', 'key_old')
      const rules = fetchRules(10)
      const keyed = (keyId: string, keyEpoch: string) => ({
        rules,
        key: { scope: '{acct_a}', keyId, epoch: keyEpoch },
      })
      const answers = await Promise.all([
        store.admit(keyed('key_new', epoch)),
        store.admit(keyed('key_old', epoch)),
        store.admit(keyed('key_new', 'an-epoch-gone')),
        store.admit(keyed('key_new', epoch)),
      ])
      assert.deepEqual(
        answers.map((answer) => (answer.admitted ? 'admitted' : answer.reason)),
        ['admitted', 'key_revoked', 'key_unconfirmed', 'admitted'],
      )
      assert.equal(await harness.admin.zcard(`${harness.prefix}rl:account_fetch:{acct_a}`), 2)
      // An admission's fields travel as JSON: a key id or epoch is compared as it came, whatever it holds.
      const odd = await store.admit(keyed('key,"odd"\\', epoch))
      assert.equal(odd.admitted, true)
      await store.markRevoked('{acct_a}', 'key,"odd"\\')
      const revoked = await store.admit(keyed('key,"odd"\\', epoch))
      assert.equal(revoked.admitted ? 'admitted' : revoked.reason, 'key_revoked')
      const other = await store.admit(keyed('key_new', `${epoch},"`))
      assert.equal(other.admitted ? 'admitted' : other.reason, 'key_unconfirmed')
    } finally {
      await harness.dispose()
    }
  })

  /** Admissions of acct_a under a 400 ms window (so a quarter of it passes within a test), in flight too. */
  const quickWindow = (now: number) => ({
    rules: [{ name: 'account_fetch' as const, key: '{acct_a}', limit: 1_000, windowMs: 400 }],
    inFlight: { key: '{acct_a}', limit: 1_000, leaseMs: 400 },
    now,
  })
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  test("a gateway asks for a key's expiry once a quarter of a window; a key it finds empty gets one anyway", async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const p = harness.prefix
      const log = `${p}rl:account_fetch:{acct_a}`
      const leases = `${p}inflight:{acct_a}`
      const lifeOf = async (key: string) => harness.admin.pttl(key)
      const store = harness.open()
      assert.ok((await store.admit(quickWindow(t0))).admitted)
      for (const key of [log, leases]) {
        const ttl = await lifeOf(key)
        assert.ok(ttl > 500 && ttl <= 600, `${key} expires in ${ttl} ms: a window and a half`)
      }

      // Within a quarter of the window the gateway does not ask again: a life set by hand stays.
      await harness.admin.pexpire(log, 100_000)
      await harness.admin.pexpire(leases, 100_000)
      assert.ok((await store.admit(quickWindow(t0 + 1))).admitted)
      assert.ok((await lifeOf(log)) > 99_000)
      assert.ok((await lifeOf(leases)) > 99_000)

      // Another gateway has asked for nothing yet: it asks. The log's life is set anew, the leases' only
      // lengthened, never shortened (a lease of another gateway may live that long).
      assert.ok((await harness.open().admit(quickWindow(t0 + 2))).admitted)
      const asked = await lifeOf(log)
      assert.ok(asked > 500 && asked <= 600, `the log expires in ${asked} ms`)
      assert.ok((await lifeOf(leases)) > 99_000)

      // A quarter of a window later, the first gateway asks again.
      await harness.admin.pexpire(log, 100_000)
      await sleep(150)
      assert.ok((await store.admit(quickWindow(t0 + 3))).admitted)
      const again = await lifeOf(log)
      assert.ok(again > 500 && again <= 600, `the log expires in ${again} ms`)

      // Keys Redis lost (deleted here; a restart or an eviction alike) are made again by the next admission,
      // with an expiry, though this gateway has just asked for one and does not ask now.
      await harness.admin.del(log, leases)
      assert.ok((await store.admit(quickWindow(t0 + 4))).admitted)
      for (const key of [log, leases]) {
        const ttl = await lifeOf(key)
        assert.ok(ttl > 500 && ttl <= 600, `${key} expires in ${ttl} ms`)
      }

      // Left alone, the keys go: no key of an idle account outlives its expiry.
      await sleep(700)
      assert.deepEqual(await keysUnder(harness.admin, p), [])
    } finally {
      await harness.dispose()
    }
  })

  test("an admission refused for its key asks for no expiry on the next one's behalf", async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const log = `${harness.prefix}rl:account_fetch:{acct_a}`
      const store = harness.open()
      const epoch = await store.keyEpoch('{acct_a}')
      await store.markRevoked('{acct_a}', 'key_old')
      const keyed = (keyId: string, now: number) => ({
        ...quickWindow(now),
        key: { scope: '{acct_a}', keyId, epoch },
      })
      assert.ok((await store.admit(keyed('key_new', t0))).admitted)
      await harness.admin.pexpire(log, 100_000)
      await sleep(150)
      // Due again: the revoked key's admission asks, but its script answers before its rules are read.
      const refused = await store.admit(keyed('key_old', t0 + 1))
      assert.ok(!refused.admitted && refused.reason === 'key_revoked')
      assert.ok((await store.admit(keyed('key_new', t0 + 2))).admitted)
      const ttl = await harness.admin.pttl(log)
      assert.ok(ttl > 500 && ttl <= 600, `the log expires in ${ttl} ms`)
    } finally {
      await harness.dispose()
    }
  })

  test('after a failed script, a gateway asks for every expiry again', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      const p = harness.prefix
      const log = `${p}rl:account_fetch:{acct_a}`
      let failing = false
      const store = storeOn(
        harness,
        through(redis, {
          callBuffer: (command: string, args: (string | number)[]) =>
            failing ? Promise.reject(new Error('Command timed out')) : redis.callBuffer(command, args),
        }),
      )
      assert.ok((await store.admit(quickWindow(t0))).admitted)
      await harness.admin.pexpire(log, 100_000)
      // A script that timed out may have run or not: what it asked for is not counted as set.
      failing = true
      await assert.rejects(async () => store.admit(quickWindow(t0 + 1)), /timed out/)
      failing = false
      assert.ok((await store.admit(quickWindow(t0 + 2))).admitted)
      const ttl = await harness.admin.pttl(log)
      assert.ok(ttl > 500 && ttl <= 600, `the log expires in ${ttl} ms`)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('a turn whose script fails fails each admission in it, and the next turn is answered', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    const redis = connect()
    try {
      let failing = true
      const closed = () => Promise.reject(new Error('Connection is closed.'))
      const store = storeOn(
        harness,
        through(redis, {
          callBuffer: (command: string, args: (string | number)[]) =>
            failing ? closed() : redis.callBuffer(command, args),
          zrem: (...args: Parameters<AdmissionRedis['zrem']>) => (failing ? closed() : redis.zrem(...args)),
        }),
      )
      const rules = fetchRules(10)
      const failed = await Promise.allSettled([
        store.admit({ rules }),
        store.admit({ rules }),
        store.release('{acct_a}', 'a-token'),
      ])
      assert.deepEqual(
        failed.map((result) =>
          result.status === 'rejected' ? (result.reason as Error).message : 'answered',
        ),
        ['Connection is closed.', 'Connection is closed.', 'Connection is closed.'],
      )
      failing = false
      const answers = await Promise.all([store.admit({ rules }), store.admit({ rules })])
      assert.deepEqual(
        answers.map((answer) => answer.admitted),
        [true, true],
      )
      assert.equal(await harness.admin.zcard(`${harness.prefix}rl:account_fetch:{acct_a}`), 2)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })

  test('a reply of the wrong shape fails every admission of its script, none is half-read', async () => {
    const harness = await makeRedisHarness(testClock(t0))
    try {
      const rules = fetchRules(10)
      const packed = (...values: number[]) => {
        const buffer = Buffer.alloc(values.length * 8)
        values.forEach((value, i) => buffer.writeDoubleLE(value, i * 8))
        return buffer
      }
      // Two admissions of one rule answer six integers: too few; a length that is not whole doubles; a
      // value that is not a whole number; the integers as an array reply; nothing.
      const wrongs = [
        packed(1, 0, -1, 1),
        Buffer.concat([packed(1, 0, -1, 1, 0, -1), Buffer.alloc(3)]),
        packed(1, 0, -1, 1, 0.5, -1),
        [1, 0, -1, 1, 0, -1],
        Buffer.alloc(0),
      ]
      for (const wrong of wrongs) {
        const reply = () => Promise.resolve(wrong)
        const store = storeOn(harness, { callBuffer: reply } as unknown as AdmissionRedis)
        const results = await Promise.allSettled([store.admit({ rules }), store.admit({ rules })])
        for (const result of results) {
          assert.equal(result.status, 'rejected')
          assert.match((result.reason as Error).message, /unexpected reply/)
        }
      }
      // Six whole doubles, as the script packs them: two admissions answered.
      const right = () => Promise.resolve(packed(1, 0, -1, 1, 1, t0))
      const store = storeOn(harness, { callBuffer: right } as unknown as AdmissionRedis)
      const answers = await Promise.all([store.admit({ rules }), store.admit({ rules })])
      assert.deepEqual(
        answers.map((answer) => answer.admitted && answer.states[0]!.remaining),
        [9, 8],
      )
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
      const store = storeOn(
        harness,
        through(redis, {
          callBuffer: (command: string, args: (string | number)[]) => {
            if (command === 'EVAL') evals++
            if (command !== 'EVALSHA' || !lost) return redis.callBuffer(command, args)
            lost = false
            return Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.'))
          },
        }),
      )
      const rules = fetchRules(1)
      assert.equal((await store.admit({ rules })).admitted, true)
      assert.equal((await store.admit({ rules })).admitted, false)
      assert.equal(evals, 1)
    } finally {
      await redis.quit()
      await harness.dispose()
    }
  })
}
