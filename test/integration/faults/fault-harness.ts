/**
 * A gateway on real stores with a TCP relay in front of each (tcp-relay.ts), so a test can take PostgreSQL
 * or Redis away from this one gateway and give it back, while the shared servers other tests use carry on.
 * One egress node (in this process) and one target on 127.0.0.1; an account whose limits are out of the
 * way, so the only refusals a test sees are the ones the fault causes.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { loadGatewayConfig } from '../../../src/config/gateway-config.ts'
import { loadNodeConfig } from '../../../src/config/node-config.ts'
import { startGateway, startNode } from '../../../src/bin/servers.ts'
import type { AccountStack } from '../../../src/gateway/accounts/account-stack.ts'
import type { KeyService } from '../../../src/gateway/keys/key-service.ts'
import { openers, postgresUrl, type TestDatabase } from '../../helpers/databases.ts'
import { startTcpRelay, type TcpRelay } from '../../helpers/tcp-relay.ts'
import { connect, deleteUnder, redisUrl } from '../rate-limits/redis-harness.ts'

const fleetSecret = randomBytes(32).toString('base64url')

/** A target whose `/slow` requests wait until the test lets them go. */
export type Target = {
  url: string
  hits: number
  /** Resolves when a `/slow` request has arrived, then holds it until `release()`. */
  slowArrived(): Promise<void>
  release(): void
  close(): Promise<void>
}

export async function startTarget(): Promise<Target> {
  const held: (() => void)[] = []
  const waiting: (() => void)[] = []
  const target = {
    url: '',
    hits: 0,
    slowArrived: () => new Promise<void>((resolve) => waiting.push(resolve)),
    release: () => {
      for (const go of held.splice(0)) go()
    },
    close: async () => {
      for (const go of held.splice(0)) go()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  const server: Server = createServer((request, response) => {
    target.hits++
    const answer = () => {
      response.setHeader('content-type', 'text/plain; charset=utf-8')
      response.end(`hello ${request.url}`)
    }
    if (request.url?.startsWith('/slow') === true) {
      held.push(answer)
      for (const arrived of waiting.splice(0)) arrived()
    } else answer()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  target.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return target
}

export type FaultGateway = {
  base: string
  apiKey: string
  accountId: string
  database: TestDatabase
  postgres: TcpRelay
  redis: TcpRelay | undefined
  /** The gateway's Redis key namespace. */
  prefix: string
  /** The gateway's own key service: minting and revoking as the dashboard does, on this gateway. */
  keys: KeyService
  /** Forces the usage tally out now (it also goes by itself every second). */
  flushUsage(): Promise<void>
  /** Billable requests in the ledger (usage_daily), read past the relay. */
  ledger(): Promise<number>
  close(): Promise<void>
}

export type FaultGatewayOptions = {
  /** A private redis-server's URL; without it, the shared Redis behind a relay (its data survives a cut). */
  redisServerUrl?: string
  env?: Record<string, string>
  /** Another gateway of the same deployment: its database, Redis namespace and account (needs redisServerUrl). */
  peer?: FaultGateway
}

function viaRelay(url: string, relay: TcpRelay): string {
  const parsed = new URL(url)
  parsed.hostname = relay.host
  parsed.port = String(relay.port)
  return parsed.toString()
}

export async function startFaultGateway(options: FaultGatewayOptions): Promise<FaultGateway> {
  const cleanups: (() => Promise<unknown>)[] = []
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
  try {
    const { peer } = options
    const database = peer?.database ?? (await openers.postgres())
    if (peer === undefined) cleanups.push(() => database.close())
    const pg = new URL(postgresUrl)
    const postgres = await startTcpRelay({ host: pg.hostname, port: Number(pg.port || 5432) })
    cleanups.push(() => postgres.close())

    const prefix = peer?.prefix ?? `test:faults:${randomBytes(6).toString('hex')}:`
    let redis: TcpRelay | undefined
    let gatewayRedisUrl: string
    if (options.redisServerUrl === undefined) {
      const shared = new URL(redisUrl)
      const relay = await startTcpRelay({ host: shared.hostname, port: Number(shared.port || 6379) })
      redis = relay
      cleanups.push(() => relay.close())
      gatewayRedisUrl = viaRelay(redisUrl, relay)
      cleanups.push(async () => {
        const admin = connect()
        await deleteUnder(admin, prefix)
        await admin.quit()
      })
    } else gatewayRedisUrl = options.redisServerUrl

    const node = await startNode(
      loadNodeConfig(
        { region: 'us-east', host: '127.0.0.1', port: 0 },
        {
          SALLYPORT_FLEET_SECRET: fleetSecret,
          SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
          SALLYPORT_LOG_LEVEL: 'silent',
        },
      ),
    )
    cleanups.push(() => node.close())

    const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-faults-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const config = loadGatewayConfig(
      { host: '127.0.0.1', port: 0, nodes: [{ region: 'us-east', url: node.url }] },
      {
        SALLYPORT_FLEET_SECRET: fleetSecret,
        SALLYPORT_DATA_DIR: dataDir,
        SALLYPORT_DATABASE_URL: viaRelay(database.env.SALLYPORT_DATABASE_URL!, postgres),
        SALLYPORT_REDIS_URL: gatewayRedisUrl,
        SALLYPORT_REDIS_PREFIX: prefix,
        SALLYPORT_HOST_KEY_SECRET: randomBytes(32).toString('base64url'),
        SALLYPORT_GLOBAL_HOST_LIMIT: '1000000',
        SALLYPORT_HEALTH_INTERVAL_MS: '200',
        SALLYPORT_LOG_LEVEL: process.env.SALLYPORT_TEST_LOG_LEVEL ?? 'silent',
        ...options.env,
      },
    )
    const gateway = await startGateway(config)
    cleanups.push(() => gateway.close())

    const { accounts, keys } = gateway.runtime.account
    const account =
      peer !== undefined
        ? { id: peer.accountId }
        : await accounts.createVerifiedAccount(`faults-${prefix.slice(12, 24)}@example.test`, 'x'.repeat(16))
    // The account's budgets out of the way: the only refusals are the ones a fault causes.
    if (peer === undefined)
      await database.db
        .insertInto('account_limits')
        .values({
          account_id: account.id,
          fetch_per_minute: 1_000_000,
          host_per_minute: 1_000_000,
          general_per_minute: 1_000_000,
          max_in_flight: 1_000,
          updated_at: Date.now(),
        })
        .execute()
    const minted = await keys.mint(account.id, { name: 'faults', scopes: ['proxy', 'read'] })

    const ledger = async () => {
      const { rows } = await sql<{ requests: string | number | null }>`
        select sum(requests) as requests from usage_daily where account_id = ${account.id}`.execute(
        database.db,
      )
      return Number(rows[0]?.requests ?? 0)
    }
    return {
      base: gateway.url,
      apiKey: minted.key,
      accountId: account.id,
      database,
      postgres,
      redis,
      prefix,
      keys,
      // The runtime's account area is the whole account stack (deps.ts), drain() included.
      flushUsage: () => (gateway.runtime.account as unknown as Pick<AccountStack, 'drain'>).drain(),
      ledger,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

export type Outcome = { status: number; code: string | undefined; retryAfter: string | null; ms: number }

/** One fetch through the gateway, timed; `key` sends an Idempotency-Key. */
export async function fetchVia(
  gateway: Pick<FaultGateway, 'base' | 'apiKey'>,
  url: string,
  key?: string,
): Promise<Outcome & { replayed: boolean }> {
  const started = performance.now()
  const response = await fetch(`${gateway.base}/v2/proxy/fetch?region=us-east`, {
    method: 'POST',
    headers: {
      'x-api-key': gateway.apiKey,
      'content-type': 'application/json',
      ...(key !== undefined && { 'idempotency-key': key }),
    },
    body: JSON.stringify({ url }),
    signal: AbortSignal.timeout(20_000),
  })
  const body = (await response.json()) as { code?: string }
  return {
    status: response.status,
    code: body.code,
    retryAfter: response.headers.get('retry-after'),
    replayed: response.headers.get('idempotency-replayed') === 'true',
    ms: performance.now() - started,
  }
}

export async function readiness(
  base: string,
): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(20_000) })
  return {
    status: response.status,
    body: (await response.json()) as { status: string; checks: Record<string, string> },
  }
}

/**
 * Fetches without pause from `workers` callers (a short rest between requests) until `stop()`: traffic
 * that is running when a store goes away, and still running when it comes back.
 */
export function traffic(gateway: Pick<FaultGateway, 'base' | 'apiKey'>, url: string, workers = 3) {
  const outcomes: (Outcome & { at: number })[] = []
  let running = true
  const loops = Array.from({ length: workers }, async (_, worker) => {
    let n = 0
    while (running) {
      const at = performance.now()
      // Every fifth request carries an Idempotency-Key of its own: the keyed path sees the fault too.
      const key = n % 5 === 0 ? `traffic-${worker}-${n}-${randomBytes(4).toString('hex')}` : undefined
      n++
      outcomes.push({ ...(await fetchVia(gateway, `${url}/t/${worker}/${n}`, key)), at })
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  })
  return {
    outcomes,
    stop: async () => {
      running = false
      await Promise.all(loops)
      return outcomes
    },
  }
}
