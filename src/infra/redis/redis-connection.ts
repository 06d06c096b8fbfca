/**
 * The gateway's one Redis connection (DESIGN 1): rate-limit windows, the in-flight semaphore, trial counters
 * and idempotency records all go through it. Every call on the request path is one script and one round
 * trip, so one pipelined connection serves them all.
 *
 * It is set to fail fast, never to wait: a request the gateway cannot admit is refused with 503
 * `store_unavailable` at once rather than queued behind a reconnect (docs/rate-limits.md).
 * - `enableOfflineQueue: false`: while disconnected a command is rejected at once, not queued.
 * - A command without a reply in `commandTimeoutMs` is rejected: on one Redis by one timer that sweeps the
 *   commands on their way (`timeOutCommands`), on a Cluster by ioredis's `commandTimeout`.
 * - `maxRetriesPerRequest: 0` and `autoResendUnfulfilledCommands: false`: a command whose connection dropped
 *   is never sent again. The server may have run it already, and running an admission or an idempotency
 *   claim twice would count one request twice, or answer its own claim with 409.
 *
 * A Redis Cluster (`redis-cluster://host:port,host:port`, `rediss-cluster://` for TLS; docs/deploy.md) is one
 * ioredis `Cluster` with the same settings on every node connection. Every script touches the keys of one
 * account, in one hash slot (ADR 0012), so it runs on the master that owns it, in the same one round trip.
 */
import { performance } from 'node:perf_hooks'
import { Cluster, Redis } from 'ioredis'
import { ConfigError } from '../../config/env-parsing.ts'
import { createTurnCork } from '../../shared/turn-cork.ts'

export type RedisConnectionOptions = {
  /** Rejects a command without a reply after this long. */
  commandTimeoutMs?: number
  connectTimeoutMs?: number
  /** Connection errors: ioredis reports each reconnect attempt; the caller logs them (rate-limited). */
  onError?: (error: Error) => void
}

export const redisConnectionDefaults = { commandTimeoutMs: 1_000, connectTimeoutMs: 2_000 } as const

/** One Redis, or a Redis Cluster: the stores use the commands both have. */
export type RedisClient = Redis | Cluster

export type RedisTarget =
  | { kind: 'single'; url: string }
  | {
      kind: 'cluster'
      /** The seed nodes; the client learns the rest of the cluster from them. */
      nodes: { host: string; port: number }[]
      username?: string
      password?: string
      tls: boolean
    }

/** `redis://…` / `rediss://…` for one Redis; `redis-cluster://[user:password@]host:port,host:port` for a Cluster. */
export function parseRedisUrl(url: string): RedisTarget {
  const match = /^(rediss?)-cluster:\/\/(?:([^@/]*)@)?([^/?#]+)\/?$/i.exec(url)
  if (match === null) {
    if (/^rediss?-cluster:/i.test(url)) {
      throw new ConfigError('a redis-cluster:// URL is redis-cluster://[user:password@]host:port,host:port')
    }
    return { kind: 'single', url }
  }
  const [, scheme, auth, hosts] = match
  const nodes = hosts!.split(',').map((entry) => {
    const node = /^(\[[0-9a-f:.]+\]|[^:[\]]+):(\d{1,5})$/i.exec(entry.trim())
    const port = Number(node?.[2])
    if (node === null || port < 1 || port > 65_535) {
      throw new ConfigError(`redis-cluster:// node "${entry}" is not host:port`)
    }
    return { host: node[1]!.replace(/^\[|\]$/g, ''), port }
  })
  const target: RedisTarget = { kind: 'cluster', nodes, tls: scheme!.toLowerCase() === 'rediss' }
  if (auth !== undefined && auth !== '') {
    const colon = auth.indexOf(':')
    const user = decodeURIComponent(colon < 0 ? auth : auth.slice(0, colon))
    if (user !== '') target.username = user
    if (colon >= 0) target.password = decodeURIComponent(auth.slice(colon + 1))
  }
  return target
}

export function openRedis(url: string, options: RedisConnectionOptions = {}): RedisClient {
  const timeouts = {
    commandTimeout: options.commandTimeoutMs ?? redisConnectionDefaults.commandTimeoutMs,
    connectTimeout: options.connectTimeoutMs ?? redisConnectionDefaults.connectTimeoutMs,
  }
  // Reconnect quickly at first, then every second: requests fail fast meanwhile, readiness says why, and a
  // Redis that is back serves again within about a second. A refused connection costs Redis nothing.
  const retry = (attempt: number) => Math.min(100 * 2 ** Math.min(attempt, 4), 1_000)
  const target = parseRedisUrl(url)
  const redis: RedisClient =
    target.kind === 'single'
      ? new Redis(url, {
          connectTimeout: timeouts.connectTimeout,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          autoResendUnfulfilledCommands: false,
          retryStrategy: retry,
          connectionName: 'sallyport-gateway',
        })
      : new Cluster(target.nodes, {
          enableOfflineQueue: false,
          clusterRetryStrategy: retry,
          // Reads go to masters too: a replica may not have the last admission yet.
          scaleReads: 'master',
          redisOptions: {
            ...timeouts,
            maxRetriesPerRequest: 0,
            autoResendUnfulfilledCommands: false,
            connectionName: 'sallyport-gateway',
            ...(target.username !== undefined && { username: target.username }),
            ...(target.password !== undefined && { password: target.password }),
            ...(target.tls && { tls: {} }),
          },
        })
  if (!isCluster(redis)) {
    timeOutCommands(redis, timeouts.commandTimeout)
    writeOncePerTurn(redis)
  }
  // Without a listener an 'error' event would crash the process.
  redis.on('error', (error: Error) => options.onError?.(error))
  return redis
}

/**
 * The commands sent in one turn of the event loop leave in one socket write (docs/performance.md): the
 * connection is corked at the turn's first command and uncorked once the turn's callbacks have run
 * (setImmediate), so the admissions and releases of every request the turn handled cost one write and
 * wake Redis once, instead of one write and one wake-up each. Nothing else changes: each command is
 * still its own command, sent in the order it was issued, its reply matched by ioredis as before; a
 * command issued while the connection is not ready is refused at once as before (no offline queue).
 * A Cluster keeps one connection per master and is left as it is.
 */
export function writeOncePerTurn(redis: Redis): void {
  const cork = createTurnCork()
  const send = redis.sendCommand.bind(redis)
  redis.sendCommand = (command, stream) => {
    if (stream === undefined && redis.status === 'ready') cork(redis.stream)
    return send(command, stream)
  }
}

type SentCommand = Parameters<Redis['sendCommand']>[0]

/**
 * Rejects a command that has no reply `timeoutMs` after it was sent, with ioredis's own error ("Command
 * timed out"), as its `commandTimeout` option does, but by one timer that sweeps the commands on their way
 * every tenth of the time-out, not by a timer per command: two timers set and cleared per fetch were 1.7% of
 * a gateway's busy time (docs/performance.md). A command times out between `timeoutMs` and 1.1 times it.
 * Replies come in the order commands were sent, so the oldest command waiting is first in the queue.
 */
export function timeOutCommands(redis: Redis, timeoutMs: number): void {
  const sent: { command: SentCommand; deadline: number }[] = []
  let oldest = 0
  let sweeper: NodeJS.Timeout | undefined
  const sweep = () => {
    const now = performance.now()
    while (oldest < sent.length) {
      const { command, deadline } = sent[oldest]!
      if (!command.isSettled) {
        if (deadline > now) break
        command.reject(new Error('Command timed out'))
      }
      oldest++
    }
    if (oldest === sent.length) {
      sent.length = 0
      oldest = 0
      clearInterval(sweeper)
      sweeper = undefined
    } else if (oldest >= 1024) {
      sent.splice(0, oldest)
      oldest = 0
    }
  }
  const send = redis.sendCommand.bind(redis)
  redis.sendCommand = (command, stream) => {
    sent.push({ command, deadline: performance.now() + timeoutMs })
    if (sweeper === undefined) {
      sweeper = setInterval(sweep, Math.max(10, Math.round(timeoutMs / 10)))
      // Nothing waiting on Redis keeps the process alive.
      sweeper.unref()
    }
    return send(command, stream)
  }
}

export function isCluster(redis: RedisClient): redis is Cluster {
  return redis instanceof Cluster
}

/**
 * Every key under `pattern` (SCAN, `count` a batch), on every master of a Cluster: a scan on a Cluster
 * connection sees one node only.
 */
export async function scanKeys(redis: RedisClient, pattern: string, count: number): Promise<string[]> {
  const nodes: Redis[] = isCluster(redis) ? redis.nodes('master') : [redis]
  const found: string[] = []
  for (const node of nodes) {
    let cursor = '0'
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', count)
      cursor = next
      found.push(...keys)
    } while (cursor !== '0')
  }
  return found
}

/** Resolves once the connection is ready, or after `timeoutMs` with false (the caller decides what then). */
export async function redisReady(redis: RedisClient, timeoutMs: number): Promise<boolean> {
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
export async function pingRedis(redis: RedisClient): Promise<void> {
  await redis.ping()
}

/** Closes gracefully (pending replies first), and at once if the connection is already gone. */
export async function closeRedis(redis: RedisClient): Promise<void> {
  if (redis.status === 'end') return
  if (redis.status !== 'ready') {
    redis.disconnect()
    return
  }
  await redis.quit().catch(() => redis.disconnect())
}
