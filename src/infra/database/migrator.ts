/**
 * Kysely's Migrator over the hand-listed migrations: `sallyport migrate` and every gateway start-up, on
 * SQLite or PostgreSQL alike. On either, the migrations of one run share a transaction and a lock, so
 * processes starting together apply each migration once.
 */
import { Migrator, NO_MIGRATIONS, sql, type MigrationResultSet } from 'kysely'
import { dialectOf, type Database } from './database.ts'
import { migrations } from './migrations/index.ts'

export type MigrationOutcome = { applied: string[] }

const provider = { getMigrations: async () => migrations }

/**
 * Runs `work` with a Migrator that is safe when several processes migrate the same database at once.
 *
 * PostgreSQL: Kysely takes an advisory lock and runs the migrations in one transaction. The bookkeeping
 * tables are named with the schema the migrations create their tables in (the first of search_path):
 * Kysely otherwise takes a `kysely_migration` table in ANY schema as its own, and one database with a
 * schema per tenant or per test would share (and corrupt) one history. The introspection it asks whether
 * those tables exist sees that schema only, so schemas dropped beside it meanwhile cannot fail the run
 * (schema-introspector.ts).
 *
 * SQLite: Kysely takes no lock (it assumes one connection), so a gateway starting while `sallyport migrate`
 * or an admin command runs could create the same table twice. Everything runs in one BEGIN IMMEDIATE
 * transaction instead: the second process waits for the first (busy_timeout), then finds nothing to do,
 * and a migration that fails leaves nothing half done. (A migration cannot switch foreign keys off in
 * there; none needs to.)
 */
async function withMigrator(
  db: Database,
  work: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
    const schema = rows[0]?.schema ?? null
    if (schema === null) {
      throw new Error('the PostgreSQL search_path names no schema that exists: create it, or fix the URL')
    }
    return work(new Migrator({ db, provider, migrationTableSchema: schema }))
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    let result: MigrationResultSet
    try {
      result = await work(new Migrator({ db: connection, provider }))
    } catch (error) {
      await sql`rollback`.execute(connection)
      throw error
    }
    await sql.raw(result.error === undefined ? 'commit' : 'rollback').execute(connection)
    return result
  })
}

function outcome({ error, results = [] }: MigrationResultSet): MigrationOutcome {
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error')
    const name = failed === undefined ? '' : ` ${failed.migrationName}`
    throw new Error(`database migration${name} failed`, { cause: error })
  }
  return { applied: results.filter((r) => r.status === 'Success').map((r) => r.migrationName) }
}

export async function migrateToLatest(db: Database): Promise<MigrationOutcome> {
  return outcome(await withMigrator(db, (migrator) => migrator.migrateToLatest()))
}

/** Every migration's `down`, newest first: for tests that prove each migration can be undone on both engines. */
export async function migrateAllDown(db: Database): Promise<MigrationOutcome> {
  return outcome(await withMigrator(db, (migrator) => migrator.migrateTo(NO_MIGRATIONS)))
}
