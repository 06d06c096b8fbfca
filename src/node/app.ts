/**
 * The egress node's HTTP surface: fleet calls only, each signed with the fleet secret (DESIGN 1).
 * No handler here logs a target URL, host or body (SPEC 1.5, DESIGN 7).
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { LoggerOptions } from 'pino'
import type { Region } from '../shared/regions.ts'
import { answerClientError } from '../shared/client-errors.ts'
import type { Clock } from '../shared/clock.ts'
import { createRequestIds } from '../shared/ids.ts'
import { registerHttpMetrics } from '../shared/metrics.ts'
import {
  createNonceMemory,
  fetchJobLimits,
  fleetHeaders,
  fleetPaths,
  verifyFleetCall,
  type DrainRequest,
  type FetchJob,
  type HealthReport,
} from '../shared/fleet-contract.ts'
import { parseCookieJarState } from './fetching/cookie-jar.ts'
import { Cancellation, type Fetcher } from './fetching/fetcher.ts'
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
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer
  }
}

// A hop job carries its chain's cookie jar: at most 100 cookies of at most 4 KiB plus attributes each.
const maxJobBytes = 1024 * 1024

function parseJob(body: unknown): FetchJob | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { url, user_agent: userAgent, accept, response_headers: names, hop } = body as Record<string, unknown>
  if (typeof url !== 'string' || (userAgent !== null && typeof userAgent !== 'string')) return undefined
  const job: FetchJob = { url, user_agent: userAgent }
  // The internal fields (social API) are optional and bounded; the public fetch never sends them.
  if (accept !== undefined) {
    if (typeof accept !== 'string' || accept.length > fetchJobLimits.acceptLength) return undefined
    job.accept = accept
  }
  if (names !== undefined) {
    if (!Array.isArray(names) || names.length > fetchJobLimits.responseHeaders) return undefined
    const valid = names.filter((name): name is string => typeof name === 'string')
    if (valid.length !== names.length || !valid.every((name) => fetchJobLimits.headerName.test(name))) {
      return undefined
    }
    job.response_headers = valid
  }
  if (hop !== undefined) {
    // One hop of a chain the gateway drives (ADR 0010): where the chain stands, and its cookie jar.
    if (typeof hop !== 'object' || hop === null) return undefined
    const {
      redirects_so_far: redirects,
      elapsed_ms_so_far: elapsed,
      cookies,
    } = hop as Record<string, unknown>
    const jar = parseCookieJarState(cookies)
    if (!wholeCount(redirects) || !wholeCount(elapsed) || jar === undefined) return undefined
    job.hop = { redirects_so_far: redirects, elapsed_ms_so_far: elapsed, cookies: jar }
  }
  return job
}

function wholeCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

export function buildNode(deps: NodeAppDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.logger,
    bodyLimit: maxJobBytes,
    genReqId: createRequestIds(),
    clientErrorHandler: answerClientError,
  })
  const startedAt = new Date(deps.clock.now()).toISOString()
  let draining = false
  let inFlight = 0
  // Shutdown (app.close()): a job still running is answered, and its answer closes the connection; Node
  // would otherwise keep that keep-alive connection open, and close() wait for it. A job arriving on an
  // open connection meanwhile gets Fastify's 503, which the gateway takes as a node failure: it fails over.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  // Callback-style hooks: no promise per request on the fleet's hot path.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close')
    done(null, payload)
  })
  if (deps.metrics !== undefined) registerHttpMetrics(app, deps.metrics.http)

  // Keep the exact bytes: the signature covers the body digest.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer
    try {
      done(null, body.length === 0 ? undefined : JSON.parse(body.toString('utf8')))
    } catch {
      done(Object.assign(new Error('bad JSON'), { statusCode: 400 }), undefined)
    }
  })

  // A signed call is accepted once: the same call sent again within its window is a replay.
  const nonces = createNonceMemory()

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
    draining,
    in_flight: inFlight,
    started_at: startedAt,
  }))

  app.post(fleetPaths.drain, async (request, reply) => {
    const body = request.body as Partial<DrainRequest> | undefined
    if (typeof body?.draining !== 'boolean')
      return reply.code(400).send({ error: 'draining must be a boolean' })
    draining = body.draining
    request.log.info({ draining }, 'drain state changed by operator')
    return { device_id: deps.deviceId, draining }
  })

  app.post(fleetPaths.fetch, async (request, reply) => {
    const job = parseJob(request.body)
    if (job === undefined) return reply.code(400).send({ error: 'bad fetch job' })
    // The gateway gave up (its caller left, or its own time-out): stop fetching for nobody.
    const cancel = new Cancellation()
    const onClose = () => {
      if (!reply.raw.writableFinished) cancel.abort()
    }
    reply.raw.once('close', onClose)
    inFlight++
    try {
      const outcome = await deps.fetcher.fetch(job, cancel)
      const [kind, answer] =
        outcome.ok === true
          ? ['envelope', outcome.envelope]
          : outcome.ok === false
            ? ['refused', outcome.refusal]
            : ['redirect', outcome.redirect]
      const payload = JSON.stringify(answer)
      return reply.header(fleetHeaders.outcome, kind).type('application/json; charset=utf-8').send(payload)
    } finally {
      inFlight--
      reply.raw.off('close', onClose)
    }
  })

  return app
}
