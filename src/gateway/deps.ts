/**
 * The gateway's composition root: config in, every dependency of buildGateway out, one close() for all of
 * them. Nothing else wires the gateway: `sallyport gateway` and `sallyport dev` both build it here
 * (src/bin/servers.ts), and the app builds nothing of its own.
 */
import { join } from 'node:path'
import pino from 'pino'
import { Registry } from 'prom-client'
import type { GatewayConfig } from '../config/gateway-config.ts'
import { openDatabase, pingDatabase, type Database } from '../infra/database/database.ts'
import { migrateToLatest } from '../infra/database/migrator.ts'
import { createMailer, type Mailer } from '../infra/mail/mailer.ts'
import { systemClock, type Clock } from '../shared/clock.ts'
import { loggerOptions } from '../shared/logger.ts'
import { createAccountStack } from './accounts/account-stack.ts'
import { createAlertStack } from './alerts/alert-stack.ts'
import { createBillingStack } from './billing/billing-stack.ts'
import { createPlanCatalog, defaultLimits as planLimits } from './billing/plans.ts'
import type { GatewayDeps } from './app.ts'
import { createFetchDispatcher } from './fleet/fetch-dispatcher.ts'
import { createFleet, type FleetOptions } from './fleet/fleet.ts'
import { createSocialService } from './social/social-service.ts'
import { createLimitStores, type EmbeddedStores } from './rate-limits/limit-stores.ts'
import type { Authenticator } from './keys/principal.ts'
import type { AccountArea } from './http/routes/account/account-area.ts'
import { createGatewayMetrics } from './metrics/gateway-metrics.ts'

export type GatewayRuntime = GatewayDeps & {
  account: AccountArea
  /** Brings the database schema up to date and waits (a few seconds at most) for Redis; run before serving. */
  migrate(): Promise<void>
  /** Once listening: mailed links point here unless SALLYPORT_PUBLIC_URL is set. */
  setListeningUrl(url: string): void
  close(): Promise<void>
}

export function createGatewayDeps(
  config: GatewayConfig,
  seams: {
    authenticator?: Authenticator
    clock?: Clock
    database?: Database
    mailer?: Mailer
    /** How the gateway reaches a node; default: signed HTTP over an undici pool. */
    clientFor?: FleetOptions['clientFor']
    /**
     * Where the metrics count: the operator listener's registry (the process's, under `sallyport dev`).
     * Without one, they count into a registry of their own that nothing serves.
     */
    registry?: Registry
    /** Without Redis, a worker's: the supervisor's stores (src/bin/shared-stores.ts) in place of its own. */
    embedded?: EmbeddedStores
  } = {},
): GatewayRuntime {
  const clock = seams.clock ?? systemClock
  const logger = loggerOptions(config.logLevel, 'gateway')
  const log = pino(logger)
  const fleet = createFleet({
    nodes: config.nodes,
    fleetSecret: config.fleetSecret,
    clock,
    logger: log,
    healthIntervalMs: config.healthIntervalMs,
    healthTimeoutMs: config.healthTimeoutMs,
    jobTimeoutMs: config.nodeTimeoutMs,
    ...(seams.clientFor !== undefined && { clientFor: seams.clientFor }),
  })
  const dispatcher = createFetchDispatcher(fleet)
  const db =
    seams.database ??
    openDatabase(config, {
      onIdleError: (error) => log.warn({ err: error }, 'an idle database connection failed; it is replaced'),
      onStatementsLost: (error) =>
        log.error(
          { err: error },
          'a prepared statement went missing between database connections: a pooler in transaction mode ' +
            'that does not keep prepared statements is in front of PostgreSQL; give it ' +
            'max_prepared_statements (PgBouncer 1.21 or later), or set SALLYPORT_DATABASE_PREPARED_STATEMENTS=off',
        ),
    })
  const outboxDir = join(config.dataDir, 'outbox')
  const mailer =
    seams.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir,
      from: config.mailFrom,
      log,
    })
  let listeningUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  const limitStores = createLimitStores(config, {
    db,
    clock,
    log,
    ...(seams.embedded !== undefined && { embedded: seams.embedded }),
  })
  const stack = createAccountStack({
    db,
    mailer,
    clock,
    log,
    links: { base: () => config.publicBaseUrl ?? listeningUrl },
    keyStates: limitStores.keyStates,
  })
  const catalog = createPlanCatalog(config.plans, { ...planLimits, inFlight: config.limits.maxInFlight })
  const billing = createBillingStack({
    db,
    metering: stack.metering,
    clock,
    // GET /v2/plans shows the limits admission applies: the same on every plan (SPEC 8).
    catalog,
  })
  // Usage alerts (docs/billing.md) are looked at after each billed fetch.
  const alerts = createAlertStack({
    db,
    billing: billing.billing,
    mailer,
    clock,
    background: stack.background,
    log,
    links: { base: () => config.publicBaseUrl ?? listeningUrl },
  })
  return {
    fleet,
    dispatcher,
    social: createSocialService({
      settings: config.social,
      dispatcher,
      clock,
      budgetStore: limitStores.upstreamBudgets,
      log,
    }),
    authenticator: seams.authenticator ?? stack.authenticator,
    readiness: [{ name: 'database', check: () => pingDatabase(db) }, ...limitStores.readiness],
    logger,
    account: { ...stack, alerts, publicBaseUrl: config.publicBaseUrl },
    metering: alerts.watch(stack.metering),
    billing,
    catalog,
    standing: billing.standing,
    rateLimits: limitStores.rateLimits,
    idempotency: limitStores.idempotency,
    fetchDeadlineMs: config.fetchDeadlineMs,
    shutdownDelayMs: config.shutdownDelayMs,
    trustedProxies: config.trustedProxies,
    dashboard: {
      billingContact: config.billingContact,
      // The pages tell where mail is only when it is this process's outbox (createMailer's choice).
      outboxDir: seams.mailer === undefined && config.smtpUrl === undefined ? outboxDir : undefined,
    },
    clock,
    metrics: createGatewayMetrics(seams.registry ?? new Registry()),
    migrate: async () => {
      const { applied } = await migrateToLatest(db)
      if (applied.length > 0) log.info({ migrations: applied }, 'database migrated')
      await stack.replayUsage()
      // Expired links, stale sign-ups and old throttle events, hourly on every gateway (docs/accounts.md).
      stack.purge.start()
      // Serving before Redis answers would refuse every request with store_unavailable; a Redis that stays
      // away does not stop the start (readiness says so, and requests are refused until it is back).
      if (!(await limitStores.ready(5_000))) log.warn('Redis is not reachable yet: /readyz fails until it is')
    },
    setListeningUrl: (url) => {
      listeningUrl = url
    },
    close: async () => {
      await fleet.close()
      // Usage counts, mails and last-use stamps still on their way, then the database.
      await stack.close()
      await limitStores.close()
      mailer.close()
      await db.destroy()
    },
  }
}
