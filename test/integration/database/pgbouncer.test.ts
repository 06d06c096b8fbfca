/**
 * PostgreSQL behind a pooler in transaction mode (docs/deploy.md, "The database"): with
 * SALLYPORT_DATABASE_PREPARED_STATEMENTS=off every statement and usage commit goes through; with named
 * statements (the default) the pooler loses them, and the pool says once which setting fixes it.
 * Under CI=true a missing PostgreSQL or PgBouncer fails the file instead of skipping it.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql } from 'kysely'
import { loadDatabasePool } from '../../../src/config/database-config.ts'
import { createUsageRepository } from '../../../src/gateway/metering/usage-repository.ts'
import { openDatabase, type Database } from '../../../src/infra/database/database.ts'
import { insertAccount } from '../../helpers/account-rows.ts'
import { openers, postgresAvailable, postgresUrl, type TestDatabase } from '../../helpers/databases.ts'
import { pgBouncerMissing, startPgBouncer, type PgBouncer } from '../../helpers/pgbouncer.ts'

const missing = postgresAvailable ? pgBouncerMissing() : 'no PostgreSQL in this run'

if (missing !== undefined && process.env.CI === 'true') {
  it('PostgreSQL and PgBouncer are there for the pooler tests', () => assert.fail(missing))
}

describe('PostgreSQL behind PgBouncer in transaction mode', { skip: missing ?? false }, () => {
  let direct: TestDatabase
  let bouncer: PgBouncer
  const opened: Database[] = []

  before(async () => {
    direct = await openers.postgres()
    bouncer = await startPgBouncer(postgresUrl, direct.schema!)
    await insertAccount(direct.db, 'acct_1')
  })
  after(async () => {
    for (const db of opened) await db.destroy()
    await bouncer?.stop()
    await direct?.close()
  })

  /** A gateway's database as its environment configures it, through the pooler. */
  function throughPooler(env: Record<string, string>, lost: Error[]): Database {
    const pool = { ...loadDatabasePool(env), size: 8 }
    const db = openDatabase(
      { dataDir: direct.dir, databaseUrl: bouncer.url, databasePool: pool },
      { onStatementsLost: (error) => lost.push(error) },
    )
    opened.push(db)
    return db
  }

  /** `workers` callers at once, each running `each` statements with parameters; the errors they met. */
  async function lookups(db: Database, workers: number, each: number): Promise<string[]> {
    const errors: string[] = []
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let i = 0; i < each; i++) {
          try {
            const { rows } = await sql<{ n: number }>`select ${i}::int + ${worker}::int as n`.execute(db)
            assert.equal(rows[0]!.n, i + worker)
          } catch (error) {
            errors.push((error as Error).message)
          }
        }
      }),
    )
    return errors
  }

  it('with SALLYPORT_DATABASE_PREPARED_STATEMENTS=off, every statement and usage commit goes through', async () => {
    const lost: Error[] = []
    const db = throughPooler({ SALLYPORT_DATABASE_PREPARED_STATEMENTS: 'off' }, lost)
    assert.deepEqual(await lookups(db, 16, 40), [])
    // Three gateways' group commits at once, each writer numbering its own writes.
    const writers = ['gw-a', 'gw-b', 'gw-c']
    await Promise.all(
      writers.map(async (writer) => {
        const usage = createUsageRepository(db)
        for (let seq = 1; seq <= 30; seq++) {
          await usage.addOnce(writer, [
            { accountId: 'acct_1', day: '2026-12-03', writes: [{ seq, requests: 1, bytes: 10 }] },
          ])
        }
      }),
    )
    const usage = createUsageRepository(direct.db)
    assert.deepEqual(await usage.days('acct_1'), [{ day: '2026-12-03', requests: 90, bytes: 900 }])
    assert.deepEqual(lost, [])
  })

  it('with named statements (the default), the pool says once which setting fixes what fails', async () => {
    const lost: Error[] = []
    const db = throughPooler({}, lost)
    const errors = await lookups(db, 16, 40)
    assert.ok(
      errors.length > 0,
      'the pooler lost no named statement: it keeps them, so this test shows nothing',
    )
    assert.ok(
      errors.every((message) =>
        /prepared statement "sp_[0-9a-f]+" (does not exist|already exists)/.test(message),
      ),
      errors[0],
    )
    assert.equal(lost.length, 1)
    assert.match((lost[0] as Error & { code?: string }).code ?? '', /^(26000|42P05)$/)
  })
})
