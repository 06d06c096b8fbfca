/** The gateway's typed, frozen config (`sallyport gateway`). */
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'
import process from 'node:process'
import { parseRedisUrl, redisConnectionDefaults } from '../infra/redis/redis-connection.ts'
import { isRegion, type Region } from '../shared/regions.ts'
import type { LogLevel } from '../shared/logger.ts'
import { billingContact } from './billing-contact.ts'
import { loadDatabasePool, type DatabasePoolConfig } from './database-config.ts'
import { defaults } from './defaults.ts'
import {
  ConfigError,
  fleetSecret,
  integer,
  list,
  logLevel,
  optional,
  shutdownTimeout,
  workerCount,
  type Env,
} from './env-parsing.ts'
import { operatorListener, type OperatorListenerConfig } from './operator-config.ts'
import { fetchDeadlines, fetchTimeout } from './fetch-deadlines.ts'
import {
  loadLimitsConfig,
  loadPlanOverrides,
  type LimitsConfig,
  type PlanOverrides,
} from './limits-config.ts'
import { loadSocialSettings, type SocialSettings } from './social-config.ts'
import { trustedProxies } from './trusted-proxies.ts'

export type NodeEndpoint = { region: Region; url: string }

export type GatewayConfig = Readonly<{
  host: string
  port: number
  logLevel: LogLevel
  /** Where `/metrics` is served; undefined: nowhere. */
  operator: OperatorListenerConfig | undefined
  dataDir: string
  fleetSecret: string
  nodes: readonly NodeEndpoint[]
  /** Active health probe period. */
  healthIntervalMs: number
  /** Probe time-out; a probe slower than this marks the node down. */
  healthTimeoutMs: number
  /** How long the gateway waits for a node's answer: the fetch time-out plus a margin. */
  nodeTimeoutMs: number
  /**
   * SALLYPORT_PUBLIC_URL, as an origin: the base of mailed links and the origin CSRF checks expect; https
   * makes the session cookie `Secure` and `__Host-` prefixed. Unset: the gateway's own http://host:port.
   */
  publicBaseUrl: string | undefined
  /** Unset: SQLite at `<dataDir>/sallyport.db`. */
  databaseUrl: string | undefined
  databasePool: DatabasePoolConfig
  /** Unset: mail is written to `<dataDir>/outbox/` as .eml files. */
  smtpUrl: string | undefined
  mailFrom: string
  /** SALLYPORT_BILLING_CONTACT: the address about paid plans the account page shows (billing-contact.ts). */
  billingContact: string
  /** The beta social API (SPEC 1.6): upstream base URLs, the Mastodon allowlist, the cursor secret. */
  social: SocialSettings
  /** SALLYPORT_PLANS: overrides of the plan catalog, checked by gateway/billing/plans.ts. */
  plans: PlanOverrides
  /**
   * SALLYPORT_REDIS_URL: unset, rate-limit windows, trial counters and idempotency records live in this
   * process (the embedded default); set, in that Redis, shared by every gateway (DESIGN 1, 6).
   */
  redisUrl: string | undefined
  /** SALLYPORT_REDIS_PREFIX: namespace of every key in that Redis (deployments or tests sharing one). */
  redisPrefix: string
  /**
   * SALLYPORT_REDIS_COMMAND_TIMEOUT_MS: how long a command waits for Redis's reply before the request it
   * serves is refused with 503 `store_unavailable` (default 1 s).
   */
  redisCommandTimeoutMs: number
  /**
   * SALLYPORT_HOST_KEY_SECRET: the HMAC secret per-host rate-limit keys are hashed with (DESIGN 7). Every
   * gateway on one Redis needs the same one, so it is required with SALLYPORT_REDIS_URL; else random.
   */
  hostKeySecret: string
  limits: LimitsConfig
  /**
   * The longest one fetch may take on the gateway, fail-over across nodes included: a node's time-out plus
   * a margin. The idempotency claim and the in-flight slot of a fetch are leased for longer.
   */
  fetchDeadlineMs: number
  /** Lease of an idempotency claim: above `fetchDeadlineMs`, so a claim never runs out under a live fetch. */
  idempotencyLeaseMs: number
  /** Lease of an in-flight slot: above `fetchDeadlineMs`, so a slot is never handed out twice. */
  inFlightLeaseMs: number
  /**
   * SALLYPORT_SHUTDOWN_TIMEOUT_MS: after SIGTERM, how long the requests in flight get to finish before the
   * process gives up and exits 1. Default: `fetchDeadlineMs` plus 5 s, so the longest fetch can end.
   */
  shutdownTimeoutMs: number
  /**
   * SALLYPORT_SHUTDOWN_DELAY_MS: after SIGTERM, how long the gateway keeps accepting connections while
   * /readyz answers 503 `draining`, so a load balancer that has not noticed yet sends nothing into a closed
   * port. Default 0: stop accepting at once. Part of the shutdown time-out, so it must be shorter.
   */
  shutdownDelayMs: number
  /** SALLYPORT_TRUSTED_PROXIES: the load balancers whose X-Forwarded-For names the client (trusted-proxies.ts). */
  trustedProxies: readonly string[]
}>

/** `us-east=http://10.0.0.5:9101,europe=http://...`: the egress nodes a gateway sends work to. */
export function parseNodeList(raw: string | undefined): NodeEndpoint[] {
  return list(raw).map((item) => {
    const at = item.indexOf('=')
    const region = item.slice(0, at)
    const url = item.slice(at + 1)
    if (at < 1 || !isRegion(region)) {
      throw new ConfigError(
        `SALLYPORT_NODES entries are region=url with a known region, got ${JSON.stringify(item)}`,
      )
    }
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new ConfigError(`SALLYPORT_NODES has a bad URL: ${JSON.stringify(url)}`)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new ConfigError(`SALLYPORT_NODES URLs are http(s), got ${JSON.stringify(url)}`)
    }
    return { region, url: parsed.origin }
  })
}

function publicUrl(raw: string | undefined): string | undefined {
  const value = optional(raw)
  if (value === undefined) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`SALLYPORT_PUBLIC_URL must be an absolute URL, got ${JSON.stringify(value)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`SALLYPORT_PUBLIC_URL must be http(s), got ${JSON.stringify(value)}`)
  }
  return url.origin
}

function redisUrl(raw: string | undefined): string | undefined {
  const value = optional(raw)
  if (value !== undefined && !/^rediss?(?:-cluster)?:\/\//i.test(value)) {
    throw new ConfigError(
      'SALLYPORT_REDIS_URL must be a redis:// or rediss:// URL, or redis-cluster://host:port,host:port for ' +
        'a Redis Cluster; unset it for in-process counters',
    )
  }
  if (value !== undefined) parseRedisUrl(value)
  return value
}

function redisPrefix(raw: string | undefined): string {
  const value = optional(raw) ?? defaults.redisPrefix
  // Braces would decide the Redis Cluster slot of every key (docs/rate-limits.md).
  if (/[{}\s]/.test(value)) throw new ConfigError('SALLYPORT_REDIS_PREFIX may not contain braces or spaces')
  return value
}

function hostKeySecret(raw: string | undefined, redis: string | undefined): string {
  const value = optional(raw)
  if (value !== undefined && value.length < 32) {
    throw new ConfigError('SALLYPORT_HOST_KEY_SECRET must be at least 32 characters')
  }
  if (value === undefined && redis !== undefined) {
    throw new ConfigError(
      'SALLYPORT_HOST_KEY_SECRET must be set (32+ characters, the same on every gateway) with SALLYPORT_REDIS_URL',
    )
  }
  // Without Redis the per-host counters live and die with this process: a secret of its own is enough.
  return value ?? randomBytes(32).toString('base64url')
}

/**
 * How many worker processes `sallyport gateway` runs (docs/adr/0009-workers.md): default, the machine's
 * available cores. With Redis every worker shares limits, trial counters and idempotency records there, as
 * separate gateways do; without it the supervisor holds them and every worker asks it (ADR 0015).
 */
export function loadGatewayWorkers(flag: string | undefined, env: Env = process.env): number {
  return workerCount(flag, env, availableParallelism())
}

export type GatewayFlags = Partial<{ host: string; port: number; nodes: NodeEndpoint[]; fleetSecret: string }>

export function loadGatewayConfig(flags: GatewayFlags = {}, env: Env = process.env): GatewayConfig {
  const deadlines = fetchDeadlines(fetchTimeout(env))
  const redis = redisUrl(env.SALLYPORT_REDIS_URL)
  const shutdownTimeoutMs = shutdownTimeout(env, deadlines.gatewayShutdownMs)
  const shutdownDelayMs = integer('SALLYPORT_SHUTDOWN_DELAY_MS', env.SALLYPORT_SHUTDOWN_DELAY_MS, 0)
  if (shutdownDelayMs >= shutdownTimeoutMs) {
    throw new ConfigError('SALLYPORT_SHUTDOWN_DELAY_MS must be shorter than SALLYPORT_SHUTDOWN_TIMEOUT_MS')
  }
  const port = flags.port ?? integer('PORT', env.PORT, defaults.port)
  const publicBaseUrl = publicUrl(env.SALLYPORT_PUBLIC_URL)
  return Object.freeze({
    host: flags.host ?? env.HOST ?? defaults.host,
    port,
    logLevel: logLevel(env.SALLYPORT_LOG_LEVEL),
    operator: operatorListener(env, port),
    dataDir: resolve(env.SALLYPORT_DATA_DIR ?? defaults.dataDir),
    fleetSecret: flags.fleetSecret ?? fleetSecret(env.SALLYPORT_FLEET_SECRET),
    nodes: Object.freeze(flags.nodes ?? parseNodeList(env.SALLYPORT_NODES)),
    healthIntervalMs: integer(
      'SALLYPORT_HEALTH_INTERVAL_MS',
      env.SALLYPORT_HEALTH_INTERVAL_MS,
      defaults.healthIntervalMs,
      50,
    ),
    healthTimeoutMs: integer(
      'SALLYPORT_HEALTH_TIMEOUT_MS',
      env.SALLYPORT_HEALTH_TIMEOUT_MS,
      defaults.healthTimeoutMs,
      50,
    ),
    nodeTimeoutMs: deadlines.nodeTimeoutMs,
    publicBaseUrl,
    databaseUrl: optional(env.SALLYPORT_DATABASE_URL),
    databasePool: loadDatabasePool(env),
    smtpUrl: optional(env.SALLYPORT_SMTP_URL),
    mailFrom: optional(env.SALLYPORT_MAIL_FROM) ?? defaults.mailFrom,
    billingContact: billingContact(env, publicBaseUrl),
    redisUrl: redis,
    redisPrefix: redisPrefix(env.SALLYPORT_REDIS_PREFIX),
    redisCommandTimeoutMs: integer(
      'SALLYPORT_REDIS_COMMAND_TIMEOUT_MS',
      env.SALLYPORT_REDIS_COMMAND_TIMEOUT_MS,
      redisConnectionDefaults.commandTimeoutMs,
      10,
    ),
    hostKeySecret: hostKeySecret(env.SALLYPORT_HOST_KEY_SECRET, redis),
    limits: loadLimitsConfig(env),
    fetchDeadlineMs: deadlines.fetchDeadlineMs,
    idempotencyLeaseMs: deadlines.idempotencyLeaseMs,
    inFlightLeaseMs: deadlines.inFlightLeaseMs,
    shutdownTimeoutMs,
    shutdownDelayMs,
    trustedProxies: trustedProxies(env),
    social: loadSocialSettings(env),
    plans: loadPlanOverrides(env),
  })
}
