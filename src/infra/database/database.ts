/**
 * The gateway's SQL database through Kysely: SQLite (better-sqlite3, WAL) in `<data dir>/sallyport.db` for
 * the embedded default, PostgreSQL (SALLYPORT_DATABASE_URL=postgres://...) for production. Repositories use
 * only SQL both engines speak, and both answer alike: int8 reads as a Number on both (postgres.ts), a
 * `boolean` column reads as true/false on both (portable-sqlite.ts), `numeric` (`sum`, `avg`) may be a
 * string on PostgreSQL, so repositories pass aggregates through Number().
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type BetterSqlite3 from 'better-sqlite3'
import { Kysely, PostgresAdapter, SqliteDialect, sql } from 'kysely'
import { ConfigError } from '../../config/env-parsing.ts'
import { portableSqlite } from './portable-sqlite.ts'
import { SQLite } from './sqlite-binding.ts'
import {
  openPostgresDatabase,
  postgresPoolDefaults,
  postgresPoolOf,
  type PostgresOptions,
  type PostgresPoolSettings,
} from './postgres.ts'
import type { DatabaseSchema } from './schema.ts'
import { withStatementCache } from './statement-cache.ts'

export type Database = Kysely<DatabaseSchema>

export const databaseFileName = 'sallyport.db'

const sqliteHandles = new WeakMap<Database, BetterSqlite3.Database>()

/** A file path, or `:memory:` for a throwaway database. */
export function openSqliteDatabase(file: string): Database {
  const sqlite = new SQLite(file)
  // WAL: readers never wait for the writer. NORMAL is durable across a process crash in WAL mode.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: portableSqlite(withStatementCache(sqlite)) }),
  })
  sqliteHandles.set(db, sqlite)
  return db
}

/**
 * The better-sqlite3 handle under a Database of `openSqliteDatabase`, for a repository whose statement on
 * the fetch path costs less run synchronously than through Kysely's driver; undefined for any other
 * Database (PostgreSQL, or one Kysely derived, such as `withTables()`). It is the very connection Kysely's
 * SqliteDriver uses: run anything on it only while holding that connection, `db.connection().execute()`,
 * so it never lands inside a transaction Kysely has open (the driver's one connection is behind a mutex
 * from a transaction's begin to its commit).
 */
export function sqliteHandleOf(db: Database): BetterSqlite3.Database | undefined {
  return sqliteHandles.get(db)
}

export { postgresPoolOf }

export type DialectName = 'sqlite' | 'postgres'

/** Which engine answers: for the rare statement that has to differ (a migration's, say). */
export function dialectOf(db: Pick<Kysely<unknown>, 'getExecutor'>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

export type DatabaseSettings = {
  dataDir: string
  /** Unset: SQLite in the data dir. `postgres://` or `postgresql://`: PostgreSQL. */
  databaseUrl: string | undefined
  /** PostgreSQL only; the defaults of postgres.ts otherwise. */
  databasePool?: PostgresPoolSettings
}

/** Where the database is, for people: the file, or the URL without its password. */
export function describeDatabase(settings: DatabaseSettings): string {
  if (settings.databaseUrl === undefined) return join(settings.dataDir, databaseFileName)
  const url = new URL(settings.databaseUrl)
  if (url.password !== '') url.password = '***'
  return url.toString()
}

export function openDatabase(
  settings: DatabaseSettings,
  hooks: Pick<PostgresOptions, 'onIdleError' | 'onStatementsLost'> = {},
): Database {
  const url = settings.databaseUrl
  if (url === undefined) {
    mkdirSync(settings.dataDir, { recursive: true })
    return openSqliteDatabase(join(settings.dataDir, databaseFileName))
  }
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    throw new ConfigError(
      'SALLYPORT_DATABASE_URL must be a postgres:// (or postgresql://) URL; unset it to use SQLite in the data dir',
    )
  }
  return openPostgresDatabase(url, {
    ...(settings.databasePool ?? postgresPoolDefaults),
    ...(hooks.onIdleError !== undefined && { onIdleError: hooks.onIdleError }),
    ...(hooks.onStatementsLost !== undefined && { onStatementsLost: hooks.onStatementsLost }),
  })
}

/**
 * GET /readyz: the database answers a trivial query within the time given. The pool's own limits already
 * bound connecting; this also bounds a connection that went quiet without being closed.
 */
export async function pingDatabase(db: Database, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer in ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    await Promise.race([sql`select 1`.execute(db), timeout])
  } finally {
    clearTimeout(timer)
  }
}
