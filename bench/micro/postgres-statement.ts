/**
 * `node --import tsx bench/micro/postgres-statement.ts [--quick] [--rounds 3]`
 *
 * What a statement with parameters costs this process on PostgreSQL, one at a time as the metering commit
 * runs at concurrency 1 (once per fetch, on the fetch's path): the same named one-row statement sent through
 * Kysely's executor (`db.executeQuery`, what every repository does) and straight on a connection of the pool
 * Kysely's driver uses (`postgresPoolOf`, what the metering commit does: usage-repository.ts), in alternated
 * rounds. This process's CPU per statement, round trip and wake-ups included, so read the difference of the
 * two rows of a round. Against the PostgreSQL at SALLYPORT_TEST_POSTGRES_URL (default
 * postgres://postgres@127.0.0.1:5432/test); it writes nothing.
 */
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { openPostgresDatabase, postgresPoolOf } from '../../src/infra/database/postgres.ts'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, rounds: { type: 'string', default: '3' } },
  strict: true,
})
const calls = values.quick ? 3_000 : 20_000
const rounds = Number(values.rounds)
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number >= 1')

const url = process.env.SALLYPORT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const db = openPostgresDatabase(url, { size: 2 })
try {
  const pool = postgresPoolOf(db)
  if (pool === undefined) throw new Error('a Database of openPostgresDatabase has its pool')
  const statement = sql`select ${0}::int8 + 1 as n`.compile(db)
  let i = 0
  const throughKysely = () => db.executeQuery({ ...statement, parameters: [++i] })
  const straight = async () => {
    const connection = await pool.connect()
    try {
      await connection.query(statement.sql, [++i])
    } finally {
      connection.release()
    }
  }
  const noun = { one: 'statement', many: 'statements' }
  console.log(`one named statement at a time on PostgreSQL, ${calls} calls per row\n`)
  for (let round = 1; round <= rounds; round++) {
    await timeCalls(`round ${round}: through Kysely's executor`, 1, calls, throughKysely, noun)
    await timeCalls(`round ${round}: straight on a pooled connection`, 1, calls, straight, noun)
  }
} finally {
  await db.destroy()
}
