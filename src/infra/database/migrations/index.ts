/**
 * Every migration, in order. Listed by hand rather than read from a folder, so they run the same under
 * tsx, a bundle or a test runner. Names sort in the order they run; never rename or edit a shipped one.
 */
import type { Migration } from 'kysely'
import * as accounts from './0001-accounts.ts'
import * as accountLimits from './0002-account-limits.ts'
import * as billing from './0003-billing.ts'
import * as usageWriters from './0004-usage-writers.ts'
import * as keyHistory from './0005-key-history.ts'
import * as accountLife from './0006-account-life.ts'
import * as usageAlerts from './0007-usage-alerts.ts'
import * as accountPurge from './0010-account-purge.ts'
import * as usageWriterNumbers from './0011-usage-writer-numbers.ts'
import * as usageWritersPruned from './0012-usage-writers-pruned.ts'
import * as usageWritersKept from './0013-usage-writers-kept.ts'

export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-account-limits': accountLimits,
  '0003-billing': billing,
  '0004-usage-writers': usageWriters,
  '0005-key-history': keyHistory,
  '0006-account-life': accountLife,
  '0007-usage-alerts': usageAlerts,
  '0010-account-purge': accountPurge,
  '0011-usage-writer-numbers': usageWriterNumbers,
  '0012-usage-writers-pruned': usageWritersPruned,
  '0013-usage-writers-kept': usageWritersKept,
}
