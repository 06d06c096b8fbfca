/**
 * The Redis twin against a real Redis (SALLYPORT_TEST_REDIS_URL, default 127.0.0.1:6379). Each test gets
 * a unique key prefix and several client connections, and removes its keys afterwards. Without Redis the
 * suite is skipped, loudly; with CI=true it fails instead (STYLE: tests).
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, describe, it } from 'node:test'
import { Redis, type Command } from 'ioredis'
import { idempotencyFingerprint } from '../../../src/gateway/idempotency/idempotency-key.ts'
import { manualClock, runIdempotencyStoreSuite } from '../../suites/idempotency-store-suite.ts'
import { keysUnder, makeIdempotencyFixture } from '../rate-limits/redis-harness.ts'
import { createRedisIdempotencyStore } from '../../../src/gateway/idempotency/redis-idempotency-store.ts'

const redisUrl = process.env.SALLYPORT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const connections = 4

function connect(): Redis {
  return new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2_000 })
}

async function unavailable(): Promise<string | undefined> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  try {
    await probe.connect()
    await probe.ping()
    return undefined
  } catch (error) {
    return `Redis at ${redisUrl} is not reachable (${error instanceof Error ? error.message : String(error)})`
  } finally {
    probe.disconnect()
  }
}

function uniquePrefix(): string {
  return `sallyport-test:idem:${randomBytes(6).toString('hex')}:`
}

const skipped = await unavailable()
if (skipped !== undefined && process.env.CI === 'true') {
  it('Redis is reachable for the idempotency integration tests', () => {
    assert.fail(`${skipped}; CI=true requires it`)
  })
} else if (skipped !== undefined) {
  console.warn(`redis idempotency store tests SKIPPED: ${skipped}`)
}

runIdempotencyStoreSuite(
  'redis idempotency store',
  async (setup) => {
    const clients = Array.from({ length: connections }, connect)
    await Promise.all(clients.map((client) => client.connect()))
    return makeIdempotencyFixture(setup, clients, uniquePrefix())
  },
  { skip: skipped ?? false },
)

describe('redis idempotency store, Redis specifics', { skip: skipped ?? false }, () => {
  const redis = connect()
  const prefix = uniquePrefix()
  const fingerprint = idempotencyFingerprint('https://a.example/', 'us-west')

  after(async () => {
    const keys = await keysUnder(redis, prefix)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it('gives a claim the lease as its Redis TTL and a record the retention, so Redis purges both', async () => {
    const clock = manualClock(Date.now())
    const store = createRedisIdempotencyStore({ redis, keyPrefix: prefix, leaseMs: 45_000 })
    const begun = await store.begin('acct_ttl', 'k', fingerprint, clock.now())
    assert.equal(begun.kind, 'claimed')
    const [key] = await keysUnder(redis, prefix)
    assert.ok(key !== undefined)
    const claimTtl = await redis.pttl(key)
    assert.ok(claimTtl > 40_000 && claimTtl <= 45_000, `claim TTL ${claimTtl}`)

    if (begun.kind === 'claimed') {
      const body = Buffer.from('{}')
      await store.complete('acct_ttl', 'k', begun.token, { status: 200, headers: {}, body }, clock.now())
    }
    const recordTtl = await redis.pttl(key)
    const day = 24 * 60 * 60 * 1000
    assert.ok(recordTtl > day - 5_000 && recordTtl <= day, `record TTL ${recordTtl}`)
    // The token goes with the claim: a record keeps nothing that could complete it again.
    assert.equal(await redis.hexists(key, 'token'), 0)
  })

  it('charges a key once when Redis dropped its record before the gateways clock said so', async () => {
    const clock = manualClock(Date.now())
    const store = createRedisIdempotencyStore({ redis, keyPrefix: prefix })
    const account = 'acct_skew'
    const total = async () => Number(await redis.hget(`${prefix}{${account}}:bytes`, 'total'))
    const once = async () => {
      const begun = await store.begin(account, 'k', fingerprint, clock.now())
      assert.equal(begun.kind, 'claimed')
      if (begun.kind === 'claimed') {
        const body = Buffer.from('{"result":"x"}')
        await store.complete(account, 'k', begun.token, { status: 200, headers: {}, body }, clock.now())
      }
    }
    await once()
    const charged = await total()
    assert.equal(charged, 14 + 2 + 512)
    // As if its TTL ran out early: the ledger still holds its charge, which the next record replaces.
    const [entry] = (await keysUnder(redis, `${prefix}{${account}}:`)).filter((key) =>
      /:[0-9a-f]{64}$/.test(key),
    )
    assert.ok(entry !== undefined)
    await redis.del(entry)
    await once()
    assert.equal(await total(), charged)
  })

  it('falls back to EVAL when Redis does not know a script (after a restart or a failover)', async () => {
    // A client whose server "forgot" every script; the shared server's own cache is left alone. EVALSHA is
    // refused whichever way the store sends it: through callBuffer, or as a Command (redis-script.ts).
    let refused = 0
    const noScript = () => {
      refused++
      return Promise.reject(new Error('NOSCRIPT No matching script. Please use EVAL.'))
    }
    const forgetful = new Proxy(redis, {
      get(target, property, receiver) {
        if (property === 'callBuffer') {
          return (command: string, args: (string | number | Buffer)[]) =>
            command === 'EVALSHA' ? noScript() : target.callBuffer(command, args)
        }
        if (property === 'sendCommand') {
          return (command: Command) => (command.name === 'EVALSHA' ? noScript() : target.sendCommand(command))
        }
        return Reflect.get(target, property, receiver) as unknown
      },
    })
    const clock = manualClock(Date.now())
    const store = createRedisIdempotencyStore({ redis: forgetful, keyPrefix: prefix })
    assert.equal((await store.begin('acct_noscript', 'k', fingerprint, clock.now())).kind, 'claimed')
    assert.equal((await store.begin('acct_noscript', 'k', fingerprint, clock.now())).kind, 'in_flight')
    assert.equal(refused, 2)
  })
})
