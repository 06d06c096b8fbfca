/**
 * Redis for the admission-store tests: a connection per store (as each gateway has its own), a namespace per
 * test so tests run in parallel against one server, and a clean-up that deletes the namespace.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { unpackBody } from '../../../src/gateway/idempotency/idempotency-store.ts'
import { createRedisIdempotencyStore } from '../../../src/gateway/idempotency/redis-idempotency-store.ts'
import { createRedisUpstreamBudget } from '../../../src/gateway/social/redis-upstream-budget.ts'
import type { UpstreamBudgetStore } from '../../../src/gateway/social/upstream-budget.ts'
import type { IdempotencyStoreFixture, IdempotencyStoreSetup } from '../../suites/idempotency-store-suite.ts'
import { scanKeys, type RedisClient } from '../../../src/infra/redis/redis-connection.ts'
import type { Clock } from '../../../src/shared/clock.ts'
import type { AdmissionStoreHarness } from '../../suites/admission-store-suite.ts'
import { createRedisAdmissionStore } from '../../../src/gateway/rate-limits/redis-admission-store.ts'
import type { AdmissionStore } from '../../../src/gateway/rate-limits/admission.ts'

export const redisUrl = process.env.SALLYPORT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'

export function connect(): Redis {
  // Fail fast instead of queueing behind reconnects: a test should report a missing server, not hang.
  return new Redis(redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false })
}

export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  redis.on('error', () => {})
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

export function uniquePrefix(): string {
  return `test:rate-limits:${randomBytes(6).toString('hex')}:`
}

export async function keysUnder(redis: RedisClient, prefix: string): Promise<string[]> {
  return scanKeys(redis, `${prefix}*`, 1000)
}

/** Every key under the prefix, every member or value of its counters, and the field names of its hashes. */
export async function contentsUnder(redis: RedisClient, prefix: string): Promise<string[]> {
  const items: string[] = []
  for (const key of await keysUnder(redis, prefix)) {
    items.push(key)
    const type = await redis.type(key)
    if (type === 'zset') items.push(...(await redis.zrange(key, 0, '-1', 'WITHSCORES')))
    else if (type === 'string') items.push((await redis.get(key)) ?? '')
    // Field names only: a stored idempotent answer (a hash) holds its target for its 24 h (DESIGN 7).
    else if (type === 'hash') items.push(...(await redis.hkeys(key)))
    else items.push(`unexpected type ${type}`)
  }
  return items
}

/** Every key, field and value under `prefix`, as latin1 text: what a privacy audit of Redis would see. */
export async function dumpUnder(redis: RedisClient, prefix: string): Promise<string> {
  const parts: string[] = []
  for (const key of await keysUnder(redis, prefix)) {
    parts.push(key)
    if ((await redis.type(key)) === 'zset') {
      parts.push(...(await redis.zrange(key, '0', '-1', 'WITHSCORES')))
      continue
    }
    const fields = await redis.hgetallBuffer(key)
    for (const [field, value] of Object.entries(fields)) {
      const encoding = fields.enc?.toString() ?? 'identity'
      parts.push(field, (field === 'body' ? await unpackBody(encoding, value) : value).toString('latin1'))
    }
  }
  return parts.join('\n')
}

/** One key at a time: on a Cluster the keys of one command must share a slot. */
export async function deleteUnder(redis: RedisClient, prefix: string): Promise<void> {
  await Promise.all((await keysUnder(redis, prefix)).map((key) => redis.unlink(key)))
}

export async function makeRedisHarness(
  clock: Clock,
  on: { connect: () => RedisClient; cluster: boolean } = { connect, cluster: false },
): Promise<AdmissionStoreHarness & { prefix: string; admin: RedisClient }> {
  const prefix = uniquePrefix()
  const admin = on.connect()
  const stores: AdmissionStore[] = []
  return {
    prefix,
    admin,
    open: () => {
      const store = createRedisAdmissionStore({
        redis: on.connect(),
        keyPrefix: prefix,
        clock,
        ownsConnection: true,
        cluster: on.cluster,
      })
      stores.push(store)
      return store
    },
    contents: () => contentsUnder(admin, prefix),
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()))
      await deleteUnder(admin, prefix)
      await admin.quit()
    },
  }
}

/** The store suites' fixtures for the idempotency store: `count` connections onto one namespace. */
export async function makeIdempotencyFixture(
  setup: IdempotencyStoreSetup,
  clients: RedisClient[],
  prefix: string,
): Promise<IdempotencyStoreFixture> {
  const stores = clients.map((redis) => createRedisIdempotencyStore({ ...setup, redis, keyPrefix: prefix }))
  const [first, ...rest] = stores
  if (first === undefined) throw new Error('no connection')
  const admin = clients[0]!
  return {
    stores: [first, ...rest],
    dump: () => dumpUnder(admin, prefix),
    storedBytes: async () => {
      let sum = 0
      for (const key of await keysUnder(admin, prefix)) sum += (await admin.memory('USAGE', key)) ?? 0
      return sum
    },
    close: async () => {
      await deleteUnder(admin, prefix)
      await Promise.all(stores.map((store) => store.close()))
      await Promise.all(clients.map((client) => client.quit()))
    },
  }
}

/** A namespace per test, a connection per store (as each gateway has its own), all deleted at the end. */
export async function makeUpstreamHarness(open: () => RedisClient = connect) {
  const prefix = `test:social:${randomBytes(6).toString('hex')}:`
  const admin = open()
  const stores: UpstreamBudgetStore[] = []
  return {
    prefix,
    admin,
    open: () => {
      const store = createRedisUpstreamBudget({ redis: open(), keyPrefix: prefix, ownsConnection: true })
      stores.push(store)
      return store
    },
    dispose: async () => {
      await Promise.all(stores.map((store) => store.close()))
      await deleteUnder(admin, prefix)
      await admin.quit()
    },
  }
}
