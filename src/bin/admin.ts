/** `sallyport admin drain-node`: take egress nodes out of service, or back in. */
import process from 'node:process'
import { ConfigError } from '../config/env-parsing.ts'
import { loadDatabaseConfig } from '../config/database-config.ts'
import { loadGatewayConfig, type GatewayConfig } from '../config/gateway-config.ts'
import { systemClock } from '../shared/clock.ts'
import type { Region } from '../shared/regions.ts'
import { createNodeClient } from '../gateway/fleet/node-client.ts'
import { readDevFleet } from './dev-fleet.ts'

/**
 * The fleet to reach: SALLYPORT_NODES and SALLYPORT_FLEET_SECRET when set; otherwise the nodes of the
 * `sallyport dev` running on this data dir (it writes them there: dev-fleet.ts).
 */
async function fleetToReach(): Promise<Pick<GatewayConfig, 'nodes' | 'fleetSecret'>> {
  let fromEnvironment: GatewayConfig | undefined
  let refusal: unknown
  try {
    fromEnvironment = loadGatewayConfig({ port: 0 })
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    refusal = error
  }
  if (fromEnvironment !== undefined && fromEnvironment.nodes.length > 0) return fromEnvironment
  const { dataDir } = loadDatabaseConfig()
  const dev = await readDevFleet(dataDir)
  if (dev !== undefined) return dev
  throw new ConfigError(
    `no fleet to reach: set SALLYPORT_NODES and SALLYPORT_FLEET_SECRET, or start sallyport dev on this data dir (${dataDir})` +
      (refusal instanceof Error ? ` (${refusal.message})` : ''),
  )
}

/**
 * Drain state lives on the node itself and every gateway reads it with its next health probe, so one
 * command reaches the whole fleet without shared storage. A restarted node comes back in service.
 */
export async function drainNode(values: { node?: string; region?: Region; undo: boolean }): Promise<void> {
  const target = values.node ?? values.region
  if (target === undefined || (values.node !== undefined && values.region !== undefined)) {
    throw new ConfigError('drain-node takes --node DEVICE_ID|URL or --region REGION, one of the two')
  }
  const fleet = await fleetToReach()
  let matched = 0
  for (const endpoint of fleet.nodes) {
    const client = createNodeClient({
      url: endpoint.url,
      fleetSecret: fleet.fleetSecret,
      clock: systemClock,
      jobTimeoutMs: 5_000,
    })
    try {
      const report = await client.health(5_000)
      const hit =
        values.region !== undefined
          ? endpoint.region === values.region
          : report.device_id === target || endpoint.url === target
      if (!hit) continue
      matched++
      const after = await client.setDraining(!values.undo, 5_000)
      console.log(
        `${after.device_id} (${after.region}, ${endpoint.url}): ${after.draining ? 'drained' : 'back in service'}`,
      )
    } catch (error) {
      console.error(`${endpoint.url}: not reachable (${(error as Error).message})`)
    } finally {
      await client.close()
    }
  }
  if (matched === 0) {
    console.error(`no node matched ${target}`)
    process.exitCode = 1
  }
}
