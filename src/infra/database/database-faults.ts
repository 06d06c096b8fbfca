/**
 * When PostgreSQL cannot serve, a request fails fast with 503 `database_unavailable` and `Retry-After`
 * instead of a 500 (docs/deploy.md, "Faults and shutdown"; docs/adr/0004-store-faults.md). The pool adapter
 * of postgres.ts turns such failures into this one AppError, so every repository, the key lookup included,
 * answers alike without knowing about it.
 *
 * A fault is a failure of the database, not of the statement: no connection (refused, reset, time-out,
 * the pool's wait for a free connection), a connection lost mid-statement, a server shutting down,
 * restarting or refusing connections, a statement ended by `statement_timeout`, a read-only server after a
 * fail-over. A constraint violation or a bad statement is not: it stays what it was (a 500, or what the
 * repository makes of it).
 */
import pg from 'pg'
import { AppError } from '../../shared/errors.ts'

/** Seconds a client waits before retrying; a restarted server or a new connection takes about that. */
export const databaseRetryAfterSeconds = 5

/** SQLSTATEs that say the server cannot serve right now (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const unavailableStates = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '53100', // disk_full
  '53200', // out_of_memory
  '25006', // read_only_sql_transaction: a standby after a fail-over
])

/** Socket errors: the connection could not be made or was lost. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])

/**
 * node-postgres reports a lost or timed-out connection with plain Errors and no code: "Connection terminated
 * unexpectedly", "timeout exceeded when trying to connect", "Query read timeout", "Client has encountered a
 * connection error and is not queryable".
 */
const clientMessages =
  /connection terminated|timeout exceeded|query read timeout|not queryable|connection error/i

/** True when `error` says the database cannot serve, rather than that the statement was wrong. */
export function isDatabaseFault(error: unknown): boolean {
  if (error instanceof AppError) return error.code === 'database_unavailable'
  if (!(error instanceof Error)) return false
  // A bug of ours (a type parser refusing a value, say) is never an outage.
  if (error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError) return false
  const code = (error as { code?: unknown }).code
  if (error instanceof pg.DatabaseError) {
    return typeof code === 'string' && (code.startsWith('08') || unavailableStates.has(code))
  }
  if (typeof code === 'string' && socketCodes.has(code)) return true
  return clientMessages.test(error.message)
}

export function databaseUnavailable(cause: unknown): AppError {
  return new AppError(
    'database_unavailable',
    'The service cannot reach its database right now, so nothing was done. Retry shortly.',
    { retryAfter: databaseRetryAfterSeconds, cause },
  )
}

/** `error` as the AppError a caller should see when it is a fault of the database; else unchanged. */
export function asDatabaseFault(error: unknown): unknown {
  if (error instanceof AppError || !isDatabaseFault(error)) return error
  return databaseUnavailable(error)
}
