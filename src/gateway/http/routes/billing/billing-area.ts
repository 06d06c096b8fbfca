/** What the plan, usage and spending-cap routes need from the gateway's services. */
import type { BillingService } from '../../../billing/billing-service.ts'
import type { PlanCatalog } from '../../../billing/plans.ts'

export type BillingArea = {
  catalog: PlanCatalog
  billing: Pick<BillingService, 'usageOf' | 'recentDays' | 'setSpendCap'>
}
