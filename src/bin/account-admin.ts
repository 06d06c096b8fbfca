/**
 * `sallyport admin create-account` and `create-key` (DESIGN 4), and `sallyport migrate`. They work on the
 * database directly (migrating it first), so they run beside a live gateway or before the first start.
 */
import { parseArgs } from 'node:util'
import { loadDatabaseConfig } from '../config/database-config.ts'
import { ConfigError } from '../config/env-parsing.ts'
import { describeDatabase, openDatabase, type Database } from '../infra/database/database.ts'
import { migrateToLatest } from '../infra/database/migrator.ts'
import { randomBase62 } from '../shared/ids.ts'
import type { AccountStack } from '../gateway/accounts/account-stack.ts'
import { withAdminAccounts } from './admin-accounts.ts'
import { scopes as knownScopes, type Scope } from '../gateway/keys/scopes.ts'

function withAccounts<T>(work: (stack: AccountStack) => Promise<T>): Promise<T> {
  return withAdminAccounts(loadDatabaseConfig(), work)
}

function requireEmail(email: string | undefined, command: string): string {
  if (email === undefined || email.trim() === '') throw new ConfigError(`${command} needs --email ADDRESS`)
  return email
}

export async function createAccount(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  })
  const email = requireEmail(values.email, 'create-account')
  const password = values.password ?? randomBase62(20)
  const account = await withAccounts((stack) => stack.accounts.createVerifiedAccount(email, password))
  console.log(`created account ${account.id} for ${account.email} (verified, plan ${account.plan})`)
  if (values.password === undefined) console.log(`password: ${password}`)
}

function parseScopes(raw: string | undefined): Scope[] {
  const wanted = (raw ?? '')
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '')
  const unknown = wanted.filter((scope) => !(knownScopes as readonly string[]).includes(scope))
  if (wanted.length === 0 || unknown.length > 0) {
    throw new ConfigError(`--scopes is a comma-separated list of ${knownScopes.join(', ')}`)
  }
  return knownScopes.filter((scope) => wanted.includes(scope))
}

export async function createKey(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' } },
    strict: true,
  })
  const email = requireEmail(values.email, 'create-key')
  if (values.name === undefined) throw new ConfigError('create-key needs --name NAME')
  const scopes = parseScopes(values.scopes)
  const name = values.name
  const { account, minted } = await withAccounts(async (stack) => {
    const found = await stack.accounts.findByEmail(email)
    if (found === undefined) throw new ConfigError(`no account for ${email}`)
    if (found.email_verified_at === null)
      throw new ConfigError(`${found.email} has not verified its address yet`)
    return { account: found, minted: await stack.keys.mint(found.id, { name, scopes }) }
  })
  console.log(
    `created key ${minted.id} "${minted.name}" (${minted.scopes.join(', ')}) for ${account.email} (${account.id})`,
  )
  console.log(`key: ${minted.key}`)
  console.log('The key is shown this once: only its digest is stored.')
}

export async function runMigrate(args: string[]): Promise<void> {
  parseArgs({ args, options: {}, strict: true })
  const config = loadDatabaseConfig()
  // No statement time-out here: a migration may rewrite a large table, and an operator is watching.
  const db: Database = openDatabase({
    ...config,
    databasePool: { ...config.databasePool, statementTimeoutMs: 0 },
  })
  const where = describeDatabase(config)
  try {
    const { applied } = await migrateToLatest(db)
    console.log(
      applied.length === 0
        ? `database ${where}: up to date`
        : `database ${where}: applied ${applied.join(', ')}`,
    )
  } finally {
    await db.destroy()
  }
}
