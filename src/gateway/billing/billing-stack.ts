/**
 * Billing wired over one database and the metering service: what the gateway's composition root, the
 * admin commands and the tests build the same way.
 */
import type { Database } from '../../infra/database/database.ts'
import type { Clock } from '../../shared/clock.ts'
import type { MeteringService } from '../metering/metering-service.ts'
import { createBillingRepository } from './billing-repository.ts'
import { createBillingService } from './billing-service.ts'
import type { PlanCatalog } from './plans.ts'
import { createStandingService, type StandingOptions } from './standing-service.ts'

export type BillingStackOptions = {
  db: Database
  metering: Pick<MeteringService, 'unwritten' | 'requestsUsed'>
  clock: Clock
  catalog: PlanCatalog
  standingCacheMs?: StandingOptions['cacheMs']
}

export function createBillingStack({ db, metering, clock, catalog, standingCacheMs }: BillingStackOptions) {
  const repo = createBillingRepository(db)
  const standing = createStandingService({
    repo,
    catalog,
    usage: metering,
    ...(standingCacheMs !== undefined && { cacheMs: standingCacheMs }),
  })
  const billing = createBillingService({
    repo,
    catalog,
    usage: metering,
    clock,
    onChange: (accountId) => standing.forget(accountId),
  })
  return { catalog, standing, billing }
}

export type BillingStack = ReturnType<typeof createBillingStack>
