/** The egress node's typed, frozen config (`sallyport node`). */
import { availableParallelism } from 'node:os'
import process from 'node:process'
import type { LogLevel } from '../shared/logger.ts'
import { isRegion, type Region } from '../shared/regions.ts'
import { defaults } from './defaults.ts'
import { parseEgressSettings, type EgressSettings } from './egress-settings.ts'
import {
  ConfigError,
  fleetSecret,
  integer,
  list,
  logLevel,
  shutdownTimeout,
  workerCount,
  type Env,
} from './env-parsing.ts'
import { operatorListener, type OperatorListenerConfig } from './operator-config.ts'
import { fetchDeadlines, fetchTimeout } from './fetch-deadlines.ts'

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

export function parseCidrList(name: string, raw: string | undefined): string[] {
  const items = list(raw)
  for (const item of items) {
    if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(item))
      throw new ConfigError(`${name} holds CIDRs, got ${JSON.stringify(item)}`)
  }
  return items
}

/**
 * How many worker processes `sallyport node` runs (docs/adr/0009-workers.md): a node keeps no state a
 * fetch needs from another, so default the machine's available cores.
 */
export function loadNodeWorkers(flag: string | undefined, env: Env = process.env): number {
  return workerCount(flag, env, availableParallelism())
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
  const deadlines = fetchDeadlines(fetchTimeout(env))
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
    fetchTimeoutMs: deadlines.fetchTimeoutMs,
    connectTimeoutMs: integer(
      'SALLYPORT_CONNECT_TIMEOUT_MS',
      env.SALLYPORT_CONNECT_TIMEOUT_MS,
      defaults.connectTimeoutMs,
      1,
    ),
    maxRedirects: integer('SALLYPORT_MAX_REDIRECTS', env.SALLYPORT_MAX_REDIRECTS, defaults.maxRedirects),
    egress: parseEgressSettings(env),
    shutdownTimeoutMs: shutdownTimeout(env, deadlines.nodeShutdownMs),
  })
}
