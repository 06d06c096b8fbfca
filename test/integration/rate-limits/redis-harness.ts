/**
 * Redis for the admission-store tests: a connection per store (as each gateway has its own), a namespace per
 * test so tests run in parallel against one server, and a clean-up that deletes the namespace.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
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

export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
    cursor = next
    keys.push(...batch)
  } while (cursor !== '0')
  return keys
}

/** Every key under the prefix and every member or value it holds. */
export async function contentsUnder(redis: Redis, prefix: string): Promise<string[]> {
  const items: string[] = []
  for (const key of await keysUnder(redis, prefix)) {
    items.push(key)
    const type = await redis.type(key)
    if (type === 'zset') items.push(...(await redis.zrange(key, 0, '-1', 'WITHSCORES')))
    else if (type === 'string') items.push((await redis.get(key)) ?? '')
    else items.push(`unexpected type ${type}`)
  }
  return items
}

export async function deleteUnder(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix)
  if (keys.length > 0) await redis.unlink(...keys)
}

export async function makeRedisHarness(
  clock: Clock,
): Promise<AdmissionStoreHarness & { prefix: string; admin: Redis }> {
  const prefix = uniquePrefix()
  const admin = connect()
  const stores: AdmissionStore[] = []
  return {
    prefix,
    admin,
    open: () => {
      const store = createRedisAdmissionStore({
        redis: connect(),
        keyPrefix: prefix,
        clock,
        ownsConnection: true,
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
