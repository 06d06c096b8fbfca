import { createHash } from 'node:crypto'
import { hostname, networkInterfaces } from 'node:os'
import { defaults } from '../config/defaults.ts'
import { type NodeConfig } from '../config/node-config.ts'
import type { Registry } from 'prom-client'
import { systemClock } from '../shared/clock.ts'
import { loggerOptions } from '../shared/logger.ts'
import { createMetricsRegistry } from '../shared/metrics.ts'
import { createFetcher } from './fetching/fetcher.ts'
import type { NodeAppDeps } from './app.ts'
import { createNodeMetrics, meteredFetcher, type NodeMetrics } from './metrics.ts'

/** A stable id for this node across restarts, so operators and logs can follow it. */
function defaultDeviceId(config: NodeConfig): string {
  const seed = `${hostname()}|${config.region}|${config.port}|${config.egressAddress ?? ''}`
  return `node_${config.region.replace('-', '')}_${createHash('sha256').update(seed).digest('hex').slice(0, 10)}`
}

/**
 * The address a target sees. On a cloud VM behind NAT the interface address is private, so production
 * sets SALLYPORT_NODE_PUBLIC_IP; locally the egress (bind) address is the one targets see.
 */
function defaultPublicIp(config: NodeConfig): string {
  if (config.egressAddress !== undefined) return config.egressAddress
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (!address.internal && address.family === 'IPv4') return address.address
    }
  }
  return '127.0.0.1'
}

export type NodeRuntime = NodeAppDeps & {
  /** The registry the operator listener serves, when this node has one of its own. */
  registry: Registry | undefined
  close(): Promise<void>
}

/**
 * The node's composition root: config in, everything buildNode takes out. With an operator listener
 * configured, the fetcher and the fleet calls are counted (docs/operations.md) into a registry of this
 * node's own, or into `seams.metrics` (the nodes of `sallyport dev`, served by the gateway's listener).
 */
export function createNodeDeps(config: NodeConfig, seams: { metrics?: NodeMetrics } = {}): NodeRuntime {
  const registry =
    seams.metrics === undefined && config.operator !== undefined ? createMetricsRegistry() : undefined
  const metrics = seams.metrics ?? (registry === undefined ? undefined : createNodeMetrics(registry))
  const deviceId = config.deviceId ?? defaultDeviceId(config)
  const publicIp = config.publicIp ?? defaultPublicIp(config)
  const unmetered = createFetcher({
    deviceId,
    publicIp,
    egressAddress: config.egressAddress,
    allowTargets: config.allowTargets,
    dnsServers: config.dnsServers,
    maxBodyBytes: config.maxBodyBytes,
    timeoutMs: config.fetchTimeoutMs,
    connectTimeoutMs: config.connectTimeoutMs,
    maxRedirects: config.maxRedirects,
    maxHeaderBytes: config.egress.maxHeaderBytes,
    maxIdleConnections: config.egress.maxIdleConnections,
    extraCa: config.egress.extraCa,
    defaultUserAgent: defaults.userAgent,
  })
  const fetcher = metrics === undefined ? unmetered : meteredFetcher(unmetered, metrics)
  return {
    region: config.region,
    deviceId,
    publicIp,
    fleetSecret: config.fleetSecret,
    fetcher,
    clock: systemClock,
    logger: loggerOptions(config.logLevel, 'node'),
    ...(metrics !== undefined && { metrics }),
    registry,
    close: () => fetcher.close(),
  }
}
