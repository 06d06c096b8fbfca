/** The usage ledger of one account as `sallyport dev` left it in its data dir: billable requests in all. */
import { join } from 'node:path'
import { databaseFileName } from '../../src/infra/database/database.ts'
import { SQLite } from '../../src/infra/database/sqlite-binding.ts'

export function ledgerRequests(dataDir: string, email: string): number {
  const db = new SQLite(join(dataDir, databaseFileName))
  try {
    const row = db
      .prepare(
        'select coalesce(sum(u.requests), 0) as requests from usage_daily u join accounts a on a.id = u.account_id where a.email = ?',
      )
      .get(email) as { requests: number }
    return Number(row.requests)
  } finally {
    db.close()
  }
}
