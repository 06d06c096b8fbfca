/** `sallyport admin ...`: operator commands. Each prints what it did. */
import { parseArgs } from 'node:util'
import { ConfigError } from '../config/env-parsing.ts'
import { loadGatewayConfig } from '../config/gateway-config.ts'
import { systemClock } from '../shared/clock.ts'
import { isRegion } from '../shared/regions.ts'
import { createNodeClient } from '../gateway/fleet/node-client.ts'
import { createAccount, createKey } from './account-admin.ts'
import { setLimits } from './limits-admin.ts'
import { setPlan, usageReport } from './billing-admin.ts'

/**
 * Drain state lives on the node itself and every gateway reads it with its next health probe, so one
 * command reaches the whole fleet without shared storage. A restarted node comes back in service.
 */
async function drainNode(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      node: { type: 'string' },
      region: { type: 'string' },
      undo: { type: 'boolean', default: false },
    },
    strict: true,
  })
  const target = values.node ?? values.region
  if (target === undefined || (values.node !== undefined && values.region !== undefined)) {
    throw new ConfigError('drain-node takes --node DEVICE_ID|URL or --region REGION')
  }
  if (values.region !== undefined && !isRegion(values.region))
    throw new ConfigError(`unknown region ${values.region}`)
  const config = loadGatewayConfig({ port: 0 })
  let matched = 0
  for (const endpoint of config.nodes) {
    const client = createNodeClient({
      url: endpoint.url,
      fleetSecret: config.fleetSecret,
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

export async function runAdmin(args: string[]): Promise<void> {
  const [command, ...rest] = args
  switch (command) {
    case 'drain-node':
      return drainNode(rest)
    case 'create-account':
      return createAccount(rest)
    case 'create-key':
      return createKey(rest)
    case 'set-limits':
      return setLimits(rest)
    case 'set-plan':
      return setPlan(rest)
    case 'usage-report':
      return usageReport(rest)
    default:
      throw new ConfigError(
        `unknown admin command ${JSON.stringify(command ?? '')}; known: drain-node, create-account, create-key, set-limits, set-plan, usage-report`,
      )
  }
}
