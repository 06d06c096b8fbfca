/**
 * The gateway's Redis connection rejects a command without a reply after its time-out (docs/rate-limits.md:
 * a hung Redis refuses fetches fast), swept by one timer rather than a timer per command
 * (`timeOutCommands`). A relay in front of Redis holds what the gateway sends while the test stalls it, as
 * a Redis that stopped answering would, and passes it on once it resumes.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import type { Redis } from 'ioredis'
import { openRedis, redisReady } from '../../../src/infra/redis/redis-connection.ts'
import { startTcpRelay, type TcpRelay } from '../../helpers/tcp-relay.ts'
import { redisUrl } from '../rate-limits/redis-harness.ts'

const upstream = new URL(redisUrl)
const timeoutMs = 200
let relay: TcpRelay
let redis: Redis

before(async () => {
  relay = await startTcpRelay({ host: upstream.hostname, port: Number(upstream.port || 6379) })
  const db = upstream.pathname.slice(1) || '0'
  redis = openRedis(`redis://${relay.host}:${relay.port}/${db}`, { commandTimeoutMs: timeoutMs }) as Redis
  assert.equal(await redisReady(redis, 2_000), true)
})

after(async () => {
  redis.disconnect()
  await relay.close()
})

test('a command without a reply is rejected after the time-out, not before, and not much later', async () => {
  const key = `sallyport-test:timeouts:${process.pid}`
  await redis.set(key, '0')
  relay.stall()
  const started = performance.now()
  const outcomes = await Promise.allSettled([redis.incr(key), redis.incr(key)])
  const took = performance.now() - started
  for (const outcome of outcomes) {
    assert.equal(outcome.status, 'rejected')
    assert.match(String(outcome.reason), /Command timed out/)
  }
  assert.ok(took >= timeoutMs - 1, `rejected after ${Math.round(took)} ms`)
  // One sweep is a tenth of the time-out; the rest is a margin for a loaded machine.
  assert.ok(took < timeoutMs * 1.1 + 500, `rejected after ${Math.round(took)} ms`)

  // Redis answers again: the held commands run, and later replies still reach their own commands.
  relay.resume()
  assert.equal(await redis.incr(key), 3)
  assert.equal(await redis.get(key), '3')
  await redis.del(key)
})

test('commands answered in time are never rejected, however many are on their way', async () => {
  const key = `sallyport-test:timeouts-many:${process.pid}`
  await redis.del(key)
  for (let round = 0; round < 5; round++) {
    await Promise.all(Array.from({ length: 2_000 }, () => redis.incr(key)))
    await new Promise((resolve) => setTimeout(resolve, timeoutMs / 4))
  }
  assert.equal(await redis.get(key), '10000')
  await redis.del(key)
})
