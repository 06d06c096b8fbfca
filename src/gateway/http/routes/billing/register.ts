/**
 * The billing routes: the public plan catalog, the usage view for API keys, and the dashboard's usage
 * and spending-cap endpoints (session routes: register them after the account area, whose session hook
 * they rely on).
 */
import type { FastifyInstance } from 'fastify'
import type { BillingArea } from './billing-area.ts'
import { billingSchemas } from './billing-schemas.ts'
import { registerGetAccountUsage } from './get-account-usage.ts'
import { registerGetUsage } from './get-usage.ts'
import { registerListPlans } from './list-plans.ts'
import { registerSetSpendCap } from './set-spend-cap.ts'

export { billingSchemas, registerListPlans }

export function registerBillingArea(app: FastifyInstance, area: BillingArea): void {
  registerGetUsage(app, area)
  registerGetAccountUsage(app, area)
  registerSetSpendCap(app, area)
}
