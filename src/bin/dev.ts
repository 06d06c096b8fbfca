/**
 * `sallyport dev`, the embedded default (DESIGN 1): one gateway and one egress node per region on this
 * machine, each node sending from its own loopback address so a target sees a different address per region.
 * With `--workers N` above 1 (default: every core) N processes serve: a supervisor and the N - 1 workers it
 * forks, each the whole of it on the same ports (docs/adr/0025-dev-worker-count.md). The supervisor holds
 * the stores they share and the nodes' drain state (docs/adr/0015-embedded-stores-in-the-supervisor.md),
 * migrates the database once and prints the banner. It owns the gateway's port and serves the connections it
 * keeps with a gateway and nodes of its own, handing the others to its workers
 * (docs/adr/0024-dev-supervisor-serves-connections.md).
 */
import { randomBytes } from 'node:crypto'
import type { Registry } from 'prom-client'
import pino from 'pino'
import process from 'node:process'
import { parseArgs } from 'node:util'
import { loadDatabaseConfig } from '../config/database-config.ts'
import { devEnvironment, loadDevWorkers } from '../config/dev-config.ts'
import { sharedSecrets, workerEnvironment } from '../config/worker-env.ts'
import { loadGatewayConfig, type NodeEndpoint } from '../config/gateway-config.ts'
import { loadNodeConfig, type NodeConfig } from '../config/node-config.ts'
import { createEmbeddedStores, type EmbeddedStores } from '../gateway/rate-limits/limit-stores.ts'
import type { DrainSwitch } from '../node/app.ts'
import { loggerOptions } from '../shared/logger.ts'
import { describeDatabase } from '../infra/database/database.ts'
import { createMetricsRegistry } from '../shared/metrics.ts'
import { regions, type Region } from '../shared/regions.ts'
import { createNodeClient } from '../gateway/fleet/node-client.ts'
import { createNodeMetrics } from '../node/metrics.ts'
import { systemClock } from '../shared/clock.ts'
import { removeDevFleet, writeDevFleet } from './dev-fleet.ts'
import { migrateOnce } from './processes.ts'
import { assertCanListen } from './listen-error.ts'
import { inProcessNodeClient } from './in-process-node-client.ts'
import { closeOnSignals, startGateway, startNode, warnAboutAllowTargets } from './servers.ts'
import { drainHandlers, drainOfSupervisor } from './shared-drain.ts'
import { storeHandlers, storesOfSupervisor } from './shared-stores.ts'
import { onToldBySupervisor, supervisorCaller, tellWorkers, type Caller } from './supervisor-calls.ts'
import { shareConnections, type Here } from './connection-hand-off.ts'
import { isWorker, runWorkers } from './workers.ts'

export const devEgressAddresses = {
  'us-east': '127.0.0.11',
  'us-west': '127.0.0.12',
  europe: '127.0.0.13',
} as const

type DevArgs = { port?: string; host?: string; 'node-port-base'?: string; workers?: string }

/** The seams of the benchmark's bare fetch path (bench/bare-dev.ts): one process only. */
type DevSeams = Pick<NonNullable<Parameters<typeof startGateway>[1]>, 'authenticator' | 'adjust'>

/** What a dev worker tells its supervisor once it serves: what the banner shows. */
type DevReady = { url: string; nodes: { region: Region; url: string; publicIp: string; deviceId: string }[] }

export async function runDev(
  args: string[],
  /** For the benchmark's bare fetch path only (bench/bare-dev.ts); `sallyport dev` passes nothing. */
  seams: DevSeams = {},
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
  const count = loadDevWorkers(values.workers)
  if (count === 1) {
    await serveDev(values, seams)
    return
  }
  if (Object.keys(seams).length > 0) throw new Error('the bare fetch path runs one process: --workers 1')
  // The supervisor's own settings (data dir, log level, deadlines, operator listener); not its fleet secret.
  const config = devGatewayConfig(values, devEnvironment(randomSecret()))
  // The supervisor's logger, made in the supervisor only (a worker runs this function too).
  let made: pino.Logger | undefined
  const log = () => (made ??= pino(loggerOptions(config.logLevel, 'gateway')))
  // The gateway's port is the supervisor's: it serves connections itself and hands the others to the
  // workers (src/bin/connection-hand-off.ts, docs/adr/0024-dev-supervisor-serves-connections.md).
  const share = shareConnections({
    host: config.host,
    port: config.port,
    onError: (error) => log().error({ err: error }, 'the gateway port failed to accept a connection'),
  })
  let fleetSecret = ''
  let port = config.port
  let here: Omit<HereParts, 'nodeUrls'> | undefined
  let serving: Awaited<ReturnType<typeof serveDev>> | undefined
  let registry: Registry | undefined
  await runWorkers({
    kind: 'dev',
    count,
    supervisorServes: true,
    listensOn: [{ host: config.host, port: config.port }],
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    log,
    ...(config.operator !== undefined && { operator: config.operator, metricsHere: () => registry }),
    prepare: async () => {
      await migrateOnce(config)
      for (const port of devNodePorts(values)) await assertCanListen('127.0.0.1', port)
      ;({ port } = await share.listen())
      const secrets = sharedSecrets()
      // The one made up for the workers, else the one set in the environment (which `config` read).
      fleetSecret = secrets.SALLYPORT_FLEET_SECRET ?? config.fleetSecret
      const stores = createEmbeddedStores(config, systemClock)
      // A drain is told to the supervisor's own nodes as to every worker's.
      const toldHere: ((message: unknown) => void)[] = []
      const drains = drainHandlers((message) => {
        tellWorkers(message)
        for (const listener of toldHere) listener(message)
      })
      const callHere: Caller = (name, args) => drains[name]!(...(args as never[]))
      here = {
        env: devEnvironment(fleetSecret, workerEnvironment(secrets)),
        stores,
        drainFor: (deviceId) => drainOfSupervisor(deviceId, callHere, (listener) => toldHere.push(listener)),
      }
      // The workers take the port the supervisor got (`--port 0` included), for the links they mail.
      return { answer: { ...storeHandlers(stores), ...drains }, env: secrets, args: ['--port', String(port)] }
    },
    serve: async () => {
      const served = await serveDev(values, {})
      return served === undefined ? undefined : { url: served.url, nodes: served.nodes }
    },
    listening: (ready, operatorUrl) => {
      const { url, nodes } = ready as DevReady
      void (async () => {
        serving = await serveDev(
          { ...values, port: String(port) },
          {},
          { ...here!, nodeUrls: nodes.map((node) => node.url) },
        )
        registry = serving?.registry
        share.start(serving!.handed!)
        await writeDevFleet(config.dataDir, {
          pid: process.pid,
          fleetSecret,
          nodes: nodes.map(({ region, url }) => ({ region, url })),
        })
        printBanner({ url, nodes, operatorUrl, config, processes: count })
      })().catch((error: unknown) => {
        log().error({ err: error }, 'the supervisor could not serve: stopping')
        process.kill(process.pid, 'SIGTERM')
      })
    },
    workerServing: (worker) => share.add(worker),
    workerGone: (worker) => share.remove(worker),
    stopping: async () => {
      share.close()
      await serving?.close()
    },
    stopped: () => removeDevFleet(config.dataDir, process.pid),
  })
}

/** The three nodes' ports: from `--node-port-base` on, else 0 (free ones, the same in every worker). */
function devNodePorts(values: DevArgs): number[] {
  const base = Number(values['node-port-base'] ?? 0)
  return regions.map((_, index) => (base === 0 ? 0 : base + index))
}

function devGatewayConfig(values: DevArgs, env: NodeJS.ProcessEnv, nodes: NodeEndpoint[] = []) {
  return loadGatewayConfig(
    {
      nodes,
      ...(values.port !== undefined && { port: Number(values.port) }),
      ...(values.host !== undefined && { host: values.host }),
    },
    env,
  )
}

function devNodeConfig(region: Region, port: number, env: NodeJS.ProcessEnv): NodeConfig {
  return loadNodeConfig({ region, host: '127.0.0.1', port, egressAddress: devEgressAddresses[region] }, env)
}

/** What the supervisor serves with: the workers' settings, its stores and drains, its workers' nodes. */
type HereParts = {
  env: NodeJS.ProcessEnv
  stores: EmbeddedStores
  drainFor: (deviceId: string) => Promise<DrainSwitch>
  /** Where its workers' nodes listen: the supervisor's own nodes are called in process only. */
  nodeUrls: string[]
}

/**
 * The embedded default in this process: the whole of it, one worker of a supervisor, which serves the
 * connections the supervisor hands it with the supervisor's stores and leaves the banner and the fleet file
 * to it, or (`here`) the supervisor's own, which serves the connections it keeps with the stores it holds.
 */
async function serveDev(
  values: DevArgs,
  seams: DevSeams,
  here?: HereParts,
): Promise<
  | (DevReady & { handed: Here | undefined; registry: Registry | undefined; close(): Promise<void> })
  | undefined
> {
  const worker = isWorker()
  const alone = !worker && here === undefined
  const env = here?.env ?? devEnvironment(randomSecret())
  const nodePorts = devNodePorts(values)
  // With SALLYPORT_OPERATOR_PORT, one listener serves the whole process: the gateway's metrics and those of
  // the three nodes (added up), from one registry. The nodes get no listener of their own.
  const registry =
    loadNodeConfig({ region: 'us-east' }, env).operator === undefined ? undefined : createMetricsRegistry()
  const nodeMetrics = registry === undefined ? undefined : createNodeMetrics(registry)
  const call = worker ? supervisorCaller() : undefined
  const drainFor =
    here?.drainFor ??
    (call === undefined
      ? undefined
      : (deviceId: string) => drainOfSupervisor(deviceId, call, onToldBySupervisor))
  // One after another: node:cluster matches a worker's listens on one address and port (0 included) to
  // its supervisor's listening sockets by their order, so every worker's nodes share the same three ports.
  const nodes: Awaited<ReturnType<typeof startNode>>[] = []
  for (const [index, region] of regions.entries()) {
    nodes.push(
      await startNode(devNodeConfig(region, nodePorts[index] ?? 0, env), {
        ...(nodeMetrics !== undefined && { metrics: nodeMetrics }),
        ...(drainFor !== undefined && { drainFor }),
        ...(here !== undefined && { servedAt: here.nodeUrls[index]! }),
      }),
    )
  }
  if (alone) warnAboutAllowTargets(loadNodeConfig({ region: 'us-east' }, env).allowTargets)
  const endpoints: NodeEndpoint[] = nodes.map((node, index) => ({ region: regions[index]!, url: node.url }))
  const config = devGatewayConfig(values, env, endpoints)
  const nodesByUrl = new Map(nodes.map((node) => [node.url, node]))
  // If the gateway cannot start (its port is taken, say), the nodes stop too and the error reaches the CLI.
  const stopNodes = () => Promise.all(nodes.map((node) => node.close()))
  const embedded = here?.stores ?? (call === undefined ? undefined : storesOfSupervisor(call))
  const gateway = await startGateway(config, {
    ...seams,
    ...(registry !== undefined && { registry }),
    ...(embedded !== undefined && { embedded }),
    ...(!alone && { connections: 'handed' as const }),
    clientFor: (endpoint) =>
      inProcessNodeClient(
        createNodeClient({
          url: endpoint.url,
          fleetSecret: config.fleetSecret,
          clock: systemClock,
          jobTimeoutMs: config.nodeTimeoutMs,
        }),
        nodesByUrl.get(endpoint.url)!,
      ),
  }).catch(async (error: unknown) => {
    await stopNodes()
    throw error
  })
  const ready: DevReady = {
    url: gateway.url,
    nodes: nodes.map((node, index) => ({
      region: regions[index]!,
      url: node.url,
      publicIp: node.publicIp,
      deviceId: node.deviceId,
    })),
  }
  const close = async () => {
    await gateway.close()
    await stopNodes()
    if (alone) await removeDevFleet(config.dataDir, process.pid)
  }
  if (alone) {
    // For `sallyport admin drain-node` (dev-fleet.ts): the fleet secret and nodes dev made up.
    await writeDevFleet(config.dataDir, {
      pid: process.pid,
      fleetSecret: config.fleetSecret,
      nodes: endpoints,
    })
    printBanner({ ...ready, operatorUrl: gateway.operatorUrl, config, processes: 1 })
  }
  // The supervisor's own stops when its workers do (src/bin/workers.ts, `stopping`).
  if (here === undefined) closeOnSignals(close, config.shutdownTimeoutMs, gateway.app.log)
  return { ...ready, handed: gateway.handed, registry, close }
}

function randomSecret(): string {
  return randomBytes(32).toString('base64url')
}

function printBanner({
  url,
  nodes,
  operatorUrl,
  config,
  processes,
}: DevReady & {
  operatorUrl: string | undefined
  config: ReturnType<typeof loadGatewayConfig>
  /** The processes that serve: the supervisor and its workers. */
  processes: number
}): void {
  const lines = [
    '',
    `Sallyport is running (embedded default${processes === 1 ? '' : `, ${processes} processes`})`,
    `  dashboard    ${url}/dashboard   (sign up there; mail goes to the outbox below)`,
    `  API          ${url}/v2/proxy/fetch`,
    `  reference    ${url}/v2/docs`,
    `  data dir     ${config.dataDir}`,
    `  database     SQLite, ${describeDatabase(config)}`,
    ...(loadDatabaseConfig().databaseUrl === undefined
      ? []
      : [
          '               (SALLYPORT_DATABASE_URL is ignored: dev is the embedded default, always on SQLite)',
        ]),
    ...(operatorUrl === undefined ? [] : [`  metrics      ${operatorUrl}/metrics`]),
    `  mail         ${config.smtpUrl === undefined ? `${config.dataDir}/outbox (links are logged too)` : 'SMTP (SALLYPORT_SMTP_URL)'}`,
    ...nodes.map(
      (node) =>
        `  node ${node.region.padEnd(8)} ${node.url}  sends from ${node.publicIp}  (${node.deviceId})`,
    ),
    '',
    '  Or, without the dashboard:',
    '    npx sallyport admin create-account --email you@example.com',
    '    npx sallyport admin create-key --email you@example.com --name dev --scopes proxy,read',
    `    curl -s -X POST '${url}/v2/proxy/fetch?region=us-east' -H 'x-api-key: <key>' -H 'content-type: application/json' -d '{"url":"https://example.com/"}'`,
    '',
  ]
  process.stdout.write(lines.join('\n') + '\n')
}
