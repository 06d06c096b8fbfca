/**
 * The only code that reads the environment (STYLE: config/). Each process gets a typed, frozen config;
 * command-line flags win over the environment, the environment wins over the defaults of DESIGN 2 and 4.
 */
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { isRegion, type Region } from '../shared/regions.ts'
import { parseEgressSettings, type EgressSettings } from './egress-settings.ts'

export type Env = Record<string, string | undefined>

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export type NodeEndpoint = { region: Region; url: string }

/**
 * SALLYPORT_OPERATOR_PORT and SALLYPORT_OPERATOR_HOST: the operator listener of one process, which serves
 * `GET /metrics` apart from the public port (docs/operations.md). Unset port: no operator listener.
 */
export type OperatorListenerConfig = Readonly<{ host: string; port: number }>

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
}>

/** Deployment-wide rate limits (SPEC 8); per-account overrides come from `sallyport admin set-limits`. */
export type LimitsConfig = Readonly<{
  /** SALLYPORT_GLOBAL_HOST_LIMIT: fetches per minute to one target host, all accounts together. */
  globalHostPerMinute: number
  /** SALLYPORT_MAX_IN_FLIGHT: concurrent fetches per account, unless the account has its own. */
  maxInFlight: number
}>

export type SocialSettings = Readonly<{
  /** SALLYPORT_BLUESKY_APPVIEW_URL: the Bluesky AppView whose XRPC API answers (no trailing slash). */
  blueskyAppViewUrl: string
  /** SALLYPORT_HN_API_URL: the Hacker News Firebase API (no trailing slash). */
  hackerNewsApiUrl: string
  /** SALLYPORT_MASTODON_INSTANCES: the allowlist, host names in lower case; the first is the default. */
  mastodonInstances: readonly string[]
  /** SALLYPORT_MASTODON_URL_OVERRIDES `instance=url,...`: where an allowlisted instance is reached (tests). */
  mastodonUrlOverrides: Readonly<Record<string, string>>
  /**
   * SALLYPORT_CURSOR_SECRET (32+ characters) signs page cursors. Unset: random per process, so cursors die
   * with it; gateways behind one load balancer must share a set secret.
   */
  cursorSecret: string
  /** False when `cursorSecret` is the random one: `sallyport gateway` warns at start-up (docs/social.md). */
  cursorSecretSet: boolean
}>

export const socialDefaults = {
  blueskyAppViewUrl: 'https://public.api.bsky.app',
  hackerNewsApiUrl: 'https://hacker-news.firebaseio.com',
  mastodonInstances: ['mastodon.social', 'fosstodon.org', 'hachyderm.io', 'mas.to', 'infosec.exchange'],
} as const

/** The PostgreSQL pool of one process (SQLite ignores it): docs/deploy.md says how to size it. */
export type DatabasePoolConfig = Readonly<{
  /** SALLYPORT_DATABASE_POOL_SIZE: connections per process. */
  size: number
  /** SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS: server-side cap on one statement; 0 for none. */
  statementTimeoutMs: number
  /** SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS: cap on connecting and on waiting for a free connection. */
  connectTimeoutMs: number
}>

/** What `sallyport migrate` and the account admin commands need: the database, nothing of the fleet. */
export type DatabaseConfig = Readonly<{
  dataDir: string
  databaseUrl: string | undefined
  databasePool: DatabasePoolConfig
  logLevel: LogLevel
}>

export type NodeConfig = Readonly<{
  host: string
  port: number
  logLevel: LogLevel
  /** Where `/metrics` is served; undefined: nowhere. */
  operator: OperatorListenerConfig | undefined
  region: Region
  deviceId: string | undefined
  publicIp: string | undefined
  egressAddress: string | undefined
  fleetSecret: string
  allowTargets: readonly string[]
  dnsServers: readonly string[]
  maxBodyBytes: number
  fetchTimeoutMs: number
  connectTimeoutMs: number
  maxRedirects: number
  egress: EgressSettings
  /** SALLYPORT_SHUTDOWN_TIMEOUT_MS: as the gateway's; default the fetch time-out plus 5 s. */
  shutdownTimeoutMs: number
}>

export const defaults = {
  port: 8080,
  host: '127.0.0.1',
  nodePort: 9101,
  operatorHost: '127.0.0.1',
  dataDir: './data',
  maxBodyBytes: 10 * 1024 * 1024,
  fetchTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxRedirects: 10,
  healthIntervalMs: 2_000,
  healthTimeoutMs: 1_500,
  userAgent: 'Sallyport-Internal-Fetcher/1.0',
  mailFrom: 'Sallyport <no-reply@localhost>',
  databasePoolSize: 10,
  databaseStatementTimeoutMs: 5_000,
  databaseConnectTimeoutMs: 2_000,
  redisPrefix: 'sallyport:',
  globalHostPerMinute: 600,
  maxInFlight: 20,
} as const

function integer(name: string, raw: string | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got ${JSON.stringify(raw)}`)
  const value = Number(raw)
  if (value < min) throw new ConfigError(`${name} must be at least ${min}`)
  return value
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

function logLevel(raw: string | undefined): LogLevel {
  const level = raw ?? 'info'
  const known: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']
  if (!known.includes(level)) throw new ConfigError(`SALLYPORT_LOG_LEVEL must be one of ${known.join(', ')}`)
  return level as LogLevel
}

/**
 * The operator listener is off unless SALLYPORT_OPERATOR_PORT is set (0: any free port, for tests). It binds
 * to loopback unless told otherwise, and never to the public port: `/metrics` stays off the public API.
 */
function operatorListener(env: Env, publicPort: number): OperatorListenerConfig | undefined {
  const raw = optional(env.SALLYPORT_OPERATOR_PORT)
  if (raw === undefined) return undefined
  const port = integer('SALLYPORT_OPERATOR_PORT', raw, 0)
  if (port > 65_535) throw new ConfigError('SALLYPORT_OPERATOR_PORT must be at most 65535')
  const host = optional(env.SALLYPORT_OPERATOR_HOST) ?? defaults.operatorHost
  // Refused on any address: a wildcard public host (0.0.0.0, ::) already holds the port on all of them.
  if (port !== 0 && port === publicPort) {
    throw new ConfigError(
      `SALLYPORT_OPERATOR_PORT must differ from the public port (${port}): /metrics is not served to the public`,
    )
  }
  return Object.freeze({ host, port })
}

function fleetSecret(raw: string | undefined): string {
  if (raw === undefined || raw.length < 32) {
    throw new ConfigError(
      'SALLYPORT_FLEET_SECRET must be set to at least 32 characters (gateways and nodes share it)',
    )
  }
  return raw
}

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

export function parseCidrList(name: string, raw: string | undefined): string[] {
  const items = list(raw)
  for (const item of items) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(item))
      throw new ConfigError(`${name} holds CIDRs, got ${JSON.stringify(item)}`)
  }
  return items
}

function optional(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim()
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

export function loadDatabasePool(env: Env = process.env): DatabasePoolConfig {
  return Object.freeze({
    size: integer(
      'SALLYPORT_DATABASE_POOL_SIZE',
      env.SALLYPORT_DATABASE_POOL_SIZE,
      defaults.databasePoolSize,
      1,
    ),
    statementTimeoutMs: integer(
      'SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS',
      env.SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS,
      defaults.databaseStatementTimeoutMs,
    ),
    connectTimeoutMs: integer(
      'SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS',
      env.SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS,
      defaults.databaseConnectTimeoutMs,
      1,
    ),
  })
}

export function loadDatabaseConfig(env: Env = process.env): DatabaseConfig {
  return Object.freeze({
    dataDir: resolve(env.SALLYPORT_DATA_DIR ?? defaults.dataDir),
    databaseUrl: optional(env.SALLYPORT_DATABASE_URL),
    databasePool: loadDatabasePool(env),
    logLevel: logLevel(env.SALLYPORT_LOG_LEVEL),
  })
}

function baseUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = optional(raw) ?? fallback
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got ${JSON.stringify(value)}`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.search !== '') {
    throw new ConfigError(
      `${name} must be an http(s) URL without credentials or query, got ${JSON.stringify(value)}`,
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

const hostName = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

export function loadSocialSettings(env: Env = process.env): SocialSettings {
  const raw = optional(env.SALLYPORT_MASTODON_INSTANCES)
  const instances = raw === undefined ? [...socialDefaults.mastodonInstances] : list(raw.toLowerCase())
  for (const instance of instances) {
    if (!hostName.test(instance)) {
      throw new ConfigError(`SALLYPORT_MASTODON_INSTANCES holds host names, got ${JSON.stringify(instance)}`)
    }
  }
  const overrides: Record<string, string> = {}
  for (const item of list(env.SALLYPORT_MASTODON_URL_OVERRIDES)) {
    const at = item.indexOf('=')
    const instance = item.slice(0, at).toLowerCase()
    if (at < 1 || !instances.includes(instance)) {
      throw new ConfigError(
        `SALLYPORT_MASTODON_URL_OVERRIDES entries are instance=url for an allowlisted instance, got ${JSON.stringify(item)}`,
      )
    }
    overrides[instance] = baseUrl('SALLYPORT_MASTODON_URL_OVERRIDES', item.slice(at + 1), '')
  }
  const secret = optional(env.SALLYPORT_CURSOR_SECRET)
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError('SALLYPORT_CURSOR_SECRET must be at least 32 characters')
  }
  return Object.freeze({
    blueskyAppViewUrl: baseUrl(
      'SALLYPORT_BLUESKY_APPVIEW_URL',
      env.SALLYPORT_BLUESKY_APPVIEW_URL,
      socialDefaults.blueskyAppViewUrl,
    ),
    hackerNewsApiUrl: baseUrl(
      'SALLYPORT_HN_API_URL',
      env.SALLYPORT_HN_API_URL,
      socialDefaults.hackerNewsApiUrl,
    ),
    mastodonInstances: Object.freeze(instances),
    mastodonUrlOverrides: Object.freeze(overrides),
    cursorSecret: secret ?? randomBytes(32).toString('base64url'),
    cursorSecretSet: secret !== undefined,
  })
}

/** Per plan id, the fields an operator changes (docs/billing.md); validated by the plan catalog. */
export type PlanOverrides = Readonly<Record<string, unknown>>

/** SALLYPORT_PLANS: a JSON object of plan overrides, e.g. `{"entry":{"monthly_fee_usd":"29.00"}}`. */
export function loadPlanOverrides(env: Env = process.env): PlanOverrides {
  const raw = optional(env.SALLYPORT_PLANS)
  if (raw === undefined) return Object.freeze({})
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ConfigError('SALLYPORT_PLANS must be a JSON object (see docs/billing.md)')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('SALLYPORT_PLANS must be a JSON object (see docs/billing.md)')
  }
  return Object.freeze(parsed as Record<string, unknown>)
}

export function loadLimitsConfig(env: Env = process.env): LimitsConfig {
  return Object.freeze({
    globalHostPerMinute: integer(
      'SALLYPORT_GLOBAL_HOST_LIMIT',
      env.SALLYPORT_GLOBAL_HOST_LIMIT,
      defaults.globalHostPerMinute,
      1,
    ),
    maxInFlight: integer('SALLYPORT_MAX_IN_FLIGHT', env.SALLYPORT_MAX_IN_FLIGHT, defaults.maxInFlight, 1),
  })
}

function redisUrl(raw: string | undefined): string | undefined {
  const value = optional(raw)
  if (value !== undefined && !/^rediss?:\/\//i.test(value)) {
    throw new ConfigError(
      'SALLYPORT_REDIS_URL must be a redis:// or rediss:// URL; unset it for in-process counters',
    )
  }
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

/** SALLYPORT_SHUTDOWN_TIMEOUT_MS, or the process's own default (its longest request and 5 s more). */
function shutdownTimeout(env: Env, fallback: number): number {
  return integer('SALLYPORT_SHUTDOWN_TIMEOUT_MS', env.SALLYPORT_SHUTDOWN_TIMEOUT_MS, fallback, 1)
}

export type GatewayFlags = Partial<{ host: string; port: number; nodes: NodeEndpoint[]; fleetSecret: string }>

export function loadGatewayConfig(flags: GatewayFlags = {}, env: Env = process.env): GatewayConfig {
  const fetchTimeoutMs = integer(
    'SALLYPORT_FETCH_TIMEOUT_MS',
    env.SALLYPORT_FETCH_TIMEOUT_MS,
    defaults.fetchTimeoutMs,
    1,
  )
  const nodeTimeoutMs = fetchTimeoutMs + 5_000
  // A node's whole time-out and 5 s more for fail-over: with the 30 s default, the 40 s deadline and the 45 s
  // idempotency lease of docs/idempotency.md.
  const fetchDeadlineMs = nodeTimeoutMs + 5_000
  const redis = redisUrl(env.SALLYPORT_REDIS_URL)
  const shutdownTimeoutMs = shutdownTimeout(env, fetchDeadlineMs + 5_000)
  const shutdownDelayMs = integer('SALLYPORT_SHUTDOWN_DELAY_MS', env.SALLYPORT_SHUTDOWN_DELAY_MS, 0)
  if (shutdownDelayMs >= shutdownTimeoutMs) {
    throw new ConfigError('SALLYPORT_SHUTDOWN_DELAY_MS must be shorter than SALLYPORT_SHUTDOWN_TIMEOUT_MS')
  }
  const port = flags.port ?? integer('PORT', env.PORT, defaults.port)
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
    nodeTimeoutMs,
    publicBaseUrl: publicUrl(env.SALLYPORT_PUBLIC_URL),
    databaseUrl: optional(env.SALLYPORT_DATABASE_URL),
    databasePool: loadDatabasePool(env),
    smtpUrl: optional(env.SALLYPORT_SMTP_URL),
    mailFrom: optional(env.SALLYPORT_MAIL_FROM) ?? defaults.mailFrom,
    redisUrl: redis,
    redisPrefix: redisPrefix(env.SALLYPORT_REDIS_PREFIX),
    hostKeySecret: hostKeySecret(env.SALLYPORT_HOST_KEY_SECRET, redis),
    limits: loadLimitsConfig(env),
    fetchDeadlineMs,
    idempotencyLeaseMs: fetchDeadlineMs + 5_000,
    inFlightLeaseMs: Math.max(120_000, fetchDeadlineMs + 10_000),
    shutdownTimeoutMs,
    shutdownDelayMs,
    social: loadSocialSettings(env),
    plans: loadPlanOverrides(env),
  })
}

export type NodeFlags = Partial<{
  host: string
  port: number
  region: string
  deviceId: string
  publicIp: string
  egressAddress: string
  fleetSecret: string
}>

export function loadNodeConfig(flags: NodeFlags = {}, env: Env = process.env): NodeConfig {
  const region = flags.region ?? env.SALLYPORT_REGION
  if (!isRegion(region)) throw new ConfigError('a node needs --region us-east, us-west or europe')
  const port = flags.port ?? integer('PORT', env.PORT, defaults.nodePort)
  return Object.freeze({
    host: flags.host ?? env.HOST ?? defaults.host,
    port,
    logLevel: logLevel(env.SALLYPORT_LOG_LEVEL),
    operator: operatorListener(env, port),
    region,
    deviceId: flags.deviceId ?? env.SALLYPORT_NODE_ID,
    publicIp: flags.publicIp ?? env.SALLYPORT_NODE_PUBLIC_IP,
    egressAddress: flags.egressAddress ?? env.SALLYPORT_NODE_EGRESS_ADDRESS,
    fleetSecret: flags.fleetSecret ?? fleetSecret(env.SALLYPORT_FLEET_SECRET),
    allowTargets: Object.freeze(parseCidrList('SALLYPORT_ALLOW_TARGETS', env.SALLYPORT_ALLOW_TARGETS)),
    dnsServers: Object.freeze(list(env.SALLYPORT_DNS_SERVERS)),
    maxBodyBytes: integer('SALLYPORT_MAX_BODY_BYTES', env.SALLYPORT_MAX_BODY_BYTES, defaults.maxBodyBytes, 1),
    fetchTimeoutMs: integer(
      'SALLYPORT_FETCH_TIMEOUT_MS',
      env.SALLYPORT_FETCH_TIMEOUT_MS,
      defaults.fetchTimeoutMs,
      1,
    ),
    connectTimeoutMs: integer(
      'SALLYPORT_CONNECT_TIMEOUT_MS',
      env.SALLYPORT_CONNECT_TIMEOUT_MS,
      defaults.connectTimeoutMs,
      1,
    ),
    maxRedirects: integer('SALLYPORT_MAX_REDIRECTS', env.SALLYPORT_MAX_REDIRECTS, defaults.maxRedirects),
    egress: parseEgressSettings(env),
    shutdownTimeoutMs: shutdownTimeout(
      env,
      integer('SALLYPORT_FETCH_TIMEOUT_MS', env.SALLYPORT_FETCH_TIMEOUT_MS, defaults.fetchTimeoutMs, 1) +
        5_000,
    ),
  })
}

/**
 * The environment of `sallyport dev`: the fleet is one process, so a fresh fleet secret unless one is set;
 * and dev is the embedded default, so it stays on SQLite in the data dir whatever SALLYPORT_DATABASE_URL
 * says (a production URL left in a shell must not get a dev instance's test accounts), and on in-process
 * counters whatever SALLYPORT_REDIS_URL says (nor its trial counters and idempotency records).
 */
export function devEnvironment(fleetSecret: string, env: Env = process.env): Env {
  const { SALLYPORT_DATABASE_URL: _ignored, SALLYPORT_REDIS_URL: _alsoIgnored, ...rest } = env
  return env.SALLYPORT_FLEET_SECRET === undefined || env.SALLYPORT_FLEET_SECRET === ''
    ? { ...rest, SALLYPORT_FLEET_SECRET: fleetSecret }
    : rest
}
