/** Starting and stopping the two kinds of server, shared by `node`, `gateway` and `dev`. */
import process from 'node:process'
import pino from 'pino'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Registry } from 'prom-client'
import type { OperatorListenerConfig } from '../config/operator-config.ts'
import type { GatewayConfig } from '../config/gateway-config.ts'
import type { NodeConfig } from '../config/node-config.ts'
import { startOperatorListener, type OperatorListener } from '../infra/metrics/operator-listener.ts'
import { shareWithSupervisor } from '../infra/metrics/cluster-metrics.ts'
import { loggerOptions } from '../shared/logger.ts'
import { isWorker, shutdownMessage } from './workers.ts'
import { createMetricsRegistry } from '../shared/metrics.ts'
import { buildNode, localDrain, type DrainSwitch } from '../node/app.ts'
import { createNodeDeps } from '../node/deps.ts'
import type { Fetcher } from '../node/fetching/fetcher.ts'
import type { NodeMetrics } from '../node/metrics.ts'
import { buildGateway, type GatewayDeps } from '../gateway/app.ts'
import { createGatewayDeps, type GatewayRuntime } from '../gateway/deps.ts'
import type { FleetOptions } from '../gateway/fleet/fleet.ts'
import type { Authenticator } from '../gateway/keys/principal.ts'
import type { EmbeddedStores } from '../gateway/rate-limits/limit-stores.ts'
import {
  servedConnections,
  takeHandedConnections,
  tellConnectionClosed,
  type Here,
} from './connection-hand-off.ts'

export type Running = {
  app: FastifyInstance
  url: string
  /** Where `/metrics` is served (`http://host:port`); undefined without an operator listener. */
  operatorUrl: string | undefined
  close(): Promise<void>
}

export function warnAboutAllowTargets(allowTargets: readonly string[]): void {
  if (allowTargets.length === 0) return
  pino(loggerOptions('warn', 'node')).warn(
    { allow_targets: allowTargets },
    'SALLYPORT_ALLOW_TARGETS exempts these ranges from the address policy: for tests and local development only, never in production',
  )
}

/**
 * The operator listener when one is configured; if it cannot listen, what was started is stopped first. A
 * worker opens none: its supervisor serves the port with every worker's metrics (src/bin/workers.ts).
 */
async function listenForOperator(
  operator: OperatorListenerConfig | undefined,
  registry: Registry | undefined,
  stopStarted: () => Promise<void>,
): Promise<OperatorListener | undefined> {
  if (operator === undefined || registry === undefined) return undefined
  if (isWorker()) {
    shareWithSupervisor(registry)
    return undefined
  }
  try {
    return await startOperatorListener({ ...operator, registry })
  } catch (error) {
    await stopStarted()
    throw error
  }
}

export async function startNode(
  config: NodeConfig,
  /**
   * `metrics`: count into these (the nodes of `sallyport dev`, served by the gateway's operator listener)
   * instead of a registry and operator listener of this node's own.
   */
  options: {
    metrics?: NodeMetrics
    /** The node's drain, when it is not this process's own (a worker's: src/bin/shared-drain.ts). */
    drainFor?: (deviceId: string) => Promise<DrainSwitch>
    /**
     * Where it is reached over HTTP when it listens on no port itself: a node of `sallyport dev`'s
     * supervisor, called in process only, whose port its workers' nodes serve.
     */
    servedAt?: string
  } = {},
): Promise<Running & { deviceId: string; publicIp: string; fetcher: Fetcher; drain: DrainSwitch }> {
  const deps = createNodeDeps(config, options.metrics === undefined ? {} : { metrics: options.metrics })
  const drain =
    (await options.drainFor?.(deps.deviceId).catch(async (error: unknown) => {
      await deps.close()
      throw error
    })) ?? localDrain()
  const app = buildNode({ ...deps, drain })
  if (options.servedAt !== undefined) await app.ready()
  else {
    await app.listen({ host: config.host, port: config.port }).catch(async (error: unknown) => {
      await app.close()
      await deps.close()
      throw error
    })
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  const operator = await listenForOperator(config.operator, deps.registry, async () => {
    await app.close()
    await deps.close()
  })
  return {
    app,
    url: options.servedAt ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`,
    operatorUrl: operator?.url,
    deviceId: deps.deviceId,
    fetcher: deps.fetcher,
    drain,
    publicIp: deps.publicIp,
    close: async () => {
      await app.close()
      await operator?.close()
      await deps.close()
    },
  }
}

export async function startGateway(
  config: GatewayConfig,
  seams: {
    authenticator?: Authenticator
    clientFor?: FleetOptions['clientFor']
    /** The process's registry when it serves more than this gateway's metrics (`sallyport dev`). */
    registry?: Registry
    /** Without Redis, in a worker: the supervisor's stores (src/bin/shared-stores.ts). */
    embedded?: EmbeddedStores
    /**
     * Changes what the app is built from. Only the benchmark's bare fetch path uses it (bench/bare-dev.ts),
     * to measure what authentication, limits and metering add; no command of the CLI passes it.
     */
    adjust?: (deps: GatewayDeps) => GatewayDeps
    /**
     * `handed`: listen on no port; serve the connections `serve` is given, or in a worker those its
     * supervisor hands over (src/bin/connection-hand-off.ts). The port is the supervisor's.
     */
    connections?: 'handed'
  } = {},
): Promise<Running & { runtime: GatewayRuntime; handed: Here | undefined }> {
  const { registry: given, adjust = (deps) => deps, connections, ...runtimeSeams } = seams
  const registry = config.operator === undefined ? undefined : (given ?? createMetricsRegistry())
  const runtime = createGatewayDeps(config, {
    ...runtimeSeams,
    ...(registry !== undefined && { registry }),
  })
  // The schema is brought up to date before anything is served (`sallyport migrate` does the same alone).
  await runtime.migrate()
  const app = buildGateway(adjust(runtime))
  const handed =
    connections === 'handed'
      ? servedConnections(app.server, isWorker() ? tellConnectionClosed : undefined)
      : undefined
  if (handed !== undefined) {
    // What closing the server does for the connections it accepted, for those it was given: after the
    // app's own preClose (every answer from then on closes its connection), the idle ones are closed and
    // the others waited for.
    app.addHook('preClose', async () => {
      app.server.closeIdleConnections()
      await handed.closed()
    })
  }
  await app.ready()
  await runtime.fleet.start()
  if (handed === undefined) {
    // A port in use must not leave the stores and the fleet's probes holding the process open.
    await app.listen({ host: config.host, port: config.port }).catch(async (error: unknown) => {
      await app.close()
      await runtime.close()
      throw error
    })
  } else if (isWorker()) {
    takeHandedConnections(handed.serve)
    app.log.info('serving the connections its supervisor hands over')
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.port
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
  runtime.setListeningUrl(url)
  // Handed its connections by this process, a gateway's metrics are served by this process's listener.
  const operator =
    handed !== undefined && !isWorker()
      ? undefined
      : await listenForOperator(config.operator, registry, async () => {
          await app.close()
          await runtime.close()
        })
  return {
    app,
    runtime,
    url,
    handed,
    operatorUrl: operator?.url,
    close: async () => {
      await app.close()
      await operator?.close()
      await runtime.close()
    },
  }
}

export type ShutdownLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>

/**
 * Stop on SIGINT/SIGTERM (docs/deploy.md, "Faults and shutdown"). `close` stops accepting connections
 * (/readyz answers 503 `draining` on those still open), lets the requests in flight finish, closes idle
 * keep-alive connections, then the stores. Exit 0 once it is done; exit 1 if it fails or is not done within
 * `deadlineMs` (SALLYPORT_SHUTDOWN_TIMEOUT_MS), or at once on a second signal. A worker of a supervisor
 * (src/bin/workers.ts) does the same when the supervisor asks.
 */
export function closeOnSignals(close: () => Promise<void>, deadlineMs: number, log: ShutdownLog): void {
  let closing = false
  const stop = (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn({ signal }, 'a second signal during shutdown: exiting now')
      process.exit(1)
    }
    closing = true
    log.info({ signal, deadline_ms: deadlineMs }, 'shutting down: the requests in flight may finish')
    // Not unref'd: if `close` waited on something that holds no handle, the process must not exit 0 early.
    setTimeout(() => {
      log.error({ deadline_ms: deadlineMs }, 'shutdown did not finish within the deadline: exiting')
      process.exit(1)
    }, deadlineMs)
    close().then(
      () => {
        log.info('shut down')
        process.exit(0)
      },
      (error: unknown) => {
        log.error({ err: error, signal }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // A worker's supervisor asks by message (src/bin/workers.ts): after a terminal's Ctrl-C the worker has
  // the SIGINT already, and the request must not count as the second signal that exits at once.
  if (isWorker()) {
    process.on('message', (message) => {
      if (message === shutdownMessage && !closing) stop('SIGTERM')
    })
  }
}
