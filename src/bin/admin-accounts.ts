/**
 * The account services of the admin commands: on the database directly (migrated first), with no mail and
 * no public URL. A refusal of the services reads as a command-line error, not a stack trace.
 */
import pino from 'pino'
import type { DatabaseConfig } from '../config/database-config.ts'
import { ConfigError } from '../config/env-parsing.ts'
import { openDatabase, type Database } from '../infra/database/database.ts'
import { migrateToLatest } from '../infra/database/migrator.ts'
import { systemClock } from '../shared/clock.ts'
import { AppError } from '../shared/errors.ts'
import { loggerOptions } from '../shared/logger.ts'
import { createAccountStack, type AccountStack } from '../gateway/accounts/account-stack.ts'
import type { PasswordHasher } from '../gateway/accounts/password-hasher.ts'

export async function withAdminAccounts<T>(
  config: DatabaseConfig,
  work: (accounts: AccountStack, db: Database) => Promise<T>,
  /** The benchmark's accounts, whose passwords nobody uses, take cheap scrypt parameters. */
  options: { hasher?: PasswordHasher } = {},
): Promise<T> {
  const db = openDatabase(config)
  try {
    await migrateToLatest(db)
    const accounts = createAccountStack({
      db,
      mailer: { send: () => Promise.reject(new Error('admin commands send no mail')) },
      clock: systemClock,
      log: pino(loggerOptions(config.logLevel, 'admin')),
      links: { base: () => 'http://localhost' },
      ...options,
    })
    try {
      return await work(accounts, db)
    } finally {
      await accounts.drain()
    }
  } catch (error) {
    if (error instanceof AppError) throw new ConfigError(error.message)
    throw error
  } finally {
    await db.destroy()
  }
}
