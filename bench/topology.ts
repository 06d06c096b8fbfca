/**
 * The production topology under load (docs/deploy.md): two `sallyport gateway` processes, one
 * `sallyport node` per region (us-east, us-west, europe, each sending from its own 127.0.0.x), PostgreSQL
 * (a schema of this run's own, dropped at the end) and a redis-server of this run's own, all on loopback.
 * Every check is on: a real API key looked up on every request, admission in Redis, metering and billing,
 * with the account's limits raised by `sallyport admin set-limits` so the run measures the fetch path and
 * not a 429. The load generator spreads its requests over both gateways and the three regions.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { processTree } from './lib/cpu.ts'
import { startListening, type ListeningOptions } from './lib/target-process.ts'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { request } from 'undici'
import {
  cpuProfileArgs,
  sallyportCli,
  startProcess,
  stopProcess,
  within,
  type Tracked,
} from './lib/children.ts'
import { assertLoopback, freePort, waitForPort } from './lib/net.ts'
import { profilesIn } from './lib/profile.ts'
import {
  benchEmail,
  childEnv,
  defaultSetLimitsArgs,
  wrappedNode,
  type Sallyport,
  type Wrapper,
} from './sallyport.ts'
import { withAdminAccounts } from '../src/bin/admin-accounts.ts'
import { createPasswordHasher } from '../src/gateway/accounts/password-hasher.ts'
import { loadDatabaseConfig } from '../src/config/database-config.ts'
import { loadPlanOverrides } from '../src/config/limits-config.ts'
import { createBillingStack } from '../src/gateway/billing/billing-stack.ts'
import { createPlanCatalog } from '../src/gateway/billing/plans.ts'
import type { PlanId } from '../src/gateway/billing/standing.ts'
import { createAccountLimitsRepository } from '../src/gateway/rate-limits/account-limits-repository.ts'
import { systemClock } from '../src/shared/clock.ts'
import { randomBase62 } from '../src/shared/ids.ts'

export const topologyRegions = ['us-east', 'us-west', 'europe'] as const
const egressAddresses = ['127.0.0.11', '127.0.0.12', '127.0.0.13'] as const

/** The database the schema is made in: the one the test suite uses, unless told otherwise. */
export const benchPostgresUrl =
  process.env.SALLYPORT_BENCH_POSTGRES_URL ??
  process.env.SALLYPORT_TEST_POSTGRES_URL ??
  'postgres://postgres@127.0.0.1:5432/test'

/** `admin set-limits` for the bench account in this topology: nothing the load could reach, as for one process. */
export const topologySetLimitsArgs: readonly string[] = defaultSetLimitsArgs

export type TopologyOptions = {
  repoRoot: string
  /** SALLYPORT_DATA_DIR of each gateway (the mail outbox) goes under it. */
  dataDir: string
  /** Each process's output goes to `<logPath>.<name>`. */
  logPath: string
  profileDir: string | undefined
  /** Node's own flags for every gateway and node (`--node-args`), before the profile's. */
  nodeArgs?: readonly string[]
  /** A loopback URL every gateway and region must fetch before the run starts. */
  probeUrl: string
  gateways: number
  /** The regions the load goes to (a node runs in each of the three regardless). */
  regions: readonly string[]
  setPlanArgs: readonly string[]
  setLimitsArgs: readonly string[]
  /** Accounts the load is spread over, each with its own key and the same plan and limits. */
  accounts: number
  /**
   * A command a process runs under, by the process's name (`sallyport gateway a`, `sallyport node us-east`;
   * `floor gateway a`, `floor node us-east` in the floor), Node's path after it, then `nodeArgs` for that
   * process alone: bench/instructions.ts runs one under callgrind. None by default.
   */
  wrapper?: (name: string) => Wrapper | undefined
  /** Settings every gateway gets on top of the topology's own. */
  gatewayEnv?: Record<string, string>
  /** How long a process may take to listen, and the first fetch through each gateway (default 60 s). */
  startTimeoutMs?: number
}

/** A Sallyport to load, plus what the topology adds: several gateways and regions, and more processes. */
export type TopologySallyport = Sallyport & {
  /** Every gateway's origin; the load rotates over them. */
  origins: string[]
  /** The load rotates over these regions. */
  regions: string[]
  /** One key per account (`--accounts`); the load rotates over them. */
  apiKeys: string[]
  /**
   * The processes of the topology by kind, for CPU accounting: gateways, nodes, redis, and the
   * PostgreSQL backends serving the gateways (looked up again before each cell: pools open lazily).
   */
  pidsByKind(): Promise<Record<string, number[]>>
}

type CliRun = { code: number | null; output: string }

function lastLine(output: string): string {
  const lines = output.trim().split('\n')
  return (lines[lines.length - 1] ?? '').slice(0, 300)
}

/** A schema of this run's own in the bench database, and the URL that points the processes at it. */
async function createSchema(applicationName: string) {
  const schema = `bench_${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: benchPostgresUrl, connectionTimeoutMillis: 5_000 })
  admin.on('error', () => {})
  try {
    await admin.connect()
  } catch (error) {
    throw new Error(
      `--topology needs PostgreSQL at ${benchPostgresUrl} (SALLYPORT_BENCH_POSTGRES_URL): ${(error as Error).message}`,
    )
  }
  await admin.query(`create schema ${schema}`)
  const url = new URL(benchPostgresUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  // Lets the harness find the gateways' backends in pg_stat_activity, for their CPU.
  url.searchParams.set('application_name', applicationName)
  return {
    url: url.toString(),
    schema,
    backendPids: async () => {
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where application_name = $1',
        [applicationName],
      )
      return rows.map((row) => row.pid)
    },
    drop: async () => {
      try {
        await admin.query(`drop schema if exists ${schema} cascade`)
      } finally {
        await admin.end().catch(() => {})
      }
    },
  }
}

/** A redis-server of the run's own on loopback, keeping nothing on disk, once it accepts connections. */
async function startRedis(name: string, logPath: string): Promise<{ redis: Tracked; redisPort: number }> {
  const redisPort = await freePort()
  const redis = startProcess(
    name,
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { logPath },
  )
  try {
    await waitForPort('127.0.0.1', redisPort, { timeoutMs: 10_000, child: redis.child, what: 'redis-server' })
  } catch (error) {
    await stopProcess(redis, 2_000)
    throw error
  }
  return { redis, redisPort }
}

/** `count` accounts more like the bench account (its plan and limits), each with a key: their keys. */
async function moreAccounts(env: Record<string, string | undefined>, count: number): Promise<string[]> {
  return withAdminAccounts(
    loadDatabaseConfig(env),
    async (stack, db) => {
      const first = await stack.accounts.findByEmail(benchEmail)
      if (first === undefined) throw new Error(`no bench account ${benchEmail}`)
      const limits = createAccountLimitsRepository(db)
      const overrides = await limits.find(first.id)
      const { billing } = createBillingStack({
        db,
        metering: stack.metering,
        clock: systemClock,
        catalog: createPlanCatalog(loadPlanOverrides(env)),
      })
      const create = async (index: number): Promise<string> => {
        const email = benchEmail.replace('@', `+${index}@`)
        const account = await stack.accounts.createVerifiedAccount(email, randomBase62(20))
        const { key } = await stack.keys.mint(account.id, { name: 'bench', scopes: ['proxy'] })
        if (first.plan !== account.plan) await billing.setPlan(account.id, first.plan as PlanId)
        if (overrides !== undefined) await limits.save(account.id, overrides, systemClock.now())
        return key
      }
      const keys: string[] = []
      // A few at a time: each hashes a password (nobody signs in with it: cheap parameters) on the thread pool.
      for (let first = 1; first <= count; first += 8) {
        const batch = Array.from({ length: Math.min(8, count + 1 - first) }, (_, i) => first + i)
        keys.push(...(await Promise.all(batch.map(create))))
      }
      return keys
    },
    { hasher: createPasswordHasher({ logN: 10, r: 8, p: 1 }) },
  )
}

export async function startTopology(options: TopologyOptions): Promise<TopologySallyport> {
  const notes: string[] = []
  const processes: Tracked[] = []
  const database = await createSchema(`sallyport-bench-${randomBytes(4).toString('hex')}`)
  notes.push(`PostgreSQL schema ${database.schema} in ${new URL(benchPostgresUrl).pathname.slice(1)}`)

  const stop = async (): Promise<string[]> => {
    // Gateways first (they close their Redis and database connections), then nodes, then redis.
    const order = ['gateway', 'node', 'redis']
    for (const kind of order) {
      await Promise.all(
        processes.filter((entry) => entry.name.includes(kind)).map((entry) => stopProcess(entry, 40_000)),
      )
    }
    await database.drop().catch(() => {})
    return profilesIn(options.profileDir)
  }

  try {
    const { redis, redisPort } = await startRedis('redis-server', `${options.logPath}.redis`)
    processes.push(redis)

    const fleetSecret = randomBytes(32).toString('base64url')
    const nodePorts = await Promise.all(topologyRegions.map(() => freePort()))
    const gatewayPorts = await Promise.all(Array.from({ length: options.gateways }, () => freePort()))
    const gatewayEnv = {
      SALLYPORT_DATABASE_URL: database.url,
      SALLYPORT_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SALLYPORT_NODES: topologyRegions
        .map((region, i) => `${region}=http://127.0.0.1:${nodePorts[i]}`)
        .join(','),
      SALLYPORT_FLEET_SECRET: fleetSecret,
      SALLYPORT_HOST_KEY_SECRET: randomBytes(32).toString('base64url'),
      SALLYPORT_CURSOR_SECRET: randomBytes(32).toString('base64url'),
      SALLYPORT_PUBLIC_URL: `http://127.0.0.1:${gatewayPorts[0]}`,
      // Every request goes to one target host: the shared per-host ceiling must not be what is measured.
      SALLYPORT_GLOBAL_HOST_LIMIT: '1000000000',
      SALLYPORT_LOG_LEVEL: 'warn',
      SALLYPORT_DATA_DIR: options.dataDir,
      ...options.gatewayEnv,
    }
    const nodeEnv = {
      SALLYPORT_FLEET_SECRET: fleetSecret,
      SALLYPORT_ALLOW_TARGETS: '127.0.0.1/32',
      SALLYPORT_LOG_LEVEL: 'warn',
    }

    const cli = async (args: readonly string[]): Promise<CliRun> => {
      const run = startProcess(
        `sallyport ${args.slice(0, 2).join(' ')}`,
        process.execPath,
        [sallyportCli, ...args],
        { cwd: options.repoRoot, env: childEnv(gatewayEnv) },
      )
      const finished = await within(
        run.exited.then(() => true),
        60_000,
      )
      if (!finished) await stopProcess(run, 2_000)
      return { code: run.child.exitCode, output: run.tail() }
    }
    const cliOk = async (args: readonly string[]) => {
      const run = await cli(args)
      if (run.code !== 0) throw new Error(`sallyport ${args.join(' ')} exited ${run.code}:\n${run.output}`)
      return run.output
    }

    // The schema first, as an operator rolls out a release (docs/deploy.md), then the bench accounts.
    notes.push(`migrate: ${lastLine(await cliOk(['migrate']))}`)
    const createAccount = async (): Promise<string> => {
      const email = benchEmail
      await cliOk(['admin', 'create-account', '--email', email])
      const created = await cliOk([
        'admin',
        'create-key',
        '--email',
        email,
        '--name',
        'bench',
        '--scopes',
        'proxy',
      ])
      const key = /sp_live_[0-9A-Za-z]{36}/.exec(created)?.[0]
      if (key === undefined) throw new Error(`create-key printed no key:\n${created}`)
      for (const [command, args] of [
        ['set-plan', options.setPlanArgs],
        ['set-limits', options.setLimitsArgs],
      ] as const) {
        const output = await cliOk(['admin', command, '--email', email, ...args])
        notes.push(`admin ${command} ${args.join(' ')}: ${lastLine(output.split('\n')[0] ?? '')}`)
      }
      return key
    }
    // The first account through the commands an operator runs (their output goes in the notes); the others
    // with the same plan and limits through the same services, in this process: a command is a Node start-up
    // each, minutes for a thousand accounts.
    const apiKeys = [await createAccount()]
    if (options.accounts > 1)
      apiKeys.push(...(await moreAccounts(childEnv(gatewayEnv), options.accounts - 1)))
    const apiKey = apiKeys[0]!
    if (options.accounts > 1)
      notes.push(`${options.accounts} accounts, each with its own key; the load rotates over them`)

    const profileArgs = [...(options.nodeArgs ?? []), ...cpuProfileArgs(options.profileDir)]
    const startTimeoutMs = options.startTimeoutMs ?? 60_000
    const sallyport = (name: string, args: string[], env: Record<string, string>) => {
      const node = wrappedNode(options.wrapper?.(name), profileArgs)
      const entry = startProcess(name, node.command, [...node.args, sallyportCli, ...args], {
        cwd: options.repoRoot,
        env: childEnv(env),
        logPath: `${options.logPath}.${name.replace(/\W+/g, '-')}`,
      })
      processes.push(entry)
      return entry
    }
    // From here on, what a profile of these processes shows is start-up, until they listen.
    const spawnedAt = Date.now()
    const nodes = topologyRegions.map((region, i) =>
      sallyport(
        `sallyport node ${region}`,
        [
          'node',
          '--region',
          region,
          '--host',
          '127.0.0.1',
          '--port',
          String(nodePorts[i]),
          '--egress-address',
          egressAddresses[i]!,
        ],
        nodeEnv,
      ),
    )
    const gateways = gatewayPorts.map((port, i) =>
      sallyport(
        `sallyport gateway ${String.fromCharCode(97 + i)}`,
        ['gateway', '--host', '127.0.0.1', '--port', String(port)],
        gatewayEnv,
      ),
    )
    await Promise.all([
      ...nodes.map((node, i) =>
        waitForPort('127.0.0.1', nodePorts[i]!, {
          timeoutMs: startTimeoutMs,
          child: node.child,
          what: node.name,
        }),
      ),
      ...gateways.map((gateway, i) =>
        waitForPort('127.0.0.1', gatewayPorts[i]!, {
          timeoutMs: startTimeoutMs,
          child: gateway.child,
          what: gateway.name,
        }),
      ),
    ])
    const readyAfterMs = Date.now() - spawnedAt
    const origins = gatewayPorts.map((port) => `http://127.0.0.1:${port}`)
    for (const origin of origins) {
      assertLoopback(origin)
      for (const region of topologyRegions)
        await probe(origin, apiKey, options.probeUrl, region, startTimeoutMs)
    }
    notes.push(
      'data-plane key: account (admin create-key), looked up in PostgreSQL once per gateway, then confirmed in Redis on every request (ADR 0011)',
    )

    const sallyportProcesses = [...gateways, ...nodes]
    return {
      url: origins[0]!,
      origins,
      regions: [...options.regions],
      pids: sallyportProcesses.map((entry) => entry.child.pid!),
      names: sallyportProcesses.map((entry) => entry.name),
      apiKey,
      apiKeys,
      auth: 'account',
      notes,
      readyAfterMs,
      stop,
      pidsByKind: async () => ({
        gateways: gateways.flatMap((entry) => processTree(entry.child.pid!)),
        nodes: nodes.flatMap((entry) => processTree(entry.child.pid!)),
        redis: [redis.child.pid!],
        postgres: await database.backendPids(),
      }),
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The topology's floor (bench/topology-floor.ts): as many gateways as the topology, a node per region, a
 * redis-server of its own and a table in a schema of its own, every process doing the least a fetch asks
 * of it. For comparison only; what it answers is checked as Sallyport's is.
 */
export async function startTopologyFloor(
  options: Pick<
    TopologyOptions,
    'gateways' | 'regions' | 'profileDir' | 'logPath' | 'wrapper' | 'startTimeoutMs'
  >,
): Promise<TopologySallyport> {
  const processes: Tracked[] = []
  const database = await createSchema(`sallyport-bench-floor-${randomBytes(4).toString('hex')}`)
  const apiKey = randomBytes(16).toString('hex')
  const stop = async (): Promise<string[]> => {
    for (const kind of ['gateway', 'node', 'redis']) {
      await Promise.all(
        processes.filter((entry) => entry.name.includes(kind)).map((entry) => stopProcess(entry, 10_000)),
      )
    }
    await database.drop().catch(() => {})
    return profilesIn(options.profileDir)
  }
  try {
    const setup = new pg.Client({ connectionString: database.url })
    await setup.connect()
    await setup.query(
      'create table floor_usage (account_id text not null, day text not null, requests bigint not null, ' +
        'primary key (account_id, day))',
    )
    await setup.end()
    const { redis, redisPort } = await startRedis('floor redis-server', `${options.logPath}.floor-redis`)
    processes.push(redis)
    const script = join(dirname(fileURLToPath(import.meta.url)), 'topology-floor.ts')
    const profileArgs = cpuProfileArgs(options.profileDir)
    const spawnedAt = Date.now()
    const launch = (name: string, listening: ListeningOptions) => {
      const wrapper = options.wrapper?.(name)
      return startListening(name, script, {
        ...listening,
        execArgv: [...profileArgs, ...(wrapper?.nodeArgs ?? [])],
        ...(wrapper !== undefined && { wrapper: wrapper.command }),
        ...(options.startTimeoutMs !== undefined && { startTimeoutMs: options.startTimeoutMs }),
      })
    }
    const nodes = await Promise.all(
      topologyRegions.map((region) => launch(`floor node ${region}`, { args: ['node'] })),
    )
    processes.push(...nodes.map((node) => node.tracked))
    const env = {
      ...process.env,
      SALLYPORT_BENCH_FLOOR_KEY: apiKey,
      SALLYPORT_BENCH_FLOOR_NODES: JSON.stringify(
        Object.fromEntries(topologyRegions.map((region, i) => [region, nodes[i]!.port])),
      ),
      SALLYPORT_BENCH_FLOOR_REDIS: `redis://127.0.0.1:${redisPort}`,
      SALLYPORT_BENCH_FLOOR_DATABASE: database.url,
    }
    const gateways = await Promise.all(
      Array.from({ length: options.gateways }, (_, i) =>
        launch(`floor gateway ${String.fromCharCode(97 + i)}`, { args: ['gateway'], env }),
      ),
    )
    processes.push(...gateways.map((gateway) => gateway.tracked))
    const origins = gateways.map((gateway) => `http://127.0.0.1:${gateway.port}`)
    const measured = [...gateways, ...nodes].map((entry) => entry.tracked)
    return {
      url: origins[0]!,
      origins,
      regions: [...options.regions],
      pids: measured.map((entry) => entry.child.pid!),
      names: measured.map((entry) => entry.name),
      apiKey,
      apiKeys: [apiKey],
      auth: 'account',
      notes: [`PostgreSQL schema ${database.schema}; bench/topology-floor.ts, for comparison only`],
      readyAfterMs: Date.now() - spawnedAt,
      stop,
      pidsByKind: async () => ({
        gateways: gateways.flatMap((entry) => processTree(entry.tracked.child.pid!)),
        nodes: nodes.flatMap((entry) => processTree(entry.tracked.child.pid!)),
        redis: [redis.child.pid!],
        postgres: await database.backendPids(),
      }),
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A fetch through one gateway and region; the node may need a probe period to be in service. */
async function probe(
  origin: string,
  key: string,
  target: string,
  region: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await request(`${origin}/v2/proxy/fetch?region=${region}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ url: target }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    })
    const body = await response.body.text()
    if (response.statusCode === 200) return
    if (Date.now() > deadline || !/region_out_of_service|no_healthy_endpoints/.test(body)) {
      throw new Error(`${origin} ${region}: ${response.statusCode} ${body.slice(0, 300)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
