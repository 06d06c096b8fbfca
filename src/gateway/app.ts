/**
 * buildGateway(deps): the gateway's Fastify app with no I/O of its own, so tests drive it with inject()
 * and every process entry wires the same thing.
 */
import { createServer, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify, { type FastifyInstance } from 'fastify'
import type { LoggerOptions } from 'pino'
import { OneLinePerRequest } from '../shared/logger.ts'
import { answerClientError } from '../shared/client-errors.ts'
import type { Clock } from '../shared/clock.ts'
import { createRequestIds } from '../shared/ids.ts'
import { registerHttpMetrics } from '../shared/metrics.ts'
import type { PlanCatalog } from './billing/plans.ts'
import type { StandingService } from './billing/standing.ts'
import { createFetchService } from './fetching/fetch-service.ts'
import { registerDashboard } from './dashboard/dashboard.ts'
import type { DashboardSettings } from './dashboard/pages/page.ts'
import type { Fleet } from './fleet/fleet.ts'
import type { FetchDispatcher } from './fleet/fetch-dispatcher.ts'
import { registerAuth } from './http/plugins/auth.ts'
import type { Authenticator } from './keys/principal.ts'
import { createPlaygroundPasses } from './http/plugins/playground-pass.ts'
import { playgroundSchemas, registerPlaygroundFetch } from './http/routes/playground/playground-fetch.ts'
import { publicStatusSchemas, registerPublicStatus } from './http/routes/status/get-status.ts'
import { createStatusHistory } from './status/status-history.ts'
import type { AccountArea } from './http/routes/account/account-area.ts'
import { accountSchemas, registerAccountArea } from './http/routes/account/register.ts'
import type { BillingArea } from './http/routes/billing/billing-area.ts'
import { billingSchemas, registerBillingArea, registerListPlans } from './http/routes/billing/register.ts'
import { handleFrameworkError, registerErrorHandling } from './http/plugins/errors.ts'
import { registerOpenApi } from './http/plugins/openapi.ts'
import { registerRateLimits } from './http/plugins/rate-limit.ts'
import { registerDocsRoutes } from './http/routes/docs/docs.ts'
import { registerFetchRoute, EnvelopeSchema } from './http/routes/proxy/fetch.ts'
import { createDirectFetchRoute } from './http/routes/proxy/fetch-direct.ts'
import { registerRegionsRoute, regionSchemas } from './http/routes/proxy/regions.ts'
import { registerStatusRoute, statusSchemas } from './http/routes/proxy/status.ts'
import { registerSocialRoutes, socialSchemas } from './http/routes/social/register.ts'
import { registerHealthRoutes, type ReadinessCheck } from './http/routes/system/health.ts'
import { registerUserAgentsRoute, userAgentSchemas } from './http/routes/user-agents/list-user-agents.ts'
import { registerSerpRoutes } from './http/routes/withdrawn/serp.ts'
import { ProblemSchema, RegionSchema } from './http/schemas.ts'
import type { IdempotencyStore } from './idempotency/idempotency-store.ts'
import type { MeteringService } from './metering/metering-service.ts'
import type { GatewayMetrics } from './metrics/gateway-metrics.ts'
import type { RateLimitDeps } from './rate-limits/account-limits.ts'
import { createRateLimiter } from './rate-limits/rate-limiter.ts'
import type { SocialService } from './social/social-service.ts'

/**
 * Everything the app is built from, complete: the composition root of each process makes it (deps.ts for
 * the gateway, test/helpers/memory-gateway-deps.ts for the tests); the app makes nothing of its own and
 * closes nothing it was given.
 */
export type GatewayDeps = {
  fleet: Fleet
  dispatcher: FetchDispatcher
  authenticator: Authenticator
  readiness: readonly ReadinessCheck[]
  logger: LoggerOptions | false
  /** Accounts, sessions and keys (DESIGN 4); null: those routes are not served. */
  account: AccountArea | null
  /** Usage and the spending cap of the dashboard (docs/billing.md); null, or without `account`: not served. */
  billing: BillingArea | null
  /** The plans of GET /v2/plans. */
  catalog: PlanCatalog
  /** Counts each returned fetch envelope per account and day (DESIGN 7), from its dispatch on. */
  metering: Pick<MeteringService, 'reserve'>
  /** The beta social API (SPEC 1.6). */
  social: SocialService
  /** Rate limits, the in-flight cap and the trial allowance (DESIGN 6). */
  rateLimits: RateLimitDeps
  /** Idempotent fetches (SPEC 3). */
  idempotency: IdempotencyStore
  /** Asked before every fetch: trial days and spending cap. */
  standing: StandingService
  /** The longest one fetch may run, fail-over included (config `fetchDeadlineMs`). */
  fetchDeadlineMs: number
  clock: Clock
  /** Prometheus metrics, served by the operator listener (docs/operations.md); a set on a registry of its own when not served. */
  metrics: GatewayMetrics
  /** On close, how long to keep serving (and accepting) while /readyz says `draining`. */
  shutdownDelayMs: number
  /** What the dashboard's pages say about this deployment: the billing contact, where mail goes. */
  dashboard: DashboardSettings
  /** Load balancers whose X-Forwarded-For names the client (SALLYPORT_TRUSTED_PROXIES); empty: none. */
  trustedProxies: readonly string[]
}

/** What Fastify's options hold for its server, its defaults filled in, when it calls serverFactory. */
type ServerTimeouts = {
  keepAliveTimeout: number
  requestTimeout: number
  connectionTimeout: number
  maxRequestsPerSocket: number
}

/** DESIGN 2: request bodies over 16 KiB get 413 `payload_too_large`. */
export const bodyLimit = 16 * 1024

export function buildGateway(deps: GatewayDeps): FastifyInstance {
  const nextRequestId = createRequestIds()
  // Fastify's own request handler, given to serverFactory while Fastify() runs.
  let fastifyHandler: (req: IncomingMessage, res: ServerResponse) => void = () => undefined
  const app = Fastify({
    logger: deps.logger,
    // One line a request at info instead of Fastify's two.
    logController: new OneLinePerRequest(),
    bodyLimit,
    genReqId: () => nextRequestId(),
    // While closing, a request that still arrives on an open keep-alive connection is served (its answer
    // says `Connection: close`) rather than refused: it may be a POST its client cannot safely resend.
    return503OnClosing: false,
    ajv: {
      // Strict validation: an unknown field is refused, never silently dropped or coerced (DESIGN 3).
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false },
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
    // request.ip is the TCP peer unless that peer is a trusted load balancer (docs/security.md).
    trustProxy: deps.trustedProxies.length > 0 ? [...deps.trustedProxies] : false,
    clientErrorHandler: answerClientError,
    // The server Fastify would make, with the public fetch route in front of Fastify's own handler
    // (docs/adr/0019-public-fetch-route-on-node-http.md).
    serverFactory: (handler, factoryOptions) => {
      // Fastify has filled in its defaults by now.
      const options = factoryOptions as ServerTimeouts & { http?: ServerOptions }
      // serveRequest is made below, once the app's parts exist; requests arrive once the app listens.
      const server = createServer(options.http ?? {}, (req, res) => serveRequest(req, res))
      fastifyHandler = handler
      server.keepAliveTimeout = options.keepAliveTimeout
      server.requestTimeout = options.requestTimeout
      server.setTimeout(options.connectionTimeout)
      if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
      return server
    },
  })

  // Callback-style hooks: no promise per request for a header.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id)
    done()
  })

  // Shutdown (app.close()): /readyz answers 503 `draining` from the first moment, and every answer from
  // then on closes its connection, those of requests already running included. With a shutdown delay the
  // port stays open that long first, for a load balancer to notice (docs/deploy.md, "Faults and shutdown").
  let draining = false
  app.addHook('preClose', async () => {
    draining = true
    if (deps.shutdownDelayMs > 0) await sleep(deps.shutdownDelayMs)
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) void reply.header('connection', 'close')
    done(null, payload)
  })
  const { metrics, clock } = deps
  registerHttpMetrics(app, metrics.http, (request) => request.problemCode)
  metrics.watch(deps.fleet)

  const logError = registerErrorHandling(app)
  registerOpenApi(app)
  for (const schema of [
    RegionSchema,
    ProblemSchema,
    EnvelopeSchema,
    ...regionSchemas,
    ...statusSchemas,
    ...userAgentSchemas,
    ...socialSchemas,
    ...accountSchemas,
    ...billingSchemas,
    ...publicStatusSchemas,
    ...playgroundSchemas,
  ]) {
    app.addSchema(schema)
  }
  // The playground's fetches take the API's own path, authenticated by a one-use in-process pass.
  const playground = createPlaygroundPasses()
  const authenticator = playground.authenticator(deps.authenticator)
  registerAuth(app, authenticator)

  const statusHistory = createStatusHistory({ fleet: deps.fleet, clock })
  app.addHook('onReady', async () => statusHistory.start())
  app.addHook('onClose', async () => statusHistory.stop())
  // The metrics wrap the services of the fetch path.
  const limiter = createRateLimiter(
    { ...deps.rateLimits, store: metrics.admissions(deps.rateLimits.store) },
    app.log,
  )
  registerRateLimits(app, { limiter, limits: deps.rateLimits.limits, clock })

  const fetchService = createFetchService({
    dispatcher: metrics.dispatcher(deps.dispatcher),
    metering: deps.metering,
    standing: metrics.standing(deps.standing),
    limiter,
    idempotency: metrics.idempotency(deps.idempotency),
    clock,
    fetchDeadlineMs: deps.fetchDeadlineMs,
  })
  const serveRequest = createDirectFetchRoute({
    service: fetchService,
    authenticator,
    limits: deps.rateLimits.limits,
    nextRequestId,
    log: app.log,
    metrics: metrics.http,
    logError,
    draining: () => draining,
    fastify: (req, res) => fastifyHandler(req, res),
    bodyLimit,
  })

  void app.register(async (api) => {
    registerFetchRoute(api, fetchService)
    registerRegionsRoute(api, deps)
    registerStatusRoute(api, deps)
    registerPublicStatus(api, { fleet: deps.fleet, history: statusHistory })
    registerUserAgentsRoute(api)
    registerHealthRoutes(api, { readiness: deps.readiness, draining: () => draining })
    if (deps.account !== null) registerAccountArea(api, deps.account)
    if (deps.account !== null) registerPlaygroundFetch(api, { passes: playground })
    // After the account area: the dashboard's usage and cap routes use its session hook.
    if (deps.account !== null && deps.billing !== null) registerBillingArea(api, deps.billing)
    registerListPlans(api, deps.catalog)
    registerSerpRoutes(api)
    registerSocialRoutes(api, deps.social)
    registerDocsRoutes(api)
    registerDashboard(api, deps.dashboard)
  })

  return app
}
