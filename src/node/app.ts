/**
 * The egress node's HTTP surface: fleet calls only, each signed with the fleet secret (DESIGN 1).
 * No handler here logs a target URL, host or body (SPEC 1.5, DESIGN 7). The fetch route is served by
 * node:http before Fastify sees the request (fleet-fetch-route.ts, ADR 0013); Fastify serves the rest.
 */
import { createServer } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { LoggerOptions } from 'pino'
import type { Region } from '../shared/regions.ts'
import { answerClientError } from '../shared/client-errors.ts'
import type { Clock } from '../shared/clock.ts'
import { createRequestIds } from '../shared/ids.ts'
import { OneLinePerRequest } from '../shared/logger.ts'
import { registerHttpMetrics } from '../shared/metrics.ts'
import {
  createNonceMemory,
  fleetPaths,
  verifyFleetCall,
  type DrainRequest,
  type HealthReport,
} from '../shared/fleet-contract.ts'
import type { Fetcher } from './fetching/fetcher.ts'
import {
  createFleetFetchRoute,
  isFleetFetch,
  maxJobBytes,
  type FleetFetchState,
} from './fleet-fetch-route.ts'
import { createFleetLinks } from './fleet-links.ts'
import type { NodeMetrics } from './metrics.ts'

export type NodeAppDeps = {
  region: Region
  deviceId: string
  publicIp: string
  fleetSecret: string
  fetcher: Fetcher
  clock: Clock
  logger: LoggerOptions | false
  /** Counts the fleet calls (the fetcher is counted by whoever built it: deps.ts). */
  metrics?: NodeMetrics
  /** The operator's drain; default: this process's own (a worker's is its supervisor's: src/bin/shared-drain.ts). */
  drain?: DrainSwitch
}

/** Whether the operator took this node out of service (`sallyport admin drain-node`). */
export type DrainSwitch = {
  /** The state as this process knows it now: read by every job, so never a call. */
  readonly draining: boolean
  /**
   * The state as the operator last set it, for the health report: with workers, another worker's change
   * reaches this one a moment after that change's call is answered, and a probe sent right after the
   * answer must not read the state before it.
   */
  read(): Promise<boolean>
  set(draining: boolean): Promise<void>
}

export function localDrain(): DrainSwitch {
  let draining = false
  return {
    get draining() {
      return draining
    },
    read: async () => draining,
    set: async (value) => {
      draining = value
    },
  }
}

/** Fastify's defaults, set on the server made here as Fastify sets them on its own. */
const serverTimeouts = { keepAliveTimeout: 72_000, requestTimeout: 0, connectionTimeout: 0 }

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer
  }
}

export function buildNode(deps: NodeAppDeps): FastifyInstance {
  const state: FleetFetchState = { inFlight: 0, closing: false }
  // A signed call is accepted once: the same call sent again within its window is a replay.
  const nonces = createNonceMemory()
  const app = Fastify({
    logger: deps.logger,
    // One line a request at info instead of Fastify's two.
    logController: new OneLinePerRequest(),
    bodyLimit: maxJobBytes,
    genReqId: createRequestIds(),
    clientErrorHandler: answerClientError,
    ...serverTimeouts,
    // The server Fastify would make, with the fetch route in front of Fastify's own handler.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, (req, res) => {
        // Requests come once the app listens, after fleetFetch is made below.
        if (isFleetFetch(req)) fleetFetch(req, res)
        else handler(req, res)
      })
      // A gateway's fleet link (ADR 0016); created once the app listens, after fleetLinks below.
      server.on('upgrade', (req, socket, head) => fleetLinks.accept(req, socket, head))
      server.keepAliveTimeout = serverTimeouts.keepAliveTimeout
      server.requestTimeout = serverTimeouts.requestTimeout
      server.setTimeout(serverTimeouts.connectionTimeout)
      return server
    },
  })
  const startedAt = new Date(deps.clock.now()).toISOString()
  const drain = deps.drain ?? localDrain()
  // Shutdown (app.close()): a job still running is answered, and its answer closes the connection; Node
  // would otherwise keep that keep-alive connection open, and close() wait for it. A job arriving on an
  // open connection meanwhile gets a 503, which the gateway takes as a node failure: it fails over.
  // A fleet link ends once its running jobs are answered; a job sent on it meanwhile is answered `failed`.
  app.addHook('preClose', async () => {
    state.closing = true
    fleetLinks.closeAll()
  })
  // Callback-style hooks: no promise per request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (state.closing) void reply.header('connection', 'close')
    done(null, payload)
  })
  if (deps.metrics !== undefined) registerHttpMetrics(app, deps.metrics.http)
  const fleetCalls = {
    fleetSecret: deps.fleetSecret,
    fetcher: deps.fetcher,
    clock: deps.clock,
    nonces,
    state,
    drain,
    log: app.log,
    nextRequestId: createRequestIds(),
    metrics: deps.metrics?.http,
  }
  const fleetFetch = createFleetFetchRoute(fleetCalls)
  const fleetLinks = createFleetLinks(fleetCalls)

  // Keep the exact bytes: the signature covers the body digest.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer
    try {
      done(null, body.length === 0 ? undefined : JSON.parse(body.toString('utf8')))
    } catch {
      done(Object.assign(new Error('bad JSON'), { statusCode: 400 }), undefined)
    }
  })

  function signed(request: FastifyRequest): boolean {
    const path = request.url
    const check = verifyFleetCall(
      deps.fleetSecret,
      request.method,
      path,
      request.rawBody ?? '',
      request.headers,
      deps.clock.now(),
      nonces,
    )
    return check.ok
  }

  app.addHook('preHandler', (request, reply, done) => {
    if (request.url === '/healthz' || signed(request)) return done()
    void reply.code(401).send({ error: 'unsigned or expired fleet call' })
  })

  app.get('/healthz', async () => ({ status: 'ok' }))

  // Probed by every gateway every couple of seconds: its request lines would drown the log at info.
  app.get(fleetPaths.health, { logLevel: 'warn' }, async (): Promise<HealthReport> => ({
    device_id: deps.deviceId,
    region: deps.region,
    public_ip: deps.publicIp,
    draining: await drain.read(),
    in_flight: state.inFlight,
    started_at: startedAt,
  }))

  app.post(fleetPaths.drain, async (request, reply) => {
    const body = request.body as Partial<DrainRequest> | undefined
    if (typeof body?.draining !== 'boolean')
      return reply.code(400).send({ error: 'draining must be a boolean' })
    await drain.set(body.draining)
    request.log.info({ draining: body.draining }, 'drain state changed by operator')
    return { device_id: deps.deviceId, draining: body.draining }
  })

  return app
}
