/**
 * Not a test: the figures behind docs/deploy.md's pool sizing. The hot-path key lookup on each engine,
 * one caller in sequence and 64 concurrent callers over PostgreSQL pools of several sizes, and the usage
 * upsert metering writes once a second per account.
 *
 *   node --import tsx test/integration/database/pool-bench.ts
 */
import { createKeyRepository } from '../../../src/gateway/keys/key-repository.ts'
import { createUsageRepository } from '../../../src/gateway/metering/usage-repository.ts'
import { openPostgresDatabase } from '../../../src/infra/database/postgres.ts'
import type { Database } from '../../../src/infra/database/database.ts'
import { openers, postgresAvailable, postgresUrl } from '../../helpers/databases.ts'
import { insertAccount } from '../../helpers/account-rows.ts'

const lookups = 20_000
const callers = 64

async function lookupsPerSecond(db: Database): Promise<number> {
  const keys = createKeyRepository(db)
  await Promise.all(Array.from({ length: callers }, () => keys.findLiveByDigest('d')))
  let started = 0
  const start = performance.now()
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (started < lookups) {
        started++
        await keys.findLiveByDigest('d')
      }
    }),
  )
  return lookups / ((performance.now() - start) / 1000)
}

for (const dialect of postgresAvailable ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
  const test = await openers[dialect]()
  try {
    const { db } = test
    await insertAccount(db, 'a', { email: 'a', email_key: 'a' })
    const keys = createKeyRepository(db)
    await keys.insert({
      id: 'k',
      account_id: 'a',
      name: 'n',
      scopes: 'proxy',
      digest: 'd',
      prefix: 'p',
      created_at: 1,
      last_used_at: null,
      revoked_at: null,
    })
    for (let i = 0; i < 500; i++) await keys.findLiveByDigest('d')
    let start = performance.now()
    for (let i = 0; i < 3_000; i++) await keys.findLiveByDigest('d')
    console.log(
      `${dialect}: key lookup, one caller: ${(((performance.now() - start) / 3_000) * 1000).toFixed(0)} µs each`,
    )
    if (dialect === 'sqlite') {
      console.log(`${dialect}: key lookup, ${callers} callers: ${(await lookupsPerSecond(db)).toFixed(0)}/s`)
    } else {
      const schema = new URL(test.env.SALLYPORT_DATABASE_URL!).searchParams.get('options')!.split('=')[1]!
      for (const size of [1, 2, 5, 10, 20]) {
        const pool = openPostgresDatabase(postgresUrl, { size, schema })
        try {
          console.log(
            `${dialect}: key lookup, ${callers} callers, pool ${size}: ${(await lookupsPerSecond(pool)).toFixed(0)}/s`,
          )
        } finally {
          await pool.destroy()
        }
      }
    }
    const usage = createUsageRepository(db)
    start = performance.now()
    for (let i = 0; i < 1_000; i++) await usage.add('a', '2026-01-01', 1, 100)
    console.log(
      `${dialect}: usage upsert, one caller: ${(((performance.now() - start) / 1_000) * 1000).toFixed(0)} µs each`,
    )
  } finally {
    await test.close()
  }
}
