import { join } from 'node:path'
import { databaseFileName, type Database } from '../../src/infra/database/database.ts'
import { SQLite } from '../../src/infra/database/sqlite-binding.ts'

/** The usage ledger of one account as `sallyport dev` left it in its data dir: billable requests in all. */
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

/** The usage ledger of one account in a database the gateways share: billable requests in all. */
export async function ledgerRequestsIn(db: Database, email: string): Promise<number> {
  const row = await db
    .selectFrom('usage_daily')
    .innerJoin('accounts', 'accounts.id', 'usage_daily.account_id')
    .select((eb) => eb.fn.sum<number | string | null>('usage_daily.requests').as('requests'))
    .where('accounts.email', '=', email)
    .executeTakeFirst()
  return Number(row?.requests ?? 0)
}
