/**
 * The gateway's one Redis connection (DESIGN 1): rate-limit windows, the in-flight semaphore, trial counters
 * and idempotency records all go through it. Every call on the request path is one script and one round
 * trip, so one pipelined connection serves them all.
 *
 * It is set to fail fast, never to wait: a request the gateway cannot admit is refused with 503
 * `store_unavailable` at once rather than queued behind a reconnect (docs/rate-limits.md).
 * - `enableOfflineQueue: false`: while disconnected a command is rejected at once, not queued.
 * - `commandTimeout`: a command without a reply in that time is rejected.
 * - `maxRetriesPerRequest: 0` and `autoResendUnfulfilledCommands: false`: a command whose connection dropped
 *   is never sent again. The server may have run it already, and running an admission or an idempotency
 *   claim twice would count one request twice, or answer its own claim with 409.
 */
import { Redis } from 'ioredis'

export type RedisConnectionOptions = {
  /** Rejects a command without a reply after this long. */
  commandTimeoutMs?: number
  connectTimeoutMs?: number
  /** Connection errors: ioredis reports each reconnect attempt; the caller logs them (rate-limited). */
  onError?: (error: Error) => void
}

export const redisConnectionDefaults = { commandTimeoutMs: 1_000, connectTimeoutMs: 2_000 } as const

export function openRedis(url: string, options: RedisConnectionOptions = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs ?? redisConnectionDefaults.commandTimeoutMs,
    connectTimeout: options.connectTimeoutMs ?? redisConnectionDefaults.connectTimeoutMs,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Reconnect quickly at first, then every second: requests fail fast meanwhile, readiness says why, and a
    // Redis that is back serves again within about a second. A refused connection costs Redis nothing.
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 4), 1_000),
    connectionName: 'sallyport-gateway',
  })
  // Without a listener an 'error' event would crash the process.
  redis.on('error', (error: Error) => options.onError?.(error))
  return redis
}

/** Resolves once the connection is ready, or after `timeoutMs` with false (the caller decides what then). */
export async function redisReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true
  return await new Promise<boolean>((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer)
      redis.off('ready', onReady)
      resolve(ready)
    }
    const onReady = () => done(true)
    const timer = setTimeout(() => done(false), timeoutMs)
    redis.once('ready', onReady)
  })
}

/** GET /readyz: Redis answers PING (within the command time-out). */
export async function pingRedis(redis: Redis): Promise<void> {
  await redis.ping()
}

/** Closes gracefully (pending replies first), and at once if the connection is already gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return
  if (redis.status !== 'ready') {
    redis.disconnect()
    return
  }
  await redis.quit().catch(() => redis.disconnect())
}
