/**
 * `node --import tsx bench/micro/usage-add-once.ts [--quick]`
 *
 * What metering's group commit costs on SQLite, the embedded default of `sallyport dev`: the repo's
 * usage repository `addOnce` (read the writer's last number, add the counts, record the number, in one
 * transaction) on a migrated temp database, one write per call, one call at a time as at concurrency 1,
 * where it runs once per fetch on the fetch's path (docs/adr/0007-metering-before-delivery.md).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createUsageRepository } from '../../src/gateway/metering/usage-repository.ts'
import { databaseFileName, openSqliteDatabase } from '../../src/infra/database/database.ts'
import { migrateToLatest } from '../../src/infra/database/migrator.ts'
import { insertAccount } from '../../test/helpers/account-rows.ts'
import { timeCalls } from '../lib/calls.ts'

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, strict: true })
const calls = values.quick ? 3_000 : 20_000

const dir = mkdtempSync(join(tmpdir(), 'sallyport-micro-'))
const db = openSqliteDatabase(join(dir, databaseFileName))
try {
  await migrateToLatest(db)
  await insertAccount(db, 'acct_micro')
  const usage = createUsageRepository(db)
  let seq = 0
  console.log(`metering's group commit on SQLite, ${calls} calls per row\n`)
  await timeCalls('usage addOnce, one write per commit, c=1', 1, calls, () =>
    usage.addOnce('gw-micro', [
      { accountId: 'acct_micro', day: '2026-01-01', writes: [{ seq: ++seq, requests: 1, bytes: 1500 }] },
    ]),
  )
  // The same commit sent again: its number is already recorded, so only the read runs.
  await timeCalls('usage addOnce, a write sent again (adds nothing), c=1', 1, calls, () =>
    usage.addOnce('gw-micro', [
      { accountId: 'acct_micro', day: '2026-01-01', writes: [{ seq: 1, requests: 1, bytes: 1500 }] },
    ]),
  )
  console.log(`\nnode ${process.version}`)
} finally {
  await db.destroy()
  rmSync(dir, { recursive: true, force: true })
}
