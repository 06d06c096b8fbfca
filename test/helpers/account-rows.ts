/**
 * An account row written straight into the database, for tests of what hangs off an account (keys,
 * sessions, usage, billing). By default a verified trial account made at time 1, at `<id>@example.com`.
 */
import type { Database } from '../../src/infra/database/database.ts'
import type { AccountsTable } from '../../src/infra/database/schema.ts'

export async function insertAccount(
  db: Database,
  id: string,
  fields: Partial<AccountsTable> = {},
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      id,
      email: `${id}@example.com`,
      email_key: `${id}@example.com`,
      password_hash: 'x',
      plan: 'trial',
      email_verified_at: 1,
      created_at: 1,
      updated_at: 1,
      ...fields,
    })
    .execute()
}
