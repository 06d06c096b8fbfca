/** Usage alerts wired over the database, billing and the mailer, as the composition root builds them. */
import type { Logger } from 'pino'
import type { Database } from '../../infra/database/database.ts'
import type { Mailer } from '../../infra/mail/mailer.ts'
import type { Clock } from '../../shared/clock.ts'
import { createAccountRepository } from '../accounts/account-repository.ts'
import type { BackgroundTasks } from '../background-tasks.ts'
import type { BillingService } from '../billing/billing-service.ts'
import { createAlertRepository } from './alert-repository.ts'
import { createUsageAlerts } from './usage-alerts.ts'

export function createAlertStack(options: {
  db: Database
  billing: Pick<BillingService, 'usagesOf'>
  mailer: Pick<Mailer, 'send'>
  clock: Clock
  background: BackgroundTasks
  log: Pick<Logger, 'warn'>
  links: { base(): string }
}) {
  return createUsageAlerts({
    ...options,
    repo: createAlertRepository(options.db),
    accounts: createAccountRepository(options.db),
  })
}
