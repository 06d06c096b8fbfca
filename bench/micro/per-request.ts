/**
 * `node --import tsx bench/micro/per-request.ts [--quick]`
 *
 * What single per-request operations of the fetch path cost, in-process (no HTTP, no load generator), to
 * put the CPU profile's entries into microseconds and to size the optimisations docs/performance.md
 * suggests. Each figure is the median of 7 batches, in CPU microseconds per operation. It imports the
 * repo's own modules (read-only), so it measures the code as it is; the "alternative" rows are what a
 * change would cost instead. No network at all: SQLite in a temp dir, everything else in memory.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type BetterSqlite3 from 'better-sqlite3'
import { SQLite } from '../../src/infra/database/sqlite-binding.ts'
import { Kysely, SqliteDialect } from 'kysely'
import pino from 'pino'
import type { DatabaseSchema } from '../../src/infra/database/schema.ts'
import { openSqliteDatabase } from '../../src/infra/database/database.ts'
import { migrateToLatest } from '../../src/infra/database/migrator.ts'
import { createAccountStack } from '../../src/gateway/accounts/account-stack.ts'
import { createUsageRepository } from '../../src/gateway/metering/usage-repository.ts'
import { isWellFormedApiKey } from '../../src/gateway/keys/api-key-format.ts'
import { createKeyRepository, liveByDigestQuery } from '../../src/gateway/keys/key-repository.ts'
import { keyDigest } from '../../src/gateway/keys/key-service.ts'
import { systemClock } from '../../src/shared/clock.ts'
import { newId } from '../../src/shared/ids.ts'
import { signFleetCall, verifyFleetCall } from '../../src/shared/fleet-contract.ts'
import { decodeBody } from '../../src/node/fetching/charset.ts'
import { makeBody, textEnvelope } from '../lib/bodies.ts'

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } }, strict: true })
const targetBatchMs = values.quick ? 20 : 150

type Row = { name: string; microseconds: number; note: string }
const rows: Row[] = []

/**
 * Calibrates a batch size to ~targetBatchMs, then reports the median of 7 batches in CPU µs per op.
 * CPU time (process.cpuUsage), not wall time: on a machine shared with other work, time spent waiting
 * for a core is not the operation's cost. Work an op leaves behind (background writes) lands in a batch.
 */
async function measure(name: string, note: string, op: () => unknown): Promise<void> {
  const runBatch = async (count: number) => {
    const started = process.cpuUsage()
    for (let i = 0; i < count; i++) {
      const result = op()
      if (result instanceof Promise) await result
    }
    const used = process.cpuUsage(started)
    return (used.user + used.system) / 1000
  }
  let count = 16
  for (let elapsed = await runBatch(count); elapsed < targetBatchMs / 4 && count < 1 << 24;) {
    count *= 4
    elapsed = await runBatch(count)
  }
  const perOp: number[] = []
  for (let batch = 0; batch < 7; batch++) perOp.push(((await runBatch(count)) * 1000) / count)
  perOp.sort((a, b) => a - b)
  const microseconds = perOp[3]!
  rows.push({ name, microseconds, note })
  console.log(`${microseconds.toFixed(2).padStart(10)} µs CPU  ${name}${note === '' ? '' : `  (${note})`}`)
}

const dir = mkdtempSync(join(tmpdir(), 'sallyport-micro-'))
try {
  console.log('Per-request operations, CPU µs per operation (median of 7 batches; in-process)\n')

  // ---- the gateway's database work per request: key lookup (auth) and the usage upsert (metering)
  const file = join(dir, 'sallyport.db')
  const db = openSqliteDatabase(file)
  await migrateToLatest(db)
  const log = pino({ level: 'silent' })
  const stack = createAccountStack({
    db,
    mailer: { send: () => Promise.resolve() },
    clock: systemClock,
    log,
    links: { base: () => 'http://127.0.0.1' },
  })
  const account = await stack.accounts.createVerifiedAccount('micro@example.test', 'correct horse battery')
  const { key } = await stack.keys.mint(account.id, { name: 'micro', scopes: ['proxy'] })
  await stack.background.drain()

  await measure('authenticate(key): Kysely + better-sqlite3, as the gateway does', 'per request', () =>
    stack.authenticator.authenticate(key),
  )
  // The SELECT of key-repository.ts findLiveByDigest, uncompiled, to take it apart.
  const lookup = liveByDigestQuery(db, 'x')
  await measure('  of which: isWellFormedApiKey (shape + CRC32)', '', () => isWellFormedApiKey(key))
  await measure('  of which: keyDigest (SHA-256 hex)', '', () => keyDigest(key))
  const keyDigestHex = keyDigest(key)
  const keyRepository = createKeyRepository(db)
  await measure('  of which: findLiveByDigest through Kysely', 'build, compile, prepare, run', () =>
    keyRepository.findLiveByDigest(keyDigestHex),
  )
  await measure('  of which: building + compiling the Kysely query', 'no SQLite', () => lookup.compile())
  const raw = new SQLite(file)
  raw.pragma('journal_mode = WAL')
  const compiled = lookup.compile()
  await measure('  of which: better-sqlite3 prepare() of that SQL', 'Kysely does this on EVERY query', () =>
    raw.prepare(compiled.sql),
  )
  const cachedLookup = raw.prepare(compiled.sql)
  await measure('alternative: the same SELECT on a cached prepared statement', 'stmt.get()', () =>
    cachedLookup.get(keyDigestHex, ...compiled.parameters.slice(1)),
  )

  // Kysely itself with one change: the better-sqlite3 handle it gets memoises prepare() by SQL text.
  const cachingSqlite = new SQLite(file)
  cachingSqlite.pragma('journal_mode = WAL')
  const statements = new Map<string, BetterSqlite3.Statement>()
  const cachingDb = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({
      database: {
        close: () => cachingSqlite.close(),
        prepare: (sql: string) => {
          let statement = statements.get(sql)
          if (statement === undefined) {
            statement = cachingSqlite.prepare(sql)
            statements.set(sql, statement)
          }
          return statement
        },
      },
    }),
  })
  const cachingKeys = createKeyRepository(cachingDb)
  await measure('alternative: findLiveByDigest through Kysely over a prepare() cache', 'same code', () =>
    cachingKeys.findLiveByDigest(keyDigestHex),
  )
  const cachingUsage = createUsageRepository(cachingDb)

  const usage = createUsageRepository(db)
  await measure('metering: one usage upsert through Kysely', 'was per request; now once a second', () =>
    usage.add(account.id, '2026-01-01', 1, 1500),
  )
  const upsert = raw.prepare(
    'insert into usage_daily (account_id, day, requests, bytes) values (?, ?, ?, ?) ' +
      'on conflict (account_id, day) do update set requests = requests + excluded.requests, bytes = bytes + excluded.bytes',
  )
  await measure('alternative: the same upsert on a cached prepared statement', 'stmt.run()', () =>
    upsert.run(account.id, '2026-01-02', 1, 1500),
  )
  await measure('alternative: usage upsert through Kysely over a prepare() cache', 'same code', () =>
    cachingUsage.add(account.id, '2026-01-03', 1, 1500),
  )
  const pending = new Map<string, { requests: number; bytes: number }>()
  await measure('alternative: add to an in-memory per-account total (flushed every second)', 'Map', () => {
    const entry = pending.get(account.id)
    if (entry === undefined) pending.set(account.id, { requests: 1, bytes: 1500 })
    else {
      entry.requests++
      entry.bytes += 1500
    }
  })
  raw.close()
  await cachingDb.destroy()
  await db.destroy()

  // ---- ids, signatures, envelopes
  await measure(
    "newId('req', 20): Fastify genReqId, gateway (and 16 on the node)",
    'randomBytes per call',
    () => newId('req', 20),
  )
  let counter = 0
  const prefix = `req_${newId('req', 8).slice(4)}`
  await measure('alternative: process prefix + counter', '', () => `${prefix}${(counter++).toString(36)}`)

  const job = JSON.stringify({ url: 'http://127.0.0.1:8080/1k', user_agent: null })
  const secret = 'x'.repeat(43)
  await measure('signFleetCall + verifyFleetCall for one fetch job', 'SHA-256 + HMAC, twice', () => {
    const headers = signFleetCall(secret, 'POST', '/fleet/v1/fetch', job, Date.now())
    return verifyFleetCall(secret, 'POST', '/fleet/v1/fetch', Buffer.from(job), headers, Date.now())
  })
  await measure('new AbortController() + listener add/remove', 'three per request', () => {
    const controller = new AbortController()
    const listener = () => undefined
    controller.signal.addEventListener('abort', listener, { once: true })
    controller.signal.removeEventListener('abort', listener)
  })

  for (const [label, size] of [
    ['1 KiB', 1024],
    ['1 MiB', 1024 * 1024],
  ] as const) {
    const body = makeBody(size)
    await measure(`decodeBody(${label}, 'text/plain; charset=utf-8')`, 'TextDecoder', () =>
      decodeBody(body, 'text/plain; charset=utf-8'),
    )
    await measure(`alternative: buffer.toString('utf8') for ${label}`, 'when the label is utf-8', () =>
      body.toString('utf8'),
    )
    const envelope = textEnvelope(decodeBody(body, 'text/plain; charset=utf-8'), size)
    await measure(`JSON.stringify(node envelope, ${label} body)`, 'the node, per request', () =>
      JSON.stringify(envelope),
    )
    const json = JSON.stringify(envelope)
    await measure(`Buffer.byteLength(envelope JSON), ${label}`, 'Fastify, for content-length', () =>
      Buffer.byteLength(json),
    )
    await measure(`Buffer.from(envelope JSON), ${label}`, 'encoding the string for the socket', () =>
      Buffer.from(json),
    )
    const serialised = Buffer.from(json)
    const head = Buffer.from('{"region_used":"us-east",')
    await measure(`Buffer.concat region_used splice, ${label} envelope`, 'the gateway, per request', () =>
      Buffer.concat([head, serialised.subarray(1)]),
    )
  }
  console.log(`\nnode ${process.version}; ${rows.length} figures`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
