/** The database of one process: where it is and how its PostgreSQL pool is sized. */
import { resolve } from 'node:path'
import process from 'node:process'
import { defaults } from './defaults.ts'
import { integer, logLevel, onOff, optional, type Env } from './env-parsing.ts'
import type { LogLevel } from '../shared/logger.ts'

/** The PostgreSQL pool of one process (SQLite ignores it): docs/deploy.md says how to size it. */
export type DatabasePoolConfig = Readonly<{
  /** SALLYPORT_DATABASE_POOL_SIZE: connections per process. */
  size: number
  /** SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS: server-side cap on one statement; 0 for none. */
  statementTimeoutMs: number
  /** SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS: cap on connecting and on waiting for a free connection. */
  connectTimeoutMs: number
  /**
   * SALLYPORT_DATABASE_PREPARED_STATEMENTS (`on`, `off`): statements parsed and planned once per connection;
   * `off` behind a pooler in transaction mode that does not keep them (docs/deploy.md).
   */
  preparedStatements: boolean
}>

/** What `sallyport migrate` and the account admin commands need: the database, nothing of the fleet. */
export type DatabaseConfig = Readonly<{
  dataDir: string
  databaseUrl: string | undefined
  databasePool: DatabasePoolConfig
  logLevel: LogLevel
}>

export function loadDatabasePool(env: Env = process.env): DatabasePoolConfig {
  return Object.freeze({
    size: integer(
      'SALLYPORT_DATABASE_POOL_SIZE',
      env.SALLYPORT_DATABASE_POOL_SIZE,
      defaults.databasePoolSize,
      1,
    ),
    statementTimeoutMs: integer(
      'SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS',
      env.SALLYPORT_DATABASE_STATEMENT_TIMEOUT_MS,
      defaults.databaseStatementTimeoutMs,
    ),
    connectTimeoutMs: integer(
      'SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS',
      env.SALLYPORT_DATABASE_CONNECT_TIMEOUT_MS,
      defaults.databaseConnectTimeoutMs,
      1,
    ),
    preparedStatements: onOff(
      'SALLYPORT_DATABASE_PREPARED_STATEMENTS',
      env.SALLYPORT_DATABASE_PREPARED_STATEMENTS,
      true,
    ),
  })
}

export function loadDatabaseConfig(env: Env = process.env): DatabaseConfig {
  return Object.freeze({
    dataDir: resolve(env.SALLYPORT_DATA_DIR ?? defaults.dataDir),
    databaseUrl: optional(env.SALLYPORT_DATABASE_URL),
    databasePool: loadDatabasePool(env),
    logLevel: logLevel(env.SALLYPORT_LOG_LEVEL),
  })
}
