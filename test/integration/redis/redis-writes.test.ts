/**
 * The gateway's Redis connection sends the commands of one event-loop turn in one write
 * (`writeOncePerTurn`, docs/performance.md), and nothing else about them changes: order, replies, the
 * refusal of a command while disconnected. A TCP relay in front of Redis counts the writes that arrive.
 */
import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'
import { after, before, test } from 'node:test'
import type { Redis } from 'ioredis'
import { openRedis, redisReady } from '../../../src/infra/redis/redis-connection.ts'
import { redisUrl } from '../rate-limits/redis-harness.ts'

const upstream = new URL(redisUrl)
let chunks = 0
const sockets = new Set<Socket>()
const relay = createServer((client) => {
  const server = createConnection(Number(upstream.port || 6379), upstream.hostname)
  sockets.add(client).add(server)
  client.on('data', (data) => {
    chunks++
    server.write(data)
  })
  server.pipe(client)
  client.on('close', () => server.destroy())
  server.on('close', () => client.destroy())
  client.on('error', () => undefined)
  server.on('error', () => undefined)
})
let redis: Redis

before(async () => {
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const { port } = relay.address() as AddressInfo
  redis = openRedis(`redis://127.0.0.1:${port}/${upstream.pathname.slice(1) || '0'}`) as Redis
  assert.equal(await redisReady(redis, 2_000), true)
})

after(async () => {
  redis.disconnect()
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => relay.close(resolve))
})

/** Lets a turn end and the relay read what arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

test('the commands of one turn reach Redis in one write, in order, each with its own reply', async () => {
  const key = `sallyport-test:writes:${process.pid}`
  await redis.del(key)
  await settle()
  chunks = 0
  const replies = Array.from({ length: 50 }, () => redis.incr(key))
  assert.deepEqual(
    await Promise.all(replies),
    Array.from({ length: 50 }, (_, i) => i + 1),
  )
  await settle()
  assert.equal(chunks, 1)
  await redis.del(key)
})

test('commands of later turns go out in writes of their own', async () => {
  await settle()
  chunks = 0
  await redis.ping()
  await new Promise((resolve) => setImmediate(resolve))
  await redis.ping()
  await settle()
  assert.equal(chunks, 2)
})

test('a command while disconnected is still refused at once, and the next turn writes again', async () => {
  const closed = once(redis, 'close')
  for (const socket of sockets) socket.destroy()
  await closed
  await assert.rejects(redis.ping(), /Stream isn't writeable/)
  assert.equal(await redisReady(redis, 3_000), true)
  assert.equal(await redis.ping(), 'PONG')
})
