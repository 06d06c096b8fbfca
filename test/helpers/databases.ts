/**
 * Repository tests run on both engines (DESIGN, Tests: "repositories on SQLite and PostgreSQL"):
 * `forEachDialect((name, openDb) => ...)` registers the body once per dialect. Each `openDb()` is a fresh,
 * migrated database of its own, so tests run in parallel: SQLite in a temp dir, PostgreSQL in a schema
 * `test_<time>_<random>` that search_path points every pooled connection at, dropped with CASCADE after.
 *
 * PostgreSQL is SALLYPORT_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test). When it does
 * not answer, its suites are skipped on a developer's machine and FAIL under CI=true (STYLE: a test that
 * needs PostgreSQL fails, never skips, in CI).
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { sql } from 'kysely'
import pg from 'pg'
import {
  databaseFileName,
  openSqliteDatabase,
  type Database,
  type DialectName,
} from '../../src/infra/database/database.ts'
import { migrateToLatest } from '../../src/infra/database/migrator.ts'
import { openPostgresDatabase, type PostgresOptions } from '../../src/infra/database/postgres.ts'

export type { DialectName }

export const postgresUrl =
  process.env.SALLYPORT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Test pools: small (many test files share one server) and patient (CI machines are slow). */
const testPool: PostgresOptions = { size: 5, statementTimeoutMs: 30_000, connectTimeoutMs: 5_000 }

export type TestDatabase = {
  dialect: DialectName
  db: Database
  /**
   * Another connection (SQLite) or pool (PostgreSQL) on the same database, as a second gateway or an admin
   * command has. Closed by close(). On SQLite, never hold a transaction open on one handle while awaiting a
   * write on the other: both live on this one thread, so the second would wait out busy_timeout.
   */
  openPeer: () => Database
  /** What a child process (the CLI) needs in its environment to use this same database. */
  env: Record<string, string>
  /** The temp dir of this database (SQLite file, or just the mail outbox for PostgreSQL). */
  dir: string
  /** PostgreSQL: the schema every connection's search_path points at. */
  schema?: string
  close: () => Promise<void>
}

export type OpenTestDatabase = (options?: { migrated?: boolean }) => Promise<TestDatabase>

async function openSqliteTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'sallyport-sqlite-'))
  const file = join(dir, databaseFileName)
  const db = openSqliteDatabase(file)
  const peers: Database[] = []
  if (migrated) await migrateToLatest(db)
  return {
    dialect: 'sqlite',
    db,
    dir,
    env: { SALLYPORT_DATA_DIR: dir },
    openPeer: () => {
      const peer = openSqliteDatabase(file)
      peers.push(peer)
      return peer
    },
    close: async () => {
      for (const peer of peers) await peer.destroy()
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** The test URL with this schema first on search_path, for child processes. */
export function postgresUrlFor(schema: string): string {
  const url = new URL(postgresUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}

const schemaMaxAgeSeconds = 3_600

/**
 * Schemas of test runs that died before their clean-up (a killed process) are dropped by the next run
 * once they are an hour old: no test lives that long, so none still in use is touched.
 */
async function dropAbandonedSchemas(db: Database): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname like 'test\\_%'`.execute(db)
  const cutoff = Math.floor(Date.now() / 1000) - schemaMaxAgeSeconds
  for (const { name } of rows) {
    const born = Number(/^test_(\d+)_[0-9a-f]+$/.exec(name)?.[1])
    if (Number.isInteger(born) && born < cutoff) {
      await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db)
    }
  }
}

let sweep: Promise<void> | undefined

async function openPostgresTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const schema = `test_${Math.floor(Date.now() / 1000)}_${randomBytes(5).toString('hex')}`
  const db = openPostgresDatabase(postgresUrl, { ...testPool, schema })
  const peers: Database[] = []
  const dir = await mkdtemp(join(tmpdir(), 'sallyport-postgres-'))
  const close = async () => {
    for (const peer of peers) await peer.destroy()
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
    } finally {
      await db.destroy()
      await rm(dir, { recursive: true, force: true })
    }
  }
  try {
    sweep ??= dropAbandonedSchemas(db).catch(() => {})
    await sweep
    await sql`create schema ${sql.id(schema)}`.execute(db)
    if (migrated) await migrateToLatest(db)
  } catch (error) {
    await close().catch(() => {})
    throw error
  }
  return {
    dialect: 'postgres',
    db,
    dir,
    schema,
    env: { SALLYPORT_DATABASE_URL: postgresUrlFor(schema), SALLYPORT_DATA_DIR: dir },
    openPeer: () => {
      const peer = openPostgresDatabase(postgresUrl, { ...testPool, schema })
      peers.push(peer)
      return peer
    },
    close,
  }
}

/** Undefined when PostgreSQL answers; otherwise why not. Asked once per test file. */
async function postgresProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return undefined
  } catch (error) {
    const where = new URL(postgresUrl)
    where.password = ''
    return `no PostgreSQL answers at ${where.toString()} (${(error as Error).message})`
  } finally {
    await client.end().catch(() => {})
  }
}

const postgresUnavailable = await postgresProblem()

export const openers: Record<DialectName, OpenTestDatabase> = {
  sqlite: openSqliteTestDatabase,
  postgres: openPostgresTestDatabase,
}

/** True when this run has a PostgreSQL to test against (always, under CI: otherwise the run fails). */
export const postgresAvailable = postgresUnavailable === undefined

/**
 * Registers `body` once per dialect. The body names its own suites with the dialect, e.g.
 * `describe(\`key repository (${name})\`, ...)`, and calls `openDb()` in each test.
 */
export function forEachDialect(body: (name: DialectName, openDb: OpenTestDatabase) => void): void {
  body('sqlite', openSqliteTestDatabase)
  if (postgresUnavailable === undefined) {
    body('postgres', openPostgresTestDatabase)
  } else if (process.env.CI === 'true') {
    test('PostgreSQL answers for the repository tests', () => assert.fail(postgresUnavailable))
  } else {
    test('the PostgreSQL suites of this file', { skip: postgresUnavailable }, () => {})
  }
}
