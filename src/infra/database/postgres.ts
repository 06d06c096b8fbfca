/**
 * PostgreSQL through node-postgres (`pg`): the production database that N gateways share (DESIGN 1).
 * One pool per process; what a request waits for is bounded, so a database in trouble makes requests fail
 * fast instead of piling up:
 * - opening a connection, or waiting for a free one, gives up after `connectTimeoutMs`;
 * - the server ends a statement after `statementTimeoutMs`, and the client gives up one second later in
 *   case the server is gone without closing the connection (a partition, a frozen host);
 * - every such failure reaches the caller as 503 `database_unavailable` (database-faults.ts), and a
 *   connection that failed so is dropped from the pool, never handed out again. Once the server answers
 *   again the pool opens new connections by itself: nothing needs a restart.
 */
import { createHash } from 'node:crypto'
import {
  Kysely,
  type KyselyConfig,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely'
import pg from 'pg'
import { asDatabaseFault, databaseUnavailable, isDatabaseFault } from './database-faults.ts'
import type { DatabaseSchema } from './schema.ts'
import { CurrentSchemaPostgresDialect } from './schema-introspector.ts'

export type PostgresPoolSettings = Readonly<{
  /** Connections per process (SALLYPORT_DATABASE_POOL_SIZE). */
  size: number
  /** Server-side cap on one statement, milliseconds; 0 for none (`sallyport migrate`). */
  statementTimeoutMs: number
  /** Cap on opening a connection and on waiting for a free one from the pool, milliseconds. */
  connectTimeoutMs: number
  /**
   * Statements with parameters are named, so that each connection parses and plans them once
   * (SALLYPORT_DATABASE_PREPARED_STATEMENTS). Off for a pooler in transaction mode that does not keep
   * named statements (PgBouncer before 1.21, or with `max_prepared_statements = 0`): it hands a client's
   * statements to a server connection that never saw them.
   */
  preparedStatements: boolean
}>

export const postgresPoolDefaults: PostgresPoolSettings = Object.freeze({
  size: 10,
  statementTimeoutMs: 5_000,
  connectTimeoutMs: 2_000,
  preparedStatements: true,
})

export type PostgresOptions = Partial<PostgresPoolSettings> & {
  /**
   * Put this schema first on every connection's search_path (tests use one schema each; operators can
   * also write `?options=-c%20search_path%3Dsallyport` in the URL).
   */
  schema?: string
  /** An idle connection failed (the server restarted, say); the pool replaces it on the next query. */
  onIdleError?: (error: Error) => void
  /**
   * A named statement was missing on the server connection, or already there under its name: what a pooler
   * in transaction mode that does not keep named statements does to them. Called once per pool.
   */
  onStatementsLost?: (error: Error) => void
}

const int8 = 20

/**
 * node-postgres returns int8 (`bigint`, and `count(*)`) as a string because it can exceed 2^53. Every int8
 * we store is an epoch-millisecond time or a counter, far below 2^53 (9e15: year 287396 in ms), so it is
 * read as a Number, as SQLite gives it. A value that would lose precision fails the query instead of being
 * rounded. `numeric` (what `sum(bigint)` and `avg` return) stays a string: repositories convert it.
 */
export function parseInt8(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 ${text} is beyond 2^53 and cannot be a Number`)
  return value
}

// This pool's own parsers: the process-wide `pg.types` is left alone for any other pg user.
const types = new pg.TypeOverrides()
types.setTypeParser(int8, 'text', parseInt8)

/** The URL with the schema added to its `options` (the URL's own parameters win over the pool config). */
function withSchema(url: string, schema: string | undefined): string {
  if (schema === undefined) return url
  if (!/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`not a plain schema name: ${JSON.stringify(schema)}`)
  const parsed = new URL(url)
  const options = [parsed.searchParams.get('options'), `-c search_path=${schema}`].filter(Boolean)
  parsed.searchParams.set('options', options.join(' '))
  return parsed.toString()
}

/**
 * Names for the statements with parameters, so that each connection parses and plans one only once (pg
 * keeps a named statement per connection and then sends Bind and Execute alone): a fetch's metering commit
 * and the lookups around it are a handful of fixed texts, run thousands of times a second. Texts without
 * parameters keep the simple protocol (a migration may hold several statements). At most
 * `maxNamedStatements` texts get a name, so texts built from data (an `in` list of varying length) cannot
 * grow each connection's statements without bound; the rest are parsed each time, as before.
 *
 * A named statement's name and text are kept in one object per text, which each query's config has as its
 * prototype, with nothing of its own: pg copies every config it is given, property by property through
 * `Object.getOwnPropertyDescriptors`, keeping its prototype (`cloneQueryConfig`), some 18,700 instructions a
 * statement for `{ name, text, values }` where an object with no property of its own costs next to nothing
 * (docs/performance.md); the values go beside it, as the query's second argument.
 */
const maxNamedStatements = 1_000
type NamedStatement = { readonly name: string; readonly text: string }
const namedStatements = new Map<string, NamedStatement>()

function namedStatement(sql: string): NamedStatement | undefined {
  let statement = namedStatements.get(sql)
  if (statement === undefined && namedStatements.size < maxNamedStatements) {
    statement = { name: `sp_${createHash('sha1').update(sql).digest('hex')}`, text: sql }
    namedStatements.set(sql, statement)
  }
  return statement
}

/**
 * The server's answers to a named statement that a pooler moved between connections: the connection has no
 * statement of that name (26000), or has one already (42P05) because another client prepared it there.
 */
const lostStatementCodes = new Set(['26000', '42P05'])

/** How much longer than the server's statement time-out the client waits for an answer. */
const clientTimeoutMarginMs = 1_000

/**
 * The pool as Kysely sees it, with faults of the database turned into `database_unavailable`. A connection
 * whose statement failed without an answer from the server (lost, or timed out on the client) is released
 * with that error, so pg-pool destroys it instead of handing out a connection still waiting for a reply.
 *
 * Each pg connection has one such wrapper for its life, handed out at every checkout: Kysely keeps its own
 * connection object per object the pool hands it (a WeakMap), so a wrapper made afresh at each checkout was a
 * new Kysely connection, a WeakMap entry, two closures and an error listener added and removed per statement,
 * which a fetch's metering commit paid every time (docs/performance.md).
 */
function faultAwarePool(
  pool: pg.Pool,
  preparedStatements: boolean,
  onStatementsLost: ((error: Error) => void) | undefined,
): PostgresPool {
  let statementsLost = false
  let ended: Promise<void> | undefined
  const wrappers = new WeakMap<pg.PoolClient, GuardedClient>()

  function guard(client: pg.PoolClient): GuardedClient {
    // What failed the connection during the current checkout: set by the connection's error event or by a
    // statement that got no answer, cleared at the next checkout. pg-pool listens for errors only on idle
    // connections: one lost while checked out, between two statements, would otherwise be an uncaught
    // 'error' event and end the process. This listener stays for the connection's life; an error while it
    // is idle makes pg-pool drop it, so that connection is never checked out again.
    let lost: Error | undefined
    client.on('error', (error: Error) => {
      lost = error
    })
    return {
      checkedOut() {
        lost = undefined
      },
      query: (async (sql: string, parameters: readonly unknown[]) => {
        try {
          const values = [...parameters]
          const statement = !preparedStatements || parameters.length === 0 ? undefined : namedStatement(sql)
          const result = await (statement === undefined
            ? client.query(sql, values)
            : client.query(Object.create(statement) as pg.QueryConfig, values))
          return result as PostgresQueryResult<unknown>
        } catch (error) {
          if (isDatabaseFault(error) && !(error instanceof pg.DatabaseError)) lost = error as Error
          if (
            preparedStatements &&
            !statementsLost &&
            error instanceof pg.DatabaseError &&
            lostStatementCodes.has(error.code ?? '')
          ) {
            statementsLost = true
            onStatementsLost?.(error)
          }
          throw asDatabaseFault(error)
        }
      }) as PostgresPoolClient['query'],
      release: () => client.release(lost),
    }
  }

  return {
    async connect() {
      let client: pg.PoolClient
      try {
        client = await pool.connect()
      } catch (error) {
        // Nothing was sent: whatever stopped the connection (refused, time-out, pool ended), it is the
        // database that cannot serve. Bugs (TypeError...) stay bugs.
        if (error instanceof TypeError || error instanceof RangeError) throw error
        throw databaseUnavailable(error)
      }
      let guarded = wrappers.get(client)
      if (guarded === undefined) {
        guarded = guard(client)
        wrappers.set(client, guarded)
      }
      guarded.checkedOut()
      return guarded
    },
    // Once: Kysely's driver ends the pool it started, and the Database ends it in any case.
    end: () => (ended ??= pool.end()),
  }
}

/** A pg connection as the pool hands it to Kysely, once per connection (`faultAwarePool`). */
type GuardedClient = PostgresPoolClient & { checkedOut(): void }

/**
 * A Database on PostgreSQL that holds its pool: `postgresPoolOf` hands it out, and `destroy()` ends it also
 * when no statement went through Kysely, whose driver ends the pool only once a statement of its own has
 * started it.
 */
class PostgresDatabase extends Kysely<DatabaseSchema> {
  readonly pool: PostgresPool

  constructor(config: KyselyConfig, pool: PostgresPool) {
    super(config)
    this.pool = pool
  }

  override async destroy(): Promise<void> {
    await super.destroy()
    await this.pool.end()
  }
}

/**
 * The pool under a Database of `openPostgresDatabase`, as Kysely's driver takes its connections from it
 * (faults turned into `database_unavailable`, named statements), for the one statement on every fetch's path
 * that costs less sent on a connection of its own than through Kysely's executor and driver (the metering
 * commit: usage-repository.ts); undefined for any other Database (SQLite, or one Kysely derived, such as
 * `withTables()`). A statement sent so runs outside any transaction Kysely has open.
 */
export function postgresPoolOf(db: Kysely<DatabaseSchema>): PostgresPool | undefined {
  return db instanceof PostgresDatabase ? db.pool : undefined
}

export function openPostgresDatabase(url: string, options: PostgresOptions = {}): Kysely<DatabaseSchema> {
  const settings = { ...postgresPoolDefaults, ...options }
  const pool = new pg.Pool({
    connectionString: withSchema(url, options.schema),
    max: settings.size,
    // Opening a connection and waiting for a free one both give up after this: a request fails fast
    // (and /readyz reports it) rather than queueing behind a database that does not answer.
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // A connection once opened stays open (up to `size`, which the connection budget counts whole): closing
    // one idle for a while only made the next burst fork a server process and warm its caches again.
    idleTimeoutMillis: 0,
    keepAlive: true,
    application_name: 'sallyport',
    ...(settings.statementTimeoutMs > 0 && {
      statement_timeout: settings.statementTimeoutMs,
      query_timeout: settings.statementTimeoutMs + clientTimeoutMarginMs,
    }),
    types,
  })
  // Without a listener an idle connection's error (a server restart) would end the process.
  pool.on('error', (error) => options.onIdleError?.(error))
  // Introspection (the Migrator's "do my tables exist?") sees this process's schema only: schema-introspector.ts.
  const guarded = faultAwarePool(pool, settings.preparedStatements, options.onStatementsLost)
  return new PostgresDatabase({ dialect: new CurrentSchemaPostgresDialect({ pool: guarded }) }, guarded)
}
