/**
 * `sallyport gateway` and `sallyport node`: one production process each, or a supervisor and
 * `--workers N` / SALLYPORT_WORKERS workers sharing its port (src/bin/workers.ts).
 */
import { ConfigError } from '../config/env-parsing.ts'
import { loadGatewayConfig, loadGatewayWorkers, type GatewayConfig } from '../config/gateway-config.ts'
import { loadNodeConfig, loadNodeWorkers, type NodeConfig } from '../config/node-config.ts'
import { sharedSecrets } from '../config/worker-env.ts'
import pino from 'pino'
import { openDatabase } from '../infra/database/database.ts'
import { migrateToLatest } from '../infra/database/migrator.ts'
import { loggerOptions } from '../shared/logger.ts'
import { closeOnSignals, startGateway, startNode, warnAboutAllowTargets } from './servers.ts'
import type { FastifyBaseLogger } from 'fastify'
import { createEmbeddedStores } from '../gateway/rate-limits/limit-stores.ts'
import { systemClock } from '../shared/clock.ts'
import { drainHandlers, drainOfSupervisor } from './shared-drain.ts'
import { storeHandlers, storesOfSupervisor } from './shared-stores.ts'
import { onToldBySupervisor, supervisorCaller, tellWorkers } from './supervisor-calls.ts'
import { isWorker, runWorkers } from './workers.ts'

/** Where the operator listener serves `/metrics`, for the "listening" line. */
function metricsUrl(operatorUrl: string | undefined): { metrics_url?: string } {
  return operatorUrl === undefined ? {} : { metrics_url: `${operatorUrl}/metrics` }
}

export type NodeOptions = {
  region?: string
  host?: string
  port?: number
  egressAddress?: string
  publicIp?: string
  deviceId?: string
  /** --workers: the supervisor's worker count; default SALLYPORT_WORKERS, else every core. */
  workers?: string
}

export async function runNode(values: NodeOptions): Promise<void> {
  const config = loadNodeConfig({
    ...(values.region !== undefined && { region: values.region }),
    ...(values.host !== undefined && { host: values.host }),
    ...(values.port !== undefined && { port: values.port }),
    ...(values.egressAddress !== undefined && { egressAddress: values.egressAddress }),
    ...(values.publicIp !== undefined && { publicIp: values.publicIp }),
    ...(values.deviceId !== undefined && { deviceId: values.deviceId }),
  })
  await runWorkers({
    kind: 'node',
    count: loadNodeWorkers(values.workers),
    listensOn: [{ host: config.host, port: config.port }],
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    log: () => pino(loggerOptions(config.logLevel, 'node')),
    ...(config.operator !== undefined && { operator: config.operator }),
    // `admin drain-node` reaches one worker, a gateway's probe any: the drain is the supervisor's (ADR 0015).
    prepare: async () => ({ answer: drainHandlers(tellWorkers) }),
    serve: () => serveNode(config),
  })
}

async function serveNode(config: NodeConfig): Promise<void> {
  warnAboutAllowTargets(config.allowTargets)
  const node = await startNode(
    config,
    isWorker()
      ? { drainFor: (deviceId) => drainOfSupervisor(deviceId, supervisorCaller(), onToldBySupervisor) }
      : {},
  )
  node.app.log.info(
    {
      url: node.url,
      region: config.region,
      device_id: node.deviceId,
      public_ip: node.publicIp,
      ...metricsUrl(node.operatorUrl),
    },
    'egress node listening',
  )
  closeOnSignals(() => node.close(), config.shutdownTimeoutMs, node.app.log)
}

export async function runGateway(values: { host?: string; port?: number; workers?: string }): Promise<void> {
  const config = loadGatewayConfig({
    ...(values.host !== undefined && { host: values.host }),
    ...(values.port !== undefined && { port: values.port }),
  })
  if (config.nodes.length === 0) throw new ConfigError('SALLYPORT_NODES names no egress node: region=url,...')
  await runWorkers({
    kind: 'gateway',
    count: loadGatewayWorkers(values.workers),
    listensOn: [{ host: config.host, port: config.port }],
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    log: () => pino(loggerOptions(config.logLevel, 'gateway')),
    ...(config.operator !== undefined && { operator: config.operator }),
    // Once, before the workers: each would otherwise migrate at start-up, all at the same moment.
    prepare: async () => {
      await migrateOnce(config)
      const log = pino(loggerOptions(config.logLevel, 'gateway'))
      if (!config.social.cursorSecretSet) warnAboutCursorSecret(log)
      return {
        // Without Redis the stores are the supervisor's, one for every worker (ADR 0015).
        ...(config.redisUrl === undefined && {
          answer: storeHandlers(createEmbeddedStores(config, systemClock)),
        }),
        env: sharedSecrets(),
      }
    },
    serve: () => serveGateway(config),
  })
}

/**
 * The schema brought up to date by a supervisor, once, before its workers start: each would otherwise
 * migrate at start-up, all at the same moment.
 */
export async function migrateOnce(config: Parameters<typeof openDatabase>[0]): Promise<void> {
  const db = openDatabase(config)
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
}

function warnAboutCursorSecret(log: Pick<FastifyBaseLogger, 'warn'>): void {
  // Not refused: one gateway works with a secret of its own. Behind a load balancer it must be shared.
  log.warn(
    'SALLYPORT_CURSOR_SECRET is not set: social API page cursors are signed with a random secret of this ' +
      'process, so a cursor fails (422 invalid_request) on every other gateway and after a restart. Set the ' +
      'same 32+ characters on every gateway',
  )
}

async function serveGateway(config: GatewayConfig): Promise<void> {
  const gateway = await startGateway(
    config,
    isWorker() && config.redisUrl === undefined ? { embedded: storesOfSupervisor(supervisorCaller()) } : {},
  )
  if (config.publicBaseUrl === undefined) {
    gateway.app.log.warn(
      { url: gateway.url },
      'SALLYPORT_PUBLIC_URL is not set: mailed links point at this listening address and the session cookie is not Secure',
    )
  }
  // With workers the supervisor made one up for all of them, and said so (`prepare` above).
  if (!config.social.cursorSecretSet) warnAboutCursorSecret(gateway.app.log)
  gateway.app.log.info(
    { url: gateway.url, nodes: config.nodes.length, ...metricsUrl(gateway.operatorUrl) },
    'gateway listening',
  )
  closeOnSignals(() => gateway.close(), config.shutdownTimeoutMs, gateway.app.log)
}
