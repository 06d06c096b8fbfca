/**
 * The stores behind rate limits, the trial allowance and idempotent fetches, chosen by configuration
 * (DESIGN 1, 6): in this process when SALLYPORT_REDIS_URL is unset (the embedded default: one gateway),
 * else in Redis over ONE connection (one Redis, or a Redis Cluster), shared by every gateway. Plus the per-account overrides of the limits,
 * read from the database and cached briefly, and the social API's per-upstream budgets (docs/social.md).
 */
import { performance } from 'node:perf_hooks'
import type { Logger } from 'pino'
import type { GatewayConfig } from '../../config/gateway-config.ts'
import type { Database } from '../../infra/database/database.ts'
import {
  closeRedis,
  isCluster,
  openRedis,
  pingRedis,
  redisReady,
} from '../../infra/redis/redis-connection.ts'
import type { Clock } from '../../shared/clock.ts'
import { keyStatesOf, type KeyStates } from '../keys/key-states.ts'
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts'
import { createMemoryIdempotencyStore } from '../idempotency/memory-idempotency-store.ts'
import { createRedisIdempotencyStore } from '../idempotency/redis-idempotency-store.ts'
import { createMemoryUpstreamBudget } from '../social/memory-upstream-budget.ts'
import { createRedisUpstreamBudget } from '../social/redis-upstream-budget.ts'
import type { UpstreamBudgetStore } from '../social/upstream-budget.ts'
import { createAccountLimits, deploymentLimits, type RateLimitDeps } from './account-limits.ts'
import { createAccountLimitsRepository } from './account-limits-repository.ts'
import type { AdmissionStore } from './admission.ts'
import { createMemoryAdmissionStore } from './memory-admission-store.ts'
import { createRedisAdmissionStore } from './redis-admission-store.ts'

export type LimitStores = {
  rateLimits: RateLimitDeps
  idempotency: IdempotencyStore
  /** Key epochs and revocation markers, beside the windows that confirm them (ADR 0011). */
  keyStates: KeyStates
  /** The social API's budgets per (upstream network, egress address): what the networks count. */
  upstreamBudgets: UpstreamBudgetStore
  /** The Redis check of GET /readyz, when Redis is configured. */
  readiness: { name: string; check(): Promise<void> }[]
  /** Resolves when the stores can serve (Redis connected), or after `timeoutMs` with false. */
  ready(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * What the embedded default keeps in memory (no SALLYPORT_REDIS_URL). With workers, the supervisor holds them
 * once and each worker reaches them over IPC (src/bin/shared-stores.ts, ADR 0015).
 */
export type EmbeddedStores = {
  admission: AdmissionStore
  idempotency: IdempotencyStore
  upstreamBudgets: UpstreamBudgetStore
}

export function createEmbeddedStores(
  config: Pick<GatewayConfig, 'idempotencyLeaseMs'>,
  clock: Clock,
): EmbeddedStores {
  return {
    admission: createMemoryAdmissionStore({ clock }),
    idempotency: createMemoryIdempotencyStore({ leaseMs: config.idempotencyLeaseMs, clock }),
    upstreamBudgets: createMemoryUpstreamBudget(),
  }
}

type Settings = Pick<
  GatewayConfig,
  'redisUrl' | 'redisPrefix' | 'hostKeySecret' | 'limits' | 'idempotencyLeaseMs' | 'inFlightLeaseMs'
> &
  Partial<Pick<GatewayConfig, 'redisCommandTimeoutMs'>>

export function createLimitStores(
  config: Settings,
  {
    db,
    clock,
    log,
    embedded,
  }: {
    db: Database
    clock: Clock
    log: Pick<Logger, 'warn'>
    /** Without Redis: the stores to use instead of this process's own (a worker's, in its supervisor). */
    embedded?: EmbeddedStores
  },
): LimitStores {
  const limits = createAccountLimits({
    repo: createAccountLimitsRepository(db),
    defaults: deploymentLimits({ ...config.limits, inFlightLeaseMs: config.inFlightLeaseMs }),
    clock,
  })
  const idempotencyOptions = { leaseMs: config.idempotencyLeaseMs }

  if (config.redisUrl === undefined) {
    const { admission: store, idempotency, upstreamBudgets } = embedded ?? createEmbeddedStores(config, clock)
    return {
      rateLimits: { store, limits, hostKeySecret: config.hostKeySecret },
      idempotency,
      keyStates: keyStatesOf(store),
      upstreamBudgets,
      readiness: [],
      ready: async () => true,
      close: async () => {
        await Promise.all([store.close(), idempotency.close(), upstreamBudgets.close()])
      },
    }
  }

  let lastWarning = -Infinity
  const redis = openRedis(config.redisUrl, {
    ...(config.redisCommandTimeoutMs !== undefined && { commandTimeoutMs: config.redisCommandTimeoutMs }),
    onError: (error) => {
      // ioredis reports every reconnect attempt: one line every few seconds is enough.
      const at = performance.now()
      if (at - lastWarning < 5_000) return
      lastWarning = at
      log.warn({ err: error }, 'Redis connection failed: limited requests are refused until it is back')
    },
  })
  const store = createRedisAdmissionStore({
    redis,
    keyPrefix: config.redisPrefix,
    clock,
    // The global per-host ceiling is a key of its own slot on a Cluster: a step of its own (ADR 0012).
    cluster: isCluster(redis),
  })
  const idempotency = createRedisIdempotencyStore({
    ...idempotencyOptions,
    redis,
    keyPrefix: `${config.redisPrefix}idem:`,
  })
  return {
    rateLimits: { store, limits, hostKeySecret: config.hostKeySecret },
    idempotency,
    keyStates: keyStatesOf(store),
    upstreamBudgets: createRedisUpstreamBudget({ redis, keyPrefix: config.redisPrefix }),
    readiness: [{ name: 'redis', check: () => pingRedis(redis) }],
    ready: (timeoutMs) => redisReady(redis, timeoutMs),
    close: async () => {
      await Promise.all([store.close(), idempotency.close()])
      await closeRedis(redis)
    },
  }
}
