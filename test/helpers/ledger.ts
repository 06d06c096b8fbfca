import { join } from 'node:path'
import { settleUsage } from '../../src/gateway/metering/usage-repository.ts'
import { databaseFileName, openSqliteDatabase, type Database } from '../../src/infra/database/database.ts'

/**
 * The usage ledger of one account as `sallyport dev` left it in its data dir: billable requests in all, the
 * counts still in the usage journal (a process killed before its fold) applied first, as any reader does.
 */
export async function ledgerRequests(dataDir: string, email: string): Promise<number> {
  const db = openSqliteDatabase(join(dataDir, databaseFileName))
  try {
    await settleUsage(db)
    return await ledgerRequestsIn(db, email)
  } finally {
    await db.destroy()
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
