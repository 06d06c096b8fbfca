/**
 * buildGateway(deps): the gateway's Fastify app with no I/O of its own, so tests drive it with inject()
 * and every process entry wires the same thing.
 */
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import Fastify, { type FastifyInstance } from 'fastify'
import type { LoggerOptions } from 'pino'
import { defaults, loadSocialSettings } from '../config/config.ts'
import { systemClock, type Clock } from '../shared/clock.ts'
import { createRequestIds } from '../shared/ids.ts'
import { registerHttpMetrics } from '../shared/metrics.ts'
import { createPlanCatalog } from './billing/plans.ts'
import type { StandingService } from './billing/standing.ts'
import { registerDashboard } from './dashboard/dashboard.ts'
import type { Fleet } from './fleet/fleet.ts'
import type { FetchDispatcher } from './fleet/fetch-dispatcher.ts'
import { registerAuth, type Authenticator } from './http/plugins/auth.ts'
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
import { createRateLimiter, registerRateLimits, type RateLimitDeps } from './http/plugins/rate-limit.ts'
import { registerDocsRoutes } from './http/routes/docs/docs.ts'
import { registerFetchRoute, EnvelopeSchema } from './http/routes/proxy/fetch.ts'
import { registerRegionsRoute, regionSchemas } from './http/routes/proxy/regions.ts'
import { registerStatusRoute, statusSchemas } from './http/routes/proxy/status.ts'
import { registerSocialRoutes, socialSchemas } from './http/routes/social/register.ts'
import { registerHealthRoutes, type ReadinessCheck } from './http/routes/system/health.ts'
import { registerUserAgentsRoute, userAgentSchemas } from './http/routes/user-agents/list-user-agents.ts'
import { registerSerpRoutes } from './http/routes/withdrawn/serp.ts'
import { ProblemSchema, RegionSchema } from './http/schemas.ts'
import type { IdempotencyStore } from './idempotency/idempotency-store.ts'
import { createMemoryIdempotencyStore } from './idempotency/memory-idempotency-store.ts'
import type { MeteringService } from './metering/metering-service.ts'
import type { GatewayMetrics } from './metrics/gateway-metrics.ts'
import { fixedLimits } from './rate-limits/account-limits.ts'
import { createMemoryAdmissionStore } from './rate-limits/memory-admission-store.ts'
import { createSocialService, type SocialService } from './social/social-service.ts'

export type GatewayDeps = {
  fleet: Fleet
  dispatcher: FetchDispatcher
  authenticator: Authenticator
  readiness: readonly ReadinessCheck[]
  logger: LoggerOptions | false
  /** Accounts, sessions and keys (DESIGN 4); without it those routes are not served. */
  account?: AccountArea
  /** Counts each returned fetch envelope per account and day (DESIGN 7). */
  metering?: Pick<MeteringService, 'record'>
  /** Plans, usage and the spending cap (docs/billing.md); without it only the default plan catalog is served. */
  billing?: BillingArea
  /** The beta social API (SPEC 1.6); without it, one on the public upstreams with a per-process cursor secret. */
  social?: SocialService
  /**
   * Rate limits, the in-flight cap and the trial allowance (DESIGN 6). Without it: counters of this app's
   * own, the default limits, no per-account overrides.
   */
  rateLimits?: RateLimitDeps
  /** Idempotent fetches (SPEC 3); without it, a store of this app's own. */
  idempotency?: IdempotencyStore
  /** Asked before every fetch: trial days and spending cap. Without it no account is on a trial. */
  standing?: StandingService
  /** The longest one fetch may run, fail-over included (config `fetchDeadlineMs`). */
  fetchDeadlineMs?: number
  clock?: Clock
  /** Prometheus metrics, served by the operator listener (docs/operations.md); without them, none. */
  metrics?: GatewayMetrics
  /** On close, how long to keep serving (and accepting) while /readyz says `draining`; default 0. */
  shutdownDelayMs?: number
}

/** DESIGN 2: request bodies over 16 KiB get 413 `payload_too_large`. */
export const bodyLimit = 16 * 1024

export function buildGateway(deps: GatewayDeps): FastifyInstance {
  const app = Fastify({
    logger: deps.logger,
    bodyLimit,
    genReqId: createRequestIds(),
    // While closing, a request that still arrives on an open keep-alive connection is served (its answer
    // says `Connection: close`) rather than refused: it may be a POST its client cannot safely resend.
    return503OnClosing: false,
    ajv: {
      // Strict validation: an unknown field is refused, never silently dropped or coerced (DESIGN 3).
      customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: true, allErrors: false },
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: handleFrameworkError,
  })

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  // Shutdown (app.close()): /readyz answers 503 `draining` from the first moment, and every answer from
  // then on closes its connection, those of requests already running included. With a shutdown delay the
  // port stays open that long first, for a load balancer to notice (docs/deploy.md, "Faults and shutdown").
  let draining = false
  app.addHook('preClose', async () => {
    draining = true
    if (deps.shutdownDelayMs !== undefined && deps.shutdownDelayMs > 0) await sleep(deps.shutdownDelayMs)
  })
  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close')
  })
  const metrics = deps.metrics
  if (metrics !== undefined) {
    registerHttpMetrics(app, metrics.http, (request) => request.problemCode)
    metrics.watch(deps.fleet)
  }

  registerErrorHandling(app)
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
  registerAuth(app, playground.authenticator(deps.authenticator))

  const clock = deps.clock ?? systemClock
  const statusHistory = createStatusHistory({ fleet: deps.fleet, clock })
  app.addHook('onReady', async () => statusHistory.start())
  app.addHook('onClose', async () => statusHistory.stop())
  const rateLimits = deps.rateLimits ?? {
    store: createMemoryAdmissionStore({ clock }),
    limits: fixedLimits(),
    hostKeySecret: randomBytes(32).toString('base64url'),
  }
  const idempotency = deps.idempotency ?? createMemoryIdempotencyStore({ clock })
  // What this app made, it closes; what it was given, the giver does.
  if (deps.rateLimits === undefined) app.addHook('onClose', () => rateLimits.store.close())
  if (deps.idempotency === undefined) app.addHook('onClose', () => idempotency.close())
  // The metrics wrap the services of the fetch path; without them the services are used as they are.
  const limiter = createRateLimiter(
    metrics === undefined ? rateLimits : { ...rateLimits, store: metrics.admissions(rateLimits.store) },
    app.log,
  )
  registerRateLimits(app, { limiter, limits: rateLimits.limits, clock })

  void app.register(async (api) => {
    registerFetchRoute(api, {
      ...deps,
      dispatcher: metrics?.dispatcher(deps.dispatcher) ?? deps.dispatcher,
      standing: metrics === undefined ? deps.standing : metrics.standing(deps.standing),
      limiter,
      idempotency: metrics?.idempotency(idempotency) ?? idempotency,
      clock,
      fetchDeadlineMs: deps.fetchDeadlineMs ?? defaults.fetchTimeoutMs + 10_000,
    })
    registerRegionsRoute(api, deps)
    registerStatusRoute(api, deps)
    registerPublicStatus(api, { fleet: deps.fleet, history: statusHistory })
    registerUserAgentsRoute(api)
    registerHealthRoutes(api, { readiness: deps.readiness, draining: () => draining })
    if (deps.account !== undefined) registerAccountArea(api, deps.account)
    if (deps.account !== undefined) registerPlaygroundFetch(api, { passes: playground })
    // After the account area: the dashboard's usage and cap routes use its session hook.
    if (deps.account !== undefined && deps.billing !== undefined) registerBillingArea(api, deps.billing)
    registerListPlans(api, deps.billing?.catalog ?? createPlanCatalog())
    registerSerpRoutes(api)
    registerSocialRoutes(
      api,
      deps.social ?? createSocialService({ settings: loadSocialSettings({}), dispatcher: deps.dispatcher }),
    )
    registerDocsRoutes(api)
    registerDashboard(api)
  })

  return app
}
