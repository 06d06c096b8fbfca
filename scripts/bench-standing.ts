/**
 * What the standing check costs per fetch (docs/billing.md): from the cache (trial, paid, paid with a
 * cap) and on a miss (two SQLite queries). `node --import tsx scripts/bench-standing.ts`
 */
import { createBillingStack } from '../src/gateway/billing/billing-stack.ts'
import { dayOf, periodOf } from '../src/gateway/billing/period.ts'
import { createPlanCatalog } from '../src/gateway/billing/plans.ts'
import { createUsageRepository } from '../src/gateway/metering/usage-repository.ts'
import { openSqliteDatabase } from '../src/infra/database/database.ts'
import { migrateToLatest } from '../src/infra/database/migrator.ts'
import { systemClock } from '../src/shared/clock.ts'

const db = openSqliteDatabase(':memory:')
await migrateToLatest(db)
const now = Date.now()
for (const [id, plan] of [
  ['acct_trial', 'trial'],
  ['acct_paid', 'entry'],
  ['acct_capped', 'entry'],
] as const) {
  const email = `${id}@example.com`
  await db
    .insertInto('accounts')
    .values({
      id,
      email,
      email_key: email,
      password_hash: 'x',
      plan,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute()
}
await db
  .insertInto('spend_caps')
  .values({ account_id: 'acct_capped', cap_cents: 100_000, updated_at: now })
  .execute()
const usage = createUsageRepository(db)
const period = periodOf(now)
for (let at = period.start; dayOf(at) <= dayOf(now); at += 86_400_000)
  await usage.add('acct_capped', dayOf(at), 1_000, 1)
const { standing } = createBillingStack({
  db,
  metering: { unwritten: () => ({ requests: 3, bytes: 0 }), requestsUsed: async () => 0 },
  clock: systemClock,
  catalog: createPlanCatalog(),
})

async function measure(label: string, calls: number, call: () => unknown): Promise<void> {
  for (let i = 0; i < 1_000; i++) await call()
  const started = process.hrtime.bigint()
  for (let i = 0; i < calls; i++) await call()
  const micros = Number(process.hrtime.bigint() - started) / calls / 1_000
  console.log(`${label.padEnd(40)} ${micros.toFixed(2)} µs per call (${calls} calls)`)
}

await measure('cached: trial', 200_000, () => standing.standingFor('acct_trial', now))
await measure('cached: paid, no cap', 200_000, () => standing.standingFor('acct_paid', now))
await measure('cached: paid, with a cap', 200_000, () => standing.standingFor('acct_capped', now))
await measure('miss: paid, with a cap (2 queries)', 20_000, () => {
  standing.forget('acct_capped')
  return standing.standingFor('acct_capped', now)
})
await db.destroy()
