/**
 * What the end-to-end topology tests start before their story: a target on 127.0.0.1, a fresh PostgreSQL
 * schema, a redis-server of their own and the production topology of two gateways on them (topology.ts).
 */
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openers, postgresAvailable, postgresUrl, type TestDatabase } from './databases.ts'
import {
  redisServerInstalled,
  startRedisServer,
  startTopology,
  stopTopologyTest,
  type RedisServer,
  type Topology,
  type TopologyOptions,
} from './topology.ts'

/** Why a topology test cannot run here, or undefined when it can. */
export const topologyMissing: string | undefined = !postgresAvailable
  ? `no PostgreSQL answers at ${postgresUrl}`
  : !redisServerInstalled()
    ? 'the redis-server binary is not installed'
    : undefined

export type TopologyTest = {
  target: Server
  /** `http://127.0.0.1:port`, no trailing slash. */
  targetUrl: string
  database: TestDatabase
  redis: RedisServer
  topology: Topology
}

/**
 * The target (answering with `handler`), PostgreSQL and Redis, then two gateways whose public URL is the
 * first one's, and a node per region. If a part fails to start, the parts that did are stopped before the
 * error is thrown, so the test's own `after` has nothing to stop.
 */
export async function startTopologyTest(
  handler: RequestListener,
  options: Pick<TopologyOptions, 'gatewayEnv' | 'nodeEnv' | 'alongside'>,
): Promise<TopologyTest> {
  const started: Partial<TopologyTest> = {}
  try {
    const target = createServer(handler)
    started.target = target
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    const [database, redis] = await Promise.allSettled([openers.postgres(), startRedisServer()])
    if (database.status === 'fulfilled') started.database = database.value
    if (redis.status === 'fulfilled') started.redis = redis.value
    if (database.status === 'rejected') throw database.reason
    if (redis.status === 'rejected') throw redis.reason
    const topology = await startTopology({
      databaseUrl: database.value.env.SALLYPORT_DATABASE_URL!,
      redisUrl: redis.value.url,
      gateways: 2,
      publicUrl: (ports) => `http://127.0.0.1:${ports[0]}`,
      ...options,
    })
    return { target, targetUrl, database: database.value, redis: redis.value, topology }
  } catch (error) {
    await stopTopologyTest(started)
    throw error
  }
}
