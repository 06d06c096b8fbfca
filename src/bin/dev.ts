/**
 * `sallyport dev`, the embedded default (DESIGN 1): one gateway and one egress node per region on this
 * machine, each node sending from its own loopback address so a target sees a different address per region.
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { loadDatabaseConfig } from '../config/database-config.ts'
import { devEnvironment } from '../config/dev-config.ts'
import { ConfigError } from '../config/env-parsing.ts'
import { loadGatewayConfig, type NodeEndpoint } from '../config/gateway-config.ts'
import { loadNodeConfig } from '../config/node-config.ts'
import { describeDatabase } from '../infra/database/database.ts'
import { createMetricsRegistry } from '../shared/metrics.ts'
import { regions } from '../shared/regions.ts'
import { createNodeClient } from '../gateway/fleet/node-client.ts'
import { createNodeMetrics } from '../node/metrics.ts'
import { systemClock } from '../shared/clock.ts'
import { removeDevFleet, writeDevFleet } from './dev-fleet.ts'
import { inProcessNodeClient } from './in-process-node-client.ts'
import { closeOnSignals, startGateway, startNode, warnAboutAllowTargets } from './servers.ts'

export const devEgressAddresses = {
  'us-east': '127.0.0.11',
  'us-west': '127.0.0.12',
  europe: '127.0.0.13',
} as const

export async function runDev(
  args: string[],
  /** For the benchmark's bare fetch path only (bench/bare-dev.ts); `sallyport dev` passes nothing. */
  seams: Pick<NonNullable<Parameters<typeof startGateway>[1]>, 'authenticator' | 'adjust'> = {},
): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'node-port-base': { type: 'string' },
      workers: { type: 'string' },
    },
    strict: true,
  })
  // docs/adr/0009-workers.md: dev's counters, trial grants and idempotency records live in this process, so
  // workers could not share them. SALLYPORT_WORKERS (meant for gateway and node) is ignored here.
  if (values.workers !== undefined && values.workers !== '1') {
    throw new ConfigError(
      'sallyport dev runs one process: its rate limits, trial counters and idempotency records live in ' +
        'memory and workers could not share them. For more cores, run `sallyport gateway --workers N` ' +
        '(with SALLYPORT_REDIS_URL) and `sallyport node --workers N` (docs/deploy.md)',
    )
  }
  const fleetSecret = randomBytes(32).toString('base64url')
  const env = devEnvironment(fleetSecret)
  const nodePortBase = Number(values['node-port-base'] ?? 0)
  // With SALLYPORT_OPERATOR_PORT, one listener serves the whole process: the gateway's metrics and those of
  // the three nodes (added up), from one registry. The nodes get no listener of their own.
  const registry =
    loadNodeConfig({ region: 'us-east' }, env).operator === undefined ? undefined : createMetricsRegistry()
  const nodeMetrics = registry === undefined ? undefined : createNodeMetrics(registry)
  const nodes = await Promise.all(
    regions.map((region, index) =>
      startNode(
        loadNodeConfig(
          {
            region,
            host: '127.0.0.1',
            port: nodePortBase === 0 ? 0 : nodePortBase + index,
            egressAddress: devEgressAddresses[region],
          },
          env,
        ),
        nodeMetrics === undefined ? {} : { metrics: nodeMetrics },
      ),
    ),
  )
  warnAboutAllowTargets(loadNodeConfig({ region: 'us-east' }, env).allowTargets)
  const endpoints: NodeEndpoint[] = nodes.map((node, index) => ({ region: regions[index]!, url: node.url }))
  const config = loadGatewayConfig(
    {
      nodes: endpoints,
      ...(values.port !== undefined && { port: Number(values.port) }),
      ...(values.host !== undefined && { host: values.host }),
    },
    env,
  )
  const fetchers = new Map(nodes.map((node) => [node.url, node.fetcher]))
  // If the gateway cannot start (its port is taken, say), the nodes stop too and the error reaches the CLI.
  const stopNodes = () => Promise.all(nodes.map((node) => node.close()))
  const gateway = await startGateway(config, {
    ...seams,
    ...(registry !== undefined && { registry }),
    clientFor: (endpoint) =>
      inProcessNodeClient(
        createNodeClient({
          url: endpoint.url,
          fleetSecret: config.fleetSecret,
          clock: systemClock,
          jobTimeoutMs: config.nodeTimeoutMs,
        }),
        fetchers.get(endpoint.url)!,
      ),
  }).catch(async (error: unknown) => {
    await stopNodes()
    throw error
  })
  // For `sallyport admin drain-node` (dev-fleet.ts): the fleet secret and nodes dev made up.
  await writeDevFleet(config.dataDir, { pid: process.pid, fleetSecret: config.fleetSecret, nodes: endpoints })

  const lines = [
    '',
    'Sallyport is running (embedded default)',
    `  dashboard    ${gateway.url}/dashboard   (sign up there; mail goes to the outbox below)`,
    `  API          ${gateway.url}/v2/proxy/fetch`,
    `  reference    ${gateway.url}/v2/docs`,
    `  data dir     ${config.dataDir}`,
    `  database     SQLite, ${describeDatabase(config)}`,
    ...(loadDatabaseConfig().databaseUrl === undefined
      ? []
      : [
          '               (SALLYPORT_DATABASE_URL is ignored: dev is the embedded default, always on SQLite)',
        ]),
    ...(gateway.operatorUrl === undefined ? [] : [`  metrics      ${gateway.operatorUrl}/metrics`]),
    `  mail         ${config.smtpUrl === undefined ? `${config.dataDir}/outbox (links are logged too)` : 'SMTP (SALLYPORT_SMTP_URL)'}`,
    ...nodes.map(
      (node, index) =>
        `  node ${regions[index]!.padEnd(8)} ${node.url}  sends from ${node.publicIp}  (${node.deviceId})`,
    ),
    '',
    '  Or, without the dashboard:',
    '    npx sallyport admin create-account --email you@example.com',
    '    npx sallyport admin create-key --email you@example.com --name dev --scopes proxy,read',
    `    curl -s -X POST '${gateway.url}/v2/proxy/fetch?region=us-east' -H 'x-api-key: <key>' -H 'content-type: application/json' -d '{"url":"https://example.com/"}'`,
    '',
  ]
  process.stdout.write(lines.join('\n') + '\n')
  closeOnSignals(
    async () => {
      await gateway.close()
      await stopNodes()
      await removeDevFleet(config.dataDir, process.pid)
    },
    config.shutdownTimeoutMs,
    gateway.app.log,
  )
}
