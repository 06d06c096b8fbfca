/**
 * The tests' composition root: a complete set of gateway dependencies in this process (memory stores, the
 * default limits and plans, the public social upstreams, metrics on a registry of their own, no account
 * area), with whatever a test gives in `overrides` in place of the defaults. `close()` closes what it made;
 * what a test gives, the test closes.
 */
import { randomBytes } from 'node:crypto'
import { Registry } from 'prom-client'
import { fetchDeadlines } from '../../src/config/fetch-deadlines.ts'
import { fakeMetering } from './fake-metering.ts'
import { loadSocialSettings } from '../../src/config/social-config.ts'
import type { GatewayDeps } from '../../src/gateway/app.ts'
import type { DashboardSettings } from '../../src/gateway/dashboard/pages/page.ts'
import { createPlanCatalog } from '../../src/gateway/billing/plans.ts'
import type { StandingService } from '../../src/gateway/billing/standing.ts'
import { createFetchDispatcher } from '../../src/gateway/fleet/fetch-dispatcher.ts'
import type { Fleet } from '../../src/gateway/fleet/fleet.ts'
import { createMemoryIdempotencyStore } from '../../src/gateway/idempotency/memory-idempotency-store.ts'
import { createGatewayMetrics } from '../../src/gateway/metrics/gateway-metrics.ts'
import { fixedLimits } from '../../src/gateway/rate-limits/account-limits.ts'
import { createMemoryAdmissionStore } from '../../src/gateway/rate-limits/memory-admission-store.ts'
import { createSocialService } from '../../src/gateway/social/social-service.ts'
import { systemClock } from '../../src/shared/clock.ts'
import { testAuthenticator } from './test-gateway.ts'

/** The standing of a gateway without billing: no account is on a trial or has a spending cap. */
export const noTrialStanding: StandingService = {
  standingFor: () => Promise.resolve({ plan: 'entry', trialQuota: false }),
}

/** The longest fetch under the default settings, from the one function that derives the chain. */
export const defaultFetchDeadlineMs = fetchDeadlines().fetchDeadlineMs

/** The dashboard of a test gateway: mail is sent (caught by the test), so the pages speak of an inbox. */
export const testDashboardSettings: DashboardSettings = {
  billingContact: 'billing@sallyport.test',
  outboxDir: undefined,
}

export type MemoryGatewayDeps = GatewayDeps & { close(): Promise<void> }

export function memoryGatewayDeps(fleet: Fleet, overrides: Partial<GatewayDeps> = {}): MemoryGatewayDeps {
  const made: { close(): Promise<void> }[] = []
  function make<T extends { close(): Promise<void> }>(store: T): T {
    made.push(store)
    return store
  }
  const clock = overrides.clock ?? systemClock
  const dispatcher = overrides.dispatcher ?? createFetchDispatcher(fleet)
  const deps: GatewayDeps = {
    fleet,
    dispatcher,
    authenticator: overrides.authenticator ?? testAuthenticator(),
    readiness: [],
    logger: false,
    account: null,
    billing: null,
    catalog: overrides.catalog ?? overrides.billing?.catalog ?? createPlanCatalog(),
    metering: fakeMetering(),
    social: overrides.social ?? createSocialService({ settings: loadSocialSettings({}), dispatcher }),
    rateLimits: overrides.rateLimits ?? {
      store: make(createMemoryAdmissionStore({ clock })),
      limits: fixedLimits(),
      hostKeySecret: randomBytes(32).toString('base64url'),
    },
    idempotency: overrides.idempotency ?? make(createMemoryIdempotencyStore({ clock })),
    standing: noTrialStanding,
    fetchDeadlineMs: defaultFetchDeadlineMs,
    clock,
    metrics: overrides.metrics ?? createGatewayMetrics(new Registry()),
    shutdownDelayMs: 0,
    trustedProxies: [],
    dashboard: testDashboardSettings,
    ...overrides,
  }
  return {
    ...deps,
    close: async () => {
      await Promise.all(made.map((store) => store.close()))
    },
  }
}
