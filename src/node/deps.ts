import { createHash } from 'node:crypto'
import { hostname, networkInterfaces } from 'node:os'
import { defaults, type NodeConfig } from '../config/config.ts'
import { systemClock } from '../shared/clock.ts'
import { createFetcher } from './fetching/fetcher.ts'
import type { NodeAppDeps } from './app.ts'
import { meteredFetcher, type NodeMetrics } from './metrics.ts'

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

/** With `metrics`, the fetcher and the fleet calls are counted (docs/operations.md). */
export function createNodeDeps(
  config: NodeConfig,
  metrics?: NodeMetrics,
): Omit<NodeAppDeps, 'logger'> & { close(): Promise<void> } {
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
    ...(metrics !== undefined && { metrics }),
    close: () => fetcher.close(),
  }
}
