/**
 * `npm run bench [-- options]`: throughput and latency of Sallyport's fetch path against two baselines
 * measured in the same run, on the same machine, against the same local target:
 *
 *   direct     the load generator fetches the target itself (keep-alive);
 *   squid      through Debian's squid as a forward proxy (no cache), started here from a generated config;
 *   sallyport  POST /v2/proxy/fetch?region=us-east through `sallyport dev` (gateway + egress nodes).
 *
 * Each for a 1 KiB and a 1 MiB text/plain body, at concurrency 1 and 64, for a fixed duration after a
 * warm-up. Target, load generator, squid and `sallyport dev` are separate processes; all traffic stays
 * on loopback. Prints a table and the ratios (last), writes JSON to bench/results/ (and --json PATH).
 * `--profile` runs `sallyport dev` under `--cpu-prof` and summarises the profile. See docs/performance.md.
 * Opt-in fourth scenario `sallyport-split`: `sallyport node` + `sallyport gateway`, two processes.
 * Opt-in `node-floor` (bench/node-floor.ts): the same request and envelope on bare node:http and undici,
 * nothing else, to tell Sallyport's own cost from Node's.
 * `--topology` (scenario `topology`): the production topology of docs/deploy.md, two gateways and three
 * nodes on PostgreSQL and Redis with every check on, the load spread over both gateways and all regions.
 */
import { execFileSync, fork } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Client, request } from 'undici'
import { makeBody } from './lib/bodies.ts'
import {
  cpuProfileArgs,
  isRunning,
  running,
  stopAll,
  stopProcess,
  track,
  typescriptArgs,
  type Tracked,
} from './lib/children.ts'
import { cpuBetween, processCpuMs, snapshot, type CpuSnapshot } from './lib/cpu.ts'
import { assertLoopback } from './lib/net.ts'
import { startNodeFloor, startTarget } from './lib/target-process.ts'
import { formatGoal, goal, strictGoal, type Goal } from './lib/goals.ts'
import { formatSummary, summariseProfile, type ProfileSummary } from './lib/profile.ts'
import {
  bodySizes,
  type BodyCheck,
  type BodyName,
  type LoadMessage,
  type LoadRequest,
  type LoadResult,
  type LoadSpec,
} from './lib/protocol.ts'
import {
  defaultSetLimitsArgs,
  defaultSetPlanArgs,
  sallyportCapabilities,
  startSallyport,
  type Sallyport,
} from './sallyport.ts'
import { nodeArgs } from './lib/node-args.ts'
import {
  canCapture,
  captureTimeline,
  formatTimeline,
  pidRoles,
  type Timeline,
} from './lib/packet-timeline.ts'
import { defaultSquidPath, squidVersion, startSquid, type Squid } from './squid.ts'
import {
  benchPostgresUrl,
  startTopology,
  startTopologyFloor,
  topologyRegions,
  topologySetLimitsArgs,
  type TopologySallyport,
} from './topology.ts'

const benchDir = dirname(fileURLToPath(import.meta.url))
const repoRoot = resolve(benchDir, '..')
const scenarioNames = [
  'direct',
  'squid',
  'sallyport',
  'sallyport-bare',
  'sallyport-split',
  'topology',
  'node-floor',
  'topology-floor',
] as const
type ScenarioName = (typeof scenarioNames)[number]
/** `sallyport-split`, `topology` and the floors are opt-in: the default matrix is the first four. */
const defaultScenarios: readonly ScenarioName[] = ['direct', 'squid', 'sallyport', 'sallyport-bare']
const sallyportScenarios = ['sallyport', 'sallyport-bare', 'sallyport-split', 'topology'] as const
type SallyportScenario = (typeof sallyportScenarios)[number]
const region = 'us-east'
/**
 * The production topology's goals (issue 13), on the 1 KiB body: at c=64 at least this share of squid's
 * throughput and at most `topologyCpuGoalMs` of CPU per fetch over every process; at c=1 at most
 * `addedLatencyGoalMs` of median latency over a direct fetch.
 */
const topologyGoal = 0.5
const topologyCpuGoalMs = 0.25
const addedLatencyGoalMs = 1
/** The embedded default's share of squid's throughput: 1 KiB at c=1 and c=64, and 1 MiB. */
const devGoal = { '1k': 1, '1m': 0.8 } as const
/** Authentication, limits and metering should add under 15 % to the fetch path: dev >= 1 / 1.15 of bare. */
const bareGoal = 1 / 1.15

/** Unmeasured load before the first round: longer for the topology, whose five processes share it. */
const defaultPrewarmMs = { topology: 60_000, other: 30_000 } as const

/** What the run's header says of the pre-warm. */
function prewarmNote(options: Options): string {
  if (options.prewarmMs === undefined)
    return `${defaultPrewarmMs.other / 1000} s pre-warm per scenario (the topology ${defaultPrewarmMs.topology / 1000} s)`
  return options.prewarmMs === 0 ? 'no pre-warm' : `${options.prewarmMs / 1000} s pre-warm per scenario`
}

const usage = `usage: npm run bench -- [options]

  --duration S         measured seconds per cell (default 5)
  --warmup S           warm-up seconds per cell, not measured (default 1)
  --prewarm S          seconds of load, not measured, on each scenario whose processes outlive a cell
                       (Sallyport's, the floor) before the first round, at the highest concurrency, so
                       that their JIT compilers are done (default 30, the topology 60; 0: none)
  --quick              --duration 1 --warmup 0.3 --prewarm 0 (a smoke run; numbers are noisy)
  --scenarios LIST     direct,squid,sallyport (the default); sallyport-bare: \`dev\` without the key
                       lookup, admission store, standing and metering (bench/bare-dev.ts), to measure
                       what they add; sallyport-split: \`sallyport node\` and
                       \`sallyport gateway\` as two processes (the production shape) instead of \`dev\`;
                       topology: see --topology; node-floor: the same request and envelope on bare
                       node:http and undici and nothing else (bench/node-floor.ts), what Node itself
                       costs against squid and what Sallyport adds to it; topology-floor: the
                       topology's processes and messages doing the least a fetch asks of each
                       (bench/topology-floor.ts), what the layout costs in Node and what Sallyport adds
  --topology           the production topology (docs/deploy.md) instead of \`sallyport dev\`: --gateways
                       gateway processes and one node per region on PostgreSQL (a schema of its own in
                       SALLYPORT_BENCH_POSTGRES_URL, default ${benchPostgresUrl})
                       and a redis-server of its own; the load is spread over every gateway and region.
                       Same as --scenarios direct,squid,topology
  --gateways N         gateway processes in the topology (default 2)
  --regions LIST       regions the topology's load is spread over (default us-east,us-west,europe; a
                       node per region runs either way)
  --accounts N         accounts the topology's load is spread over, each with its own key (default 1)
  --dev-workers N      worker processes of \`sallyport dev\` (default: as \`npm start\` runs it, one per core,
                       or SALLYPORT_WORKERS when set)
  --bodies LIST        1k,1m (default: both)
  --concurrency LIST   1,64 (default: both)
  --rounds N           run the whole matrix N times (interleaved); each cell reports its median round
  --json PATH          also write the JSON result here (it always goes to bench/results/<time>.json)
  --profile            run the Sallyport processes under --cpu-prof; the .cpuprofile files land in
                       bench/results/<time>-cpuprofile/ and their top functions are printed
  --node-args=A        node's own flags for every Sallyport process, and for them only (not the load
                       generator, the target or the floor), with "=" since they start with a dash:
                       --node-args=--single-threaded-gc, or for perf (docs/performance.md)
                       --node-args="--perf-prof --interpreted-frames-native-stack"
  --squid PATH         squid binary (default ${defaultSquidPath})
  --set-plan-args A    arguments for \`admin set-plan --email bench@example.test\` (default "${defaultSetPlanArgs.join(' ')}")
  --set-limits-args A  arguments for \`admin set-limits --email bench@example.test\` (default "${defaultSetLimitsArgs.join(' ')}";
                       for the topology "${topologySetLimitsArgs.join(' ')}")
  --keep-temp          keep the temp dir (squid config and log, sallyport data dir and log)
  --packet-timeline    at c=1, capture the topology's loopback traffic for 1.5 s of each cell of the
                       topology and its floor and print where a fetch waits between processes (root,
                       tcpdump and ss; bench/packet-timeline.ts, docs/performance.md)
  --help`

type Options = {
  durationMs: number
  warmupMs: number
  /** Undefined: each scenario's default (`defaultPrewarmMs`). */
  prewarmMs: number | undefined
  scenarios: ScenarioName[]
  bodies: BodyName[]
  concurrencies: number[]
  jsonPath: string | undefined
  profile: boolean
  /** `--node-args`: node's flags for the Sallyport processes. */
  nodeArgs: string[]
  squidPath: string
  setPlanArgs: string[]
  setLimitsArgs: string[]
  /** Set only with --set-limits-args: otherwise each shape has its own default. */
  setLimitsArgsGiven: boolean
  keepTemp: boolean
  packetTimeline: boolean
  rounds: number
  gateways: number
  regions: string[]
  accounts: number
  devWorkers: number | undefined
}

function parseOptions(argv: string[]): Options | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      prewarm: { type: 'string' },
      quick: { type: 'boolean', default: false },
      scenarios: { type: 'string' },
      topology: { type: 'boolean', default: false },
      gateways: { type: 'string', default: '2' },
      accounts: { type: 'string', default: '1' },
      'dev-workers': { type: 'string' },
      regions: { type: 'string' },
      bodies: { type: 'string' },
      concurrency: { type: 'string' },
      json: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'node-args': { type: 'string' },
      squid: { type: 'string', default: defaultSquidPath },
      'set-plan-args': { type: 'string' },
      'set-limits-args': { type: 'string' },
      'keep-temp': { type: 'boolean', default: false },
      'packet-timeline': { type: 'boolean', default: false },
      rounds: { type: 'string', default: '1' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  })
  if (values.help) {
    console.log(usage)
    return undefined
  }
  const seconds = (name: string, raw: string | undefined, fallback: number, zero = false) => {
    if (raw === undefined) return Math.round(fallback * 1000)
    const value = Number(raw.replace(/s$/, ''))
    if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero) || value > 600)
      throw new Error(`--${name} takes seconds (${zero ? '[0' : '(0'}-600]`)
    return Math.round(value * 1000)
  }
  const list = <T extends string>(
    name: string,
    raw: string | undefined,
    known: readonly T[],
    fallback: readonly T[] = known,
  ): T[] => {
    if (raw === undefined) return [...fallback]
    const items = raw.split(',').map((item) => item.trim())
    for (const item of items) {
      if (!(known as readonly string[]).includes(item)) throw new Error(`--${name}: unknown ${item}`)
    }
    return known.filter((item) => items.includes(item))
  }
  const positiveInteger = (name: string, raw: string, max: number) => {
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 1 || value > max)
      throw new Error(`--${name} takes an integer 1-${max}`)
    return value
  }
  const concurrencies = (values.concurrency ?? '1,64').split(',').map((item) => Number(item.trim()))
  for (const c of concurrencies) {
    if (!Number.isInteger(c) || c < 1 || c > 1024) throw new Error('--concurrency takes integers 1-1024')
  }
  const words = (raw: string | undefined, fallback: readonly string[]) =>
    raw === undefined ? [...fallback] : raw.split(/\s+/).filter((word) => word !== '')
  const scenarios = list(
    'scenarios',
    values.scenarios,
    scenarioNames,
    values.topology ? ['direct', 'squid', 'topology'] : defaultScenarios,
  )
  if (values.topology && !scenarios.includes('topology')) scenarios.push('topology')
  if (values['packet-timeline']) {
    if (!values.topology) throw new Error('--packet-timeline: only with --topology')
    const missing = canCapture()
    if (missing !== undefined) throw new Error(`--packet-timeline ${missing}`)
  }
  return {
    durationMs: seconds('duration', values.duration, values.quick ? 1 : 5),
    warmupMs: seconds('warmup', values.warmup, values.quick ? 0.3 : 1),
    prewarmMs:
      values.prewarm === undefined && !values.quick ? undefined : seconds('prewarm', values.prewarm, 0, true),
    scenarios,
    bodies: list('bodies', values.bodies, Object.keys(bodySizes) as BodyName[]),
    concurrencies,
    jsonPath: values.json,
    profile: values.profile,
    nodeArgs: nodeArgs(values['node-args']),
    squidPath: values.squid,
    setPlanArgs: words(values['set-plan-args'], defaultSetPlanArgs),
    setLimitsArgs: words(values['set-limits-args'], defaultSetLimitsArgs),
    setLimitsArgsGiven: values['set-limits-args'] !== undefined,
    keepTemp: values['keep-temp'],
    packetTimeline: values['packet-timeline'],
    rounds: positiveInteger('rounds', values.rounds, 20),
    gateways: positiveInteger('gateways', values.gateways, 8),
    accounts: positiveInteger('accounts', values.accounts, 100_000),
    devWorkers:
      values['dev-workers'] === undefined
        ? undefined
        : positiveInteger('dev-workers', values['dev-workers'], 64),
    regions: list('regions', values.regions, topologyRegions),
  }
}

// ---------------------------------------------------------------------------------------------- children

type CellResult = {
  scenario: ScenarioName
  body: BodyName
  bodyBytes: number
  concurrency: number
  requestsPerSecond: number
  payloadMiBPerSecond: number
  latencyMs: LoadResult['latency']
  errors: number
  errorKinds: Record<string, number>
  completed: number
  unfinished: number
  windowMs: number
  /** CPU ms used in the window: load generator, target, and the proxy process (squid or sallyport dev). */
  cpuMs: Record<string, number>
  /**
   * The part of `cpuMs` each name's main threads used (the JavaScript thread of a Node process); the rest is
   * V8's compiler and GC threads and libuv's pool. PostgreSQL's backends are a thread each.
   */
  mainThreadCpuMs: Record<string, number>
  /** CPU ms the proxy (squid, or the whole sallyport dev process) spent per completed request. */
  proxyCpuMsPerRequest: number | undefined
  /** Share of all cores busy in the window, whoever used it. */
  machineBusyPercent: number | undefined
  /** Share of all cores used by processes that are not part of the benchmark: noise on a shared machine. */
  othersCpuPercent: number | undefined
  /** Rounds this cell ran; the figures are those of its median round by req/s. */
  rounds: number
  /** Lowest and highest req/s over the rounds (undefined with one round). */
  requestsPerSecondRange: [number, number] | undefined
  /** With --packet-timeline, a topology cell at c=1: where its fetches waited between processes. */
  packetTimeline?: Timeline
  /** Errors summed over all rounds. */
  errorsAllRounds: number
}

/** Per cell, the round with the median req/s (lower median for an even count), plus the spread. */
function medianCells(rounds: CellResult[][]): CellResult[] {
  const first = rounds[0] ?? []
  return first.map((_, index) => {
    const runs = rounds
      .map((round) => round[index]!)
      .sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
    const median = runs[Math.floor((runs.length - 1) / 2)]!
    return {
      ...median,
      rounds: runs.length,
      requestsPerSecondRange:
        runs.length > 1 ? [runs[0]!.requestsPerSecond, runs[runs.length - 1]!.requestsPerSecond] : undefined,
      errorsAllRounds: runs.reduce((sum, run) => sum + run.errors, 0),
    }
  })
}

/** One cell: a fresh load generator process, warm-up, measured window, CPU snapshots around the window. */
async function runCell(
  spec: LoadSpec,
  pids: Record<string, number[]>,
  /** Called when the measured window opens, before its first snapshot: pids may change meanwhile. */
  atStart: () => Promise<void> = async () => {},
): Promise<{ result: LoadResult; cpu: ReturnType<typeof cpuBetween> | undefined }> {
  for (const { origin } of spec.requests) assertLoopback(origin)
  const child = fork(join(benchDir, 'load.ts'), [], {
    execArgv: [...typescriptArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const tracked = track('load generator', child)
  let start: CpuSnapshot | undefined
  let end: CpuSnapshot | undefined
  const backstopMs = spec.warmupMs + spec.durationMs + spec.requestTimeoutMs + 30_000
  try {
    const result = await new Promise<LoadResult>((resolveResult, reject) => {
      const timer = setTimeout(() => reject(new Error('load generator did not finish in time')), backstopMs)
      child.on('message', (raw) => {
        const message = raw as LoadMessage
        if (message.type === 'measuring') {
          const opened = performance.now()
          void atStart().then(() => {
            start = snapshot(pids)
            // The window closes on a timer in the load generator: take the end snapshot at the same moment
            // (IPC carries only the start), so that draining the last in-flight requests is not counted.
            const left = spec.durationMs - (performance.now() - opened)
            setTimeout(() => (end ??= snapshot(pids)), left).unref()
          }, reject)
        } else if (message.type === 'result') {
          end ??= snapshot(pids)
          clearTimeout(timer)
          resolveResult(message.result)
        } else {
          clearTimeout(timer)
          reject(new Error(`load generator: ${message.message}`))
        }
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`load generator exited (${code}) without a result`))
      })
      child.send(spec)
    })
    return { result, cpu: start !== undefined && end !== undefined ? cpuBetween(start, end) : undefined }
  } finally {
    await stopProcess(tracked, 5_000)
  }
}

// ----------------------------------------------------------------------------------------------- checks

async function checkRaw(
  what: string,
  origin: string,
  path: string,
  headers: Record<string, string>,
  size: number,
) {
  assertLoopback(origin)
  const client = new Client(origin)
  try {
    const response = await client.request({
      method: 'GET',
      path,
      headers,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    })
    const body = Buffer.from(await response.body.arrayBuffer())
    if (response.statusCode !== 200 || body.length !== size) {
      throw new Error(
        `${what}: expected 200 with ${size} bytes, got ${response.statusCode} with ${body.length}`,
      )
    }
  } finally {
    await client.close()
  }
}

/** The envelope, once, in full: status 200, region, the target's status, and the body byte for byte. */
async function checkEnvelope(
  sallyport: Pick<Sallyport, 'url' | 'apiKey'>,
  targetUrl: string,
  expected: Buffer,
  origin = sallyport.url,
  inRegion = region,
) {
  const response = await request(`${origin}/v2/proxy/fetch?region=${inRegion}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': sallyport.apiKey },
    body: JSON.stringify({ url: targetUrl }),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  })
  const text = await response.body.text()
  if (response.statusCode !== 200)
    throw new Error(`envelope check: status ${response.statusCode}: ${text.slice(0, 300)}`)
  const envelope = JSON.parse(text) as Partial<{
    region_used: string
    status: number
    bytes: number
    result_encoding: string
    result: string
  }>
  const problems = [
    envelope.region_used === inRegion ? '' : `region_used ${envelope.region_used}`,
    envelope.status === 200 ? '' : `target status ${envelope.status}`,
    envelope.bytes === expected.length ? '' : `bytes ${envelope.bytes}`,
    envelope.result_encoding === undefined ? '' : `result_encoding ${envelope.result_encoding}`,
    envelope.result === expected.toString('utf8') ? '' : `result differs (length ${envelope.result?.length})`,
  ].filter((problem) => problem !== '')
  if (problems.length > 0) throw new Error(`envelope check for ${targetUrl}: ${problems.join(', ')}`)
}

// ---------------------------------------------------------------------------------------------- output

const fixed = (value: number | null | undefined, digits: number) =>
  typeof value !== 'number' || !Number.isFinite(value) ? 'n/a' : value.toFixed(digits)

function table(cells: CellResult[]): string {
  const spread = cells.some((cell) => cell.requestsPerSecondRange !== undefined)
  const header = [
    'scenario',
    'body',
    'conc',
    'req/s',
    ...(spread ? ['req/s range'] : []),
    'MiB/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'proxy CPU ms/req',
    'busy %',
    'others %',
  ]
  const rows = cells.map((cell) => [
    cell.scenario,
    cell.body === '1k' ? '1 KiB' : '1 MiB',
    String(cell.concurrency),
    fixed(cell.requestsPerSecond, 0),
    ...(spread
      ? [
          cell.requestsPerSecondRange === undefined
            ? '-'
            : `${cell.requestsPerSecondRange[0].toFixed(0)}-${cell.requestsPerSecondRange[1].toFixed(0)}`,
        ]
      : []),
    fixed(cell.payloadMiBPerSecond, 1),
    fixed(cell.latencyMs.p50, 3),
    fixed(cell.latencyMs.p99, 3),
    String(cell.errorsAllRounds),
    cell.scenario === 'direct' ? '-' : fixed(cell.proxyCpuMsPerRequest, 3),
    fixed(cell.machineBusyPercent, 0),
    fixed(cell.othersCpuPercent, 0),
  ])
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)))
  const line = (row: string[]) =>
    row.map((value, i) => (i < 3 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n')
}

/** A figure per round (paired: both sides measured in the same round) and its median over the rounds. */
type Figure = { value: number | undefined; rounds: (number | undefined)[] }

type Ratios = {
  throughputSallyportOverSquid: Record<string, Figure>
  throughputSallyportOverDirect: Record<string, Figure>
  addedMedianMsAtC1: Record<string, { sallyport: Figure; squid: Figure }>
  /** The opt-in two-process shape, when measured: against squid, and against `dev`. */
  split:
    | {
        throughputOverSquid: Record<string, Figure>
        throughputOverDev: Record<string, Figure>
        addedMedianMsAtC1: Record<string, Figure>
      }
    | undefined
  /** `dev` against its bare fetch path (bench/bare-dev.ts), when measured: what auth, limits, metering cost. */
  bare: { throughputDevOverBare: Record<string, Figure> } | undefined
  /** The floor of the fetch path in Node (bench/node-floor.ts), when measured: against squid, and dev over it. */
  floor:
    | { throughputOverSquid: Record<string, Figure>; throughputDevOverFloor: Record<string, Figure> }
    | undefined
  /** The production topology (--topology), when measured: against squid and direct. */
  topology:
    | {
        throughputOverSquid: Record<string, Figure>
        throughputOverDirect: Record<string, Figure>
        addedMedianMsAtC1: Record<string, Figure>
      }
    | undefined
  /** The topology's floor (bench/topology-floor.ts), when measured: against squid, and the topology over it. */
  topologyFloor:
    | {
        throughputOverSquid: Record<string, Figure>
        throughputTopologyOverFloor: Record<string, Figure>
        addedMedianMsAtC1: Record<string, Figure>
      }
    | undefined
  goals: Goal[]
}

// Latencies of an empty sample arrive as null (NaN does not survive JSON): no figure, not zero.
const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value)

function lcm(a: number, b: number): number {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y))
  return (a * b) / gcd(a, b)
}

function median(values: (number | undefined)[]): number | undefined {
  const sorted = values.filter(known).sort((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/**
 * Ratios are formed within each round (sallyport and its baseline measured minutes apart at most, under
 * the same background load) and the median over rounds is reported: on a shared machine this is far
 * steadier than dividing medians taken independently.
 */
function ratios(rounds: CellResult[][], options: Options): Ratios {
  const figure = (perRound: (cells: CellResult[]) => number | undefined): Figure => {
    const values = rounds.map(perRound)
    return { value: median(values), rounds: values }
  }
  const find = (cells: CellResult[], scenario: ScenarioName, body: BodyName, concurrency: number) =>
    cells.find((cell) => cell.scenario === scenario && cell.body === body && cell.concurrency === concurrency)
  const divide = (a: number | undefined, b: number | undefined) =>
    known(a) && known(b) && b !== 0 ? a / b : undefined
  const minus = (a: number | undefined, b: number | undefined) => (known(a) && known(b) ? a - b : undefined)
  const throughput = (over: ScenarioName, body: BodyName, c: number, of: ScenarioName = 'sallyport') =>
    figure((cells) =>
      divide(find(cells, of, body, c)?.requestsPerSecond, find(cells, over, body, c)?.requestsPerSecond),
    )
  const added = (scenario: ScenarioName, body: BodyName) =>
    figure((cells) =>
      minus(find(cells, scenario, body, 1)?.latencyMs.p50, find(cells, 'direct', body, 1)?.latencyMs.p50),
    )

  const result: Ratios = {
    throughputSallyportOverSquid: {},
    throughputSallyportOverDirect: {},
    addedMedianMsAtC1: {},
    split: options.scenarios.includes('sallyport-split')
      ? { throughputOverSquid: {}, throughputOverDev: {}, addedMedianMsAtC1: {} }
      : undefined,
    bare:
      options.scenarios.includes('sallyport-bare') && options.scenarios.includes('sallyport')
        ? { throughputDevOverBare: {} }
        : undefined,
    floor: options.scenarios.includes('node-floor')
      ? { throughputOverSquid: {}, throughputDevOverFloor: {} }
      : undefined,
    topology: options.scenarios.includes('topology')
      ? { throughputOverSquid: {}, throughputOverDirect: {}, addedMedianMsAtC1: {} }
      : undefined,
    topologyFloor: options.scenarios.includes('topology-floor')
      ? { throughputOverSquid: {}, throughputTopologyOverFloor: {}, addedMedianMsAtC1: {} }
      : undefined,
    goals: [],
  }
  const dev = options.scenarios.includes('sallyport')
  for (const body of options.bodies) {
    for (const c of options.concurrencies) {
      const key = `${body} c=${c}`
      if (result.split !== undefined) {
        result.split.throughputOverSquid[key] = throughput('squid', body, c, 'sallyport-split')
        result.split.throughputOverDev[key] = throughput('sallyport', body, c, 'sallyport-split')
      }
      if (result.bare !== undefined) {
        const overBare = throughput('sallyport-bare', body, c, 'sallyport')
        result.bare.throughputDevOverBare[key] = overBare
        if (body === '1k') {
          result.goals.push(
            goal(
              `throughput sallyport / sallyport-bare >= ${bareGoal.toFixed(2)} (1 KiB, c=${c}; auth, limits and metering add < 15 %)`,
              overBare.value,
              { atLeast: bareGoal },
            ),
          )
        }
      }
      if (result.floor !== undefined) {
        result.floor.throughputOverSquid[key] = throughput('squid', body, c, 'node-floor')
        result.floor.throughputDevOverFloor[key] = throughput('node-floor', body, c, 'sallyport')
      }
      if (result.topologyFloor !== undefined) {
        result.topologyFloor.throughputOverSquid[key] = throughput('squid', body, c, 'topology-floor')
        result.topologyFloor.throughputTopologyOverFloor[key] = throughput(
          'topology-floor',
          body,
          c,
          'topology',
        )
      }
      if (result.topology !== undefined) {
        const overSquid = throughput('squid', body, c, 'topology')
        result.topology.throughputOverSquid[key] = overSquid
        result.topology.throughputOverDirect[key] = throughput('direct', body, c, 'topology')
        if (body === '1k' && c === 64) {
          result.goals.push(
            goal(
              `topology throughput / squid >= ${topologyGoal.toFixed(2)} (1 KiB, c=64)`,
              overSquid.value,
              { atLeast: topologyGoal },
              result.topologyFloor?.throughputOverSquid[key]?.value,
            ),
          )
          const cpu = (scenario: ScenarioName) =>
            figure((cells) => find(cells, scenario, body, c)?.proxyCpuMsPerRequest).value
          const squidCpu = cpu('squid')
          result.goals.push(
            goal(
              `topology CPU per fetch, every process, <= ${topologyCpuGoalMs} ms (1 KiB, c=64)`,
              cpu('topology'),
              { atMost: topologyCpuGoalMs },
              result.topologyFloor === undefined ? undefined : cpu('topology-floor'),
              squidCpu === undefined ? undefined : `squid ${squidCpu.toFixed(3)} ms per request`,
            ),
          )
        }
      }
      if (!dev) continue
      result.throughputSallyportOverSquid[key] = throughput('squid', body, c)
      result.throughputSallyportOverDirect[key] = throughput('direct', body, c)
      const bound = devGoal[body]
      result.goals.push(
        goal(
          `throughput sallyport/squid >= ${bound.toFixed(2)} (${body === '1k' ? '1 KiB' : '1 MiB'}, c=${c})`,
          result.throughputSallyportOverSquid[key].value,
          { atLeast: bound },
          result.floor?.throughputOverSquid[key]?.value,
        ),
      )
    }
    if (options.concurrencies.includes(1)) {
      if (result.topologyFloor !== undefined) {
        result.topologyFloor.addedMedianMsAtC1[body] = added('topology-floor', body)
      }
      if (result.topology !== undefined) {
        const topologyAdded = added('topology', body)
        result.topology.addedMedianMsAtC1[body] = topologyAdded
        if (body === '1k') {
          result.goals.push(
            goal(
              `added median latency topology - direct <= ${addedLatencyGoalMs} ms (1 KiB, c=1)`,
              topologyAdded.value,
              { atMost: addedLatencyGoalMs },
              result.topologyFloor?.addedMedianMsAtC1[body]?.value,
            ),
          )
        }
      }
      result.addedMedianMsAtC1[body] = { sallyport: added('sallyport', body), squid: added('squid', body) }
      if (result.split !== undefined) result.split.addedMedianMsAtC1[body] = added('sallyport-split', body)
      if (dev && body === '1k') {
        result.goals.push(
          strictGoal(
            `added median latency sallyport - direct < ${addedLatencyGoalMs} ms (1 KiB, c=1)`,
            result.addedMedianMsAtC1[body].sallyport.value,
            addedLatencyGoalMs,
            result.floor === undefined ? undefined : added('node-floor', body).value,
          ),
        )
      }
    }
  }
  return result
}

function formatRatios(r: Ratios, rounds: number): string {
  const spread = (f: Figure, format: (value: number) => string) => {
    const values = f.rounds.filter(known)
    if (rounds < 2 || values.length < 2) return ''
    return `   (rounds: ${values.map(format).join(', ')})`
  }
  const times = (value: number) => `${value.toFixed(2)}x`
  const ms = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(3)} ms`
  const lines = [
    `Ratios (paired within each round${rounds > 1 ? `, median of ${rounds} rounds` : ''}; same machine)`,
  ]
  const figureLine = (key: string, f: Figure) =>
    `    ${key.padEnd(10)} ${f.value === undefined ? 'n/a' : times(f.value)}${spread(f, times)}`
  const bodyName = (body: string) => (body === '1k' ? '1 KiB' : '1 MiB').padEnd(10)
  const dev = Object.keys(r.throughputSallyportOverSquid).length > 0
  if (dev) {
    lines.push('  throughput sallyport / squid')
    for (const [key, f] of Object.entries(r.throughputSallyportOverSquid)) lines.push(figureLine(key, f))
    lines.push('  throughput sallyport / direct')
    for (const [key, f] of Object.entries(r.throughputSallyportOverDirect)) lines.push(figureLine(key, f))
  }
  lines.push('  added median latency at c=1 (p50 minus direct p50)')
  for (const [body, { sallyport, squid }] of Object.entries(r.addedMedianMsAtC1)) {
    lines.push(
      `    ${bodyName(body)}` +
        (dev ? ` sallyport ${sallyport.value === undefined ? 'n/a' : ms(sallyport.value)}  ` : '') +
        ` squid ${squid.value === undefined ? 'n/a' : ms(squid.value)}${spread(sallyport, ms)}` +
        (r.topology?.addedMedianMsAtC1[body]?.value === undefined
          ? ''
          : `   topology ${ms(r.topology.addedMedianMsAtC1[body].value)}`),
    )
  }
  if (r.topology !== undefined) {
    lines.push('  throughput topology / squid (the production topology, docs/deploy.md)')
    for (const [key, f] of Object.entries(r.topology.throughputOverSquid)) lines.push(figureLine(key, f))
    lines.push('  throughput topology / direct')
    for (const [key, f] of Object.entries(r.topology.throughputOverDirect)) lines.push(figureLine(key, f))
  }
  if (r.topologyFloor !== undefined) {
    lines.push("  topology-floor (the topology's processes and messages doing the least; opt-in)")
    for (const [key, f] of Object.entries(r.topologyFloor.throughputOverSquid)) {
      const over = r.topologyFloor.throughputTopologyOverFloor[key]
      lines.push(
        `    ${key.padEnd(10)} topology-floor / squid ${f.value === undefined ? 'n/a' : times(f.value)}` +
          `   topology / topology-floor ${over?.value === undefined ? 'n/a' : times(over.value)}`,
      )
    }
    for (const [body, f] of Object.entries(r.topologyFloor.addedMedianMsAtC1)) {
      lines.push(
        `    ${bodyName(body)} added median latency at c=1 ${f.value === undefined ? 'n/a' : ms(f.value)}`,
      )
    }
  }
  if (r.bare !== undefined) {
    lines.push(
      '  throughput sallyport / sallyport-bare (what the key lookup, admission, standing and metering cost)',
    )
    for (const [key, f] of Object.entries(r.bare.throughputDevOverBare)) lines.push(figureLine(key, f))
  }
  if (r.floor !== undefined) {
    lines.push('  node-floor (the same request and envelope on bare node:http and undici; opt-in)')
    for (const [key, f] of Object.entries(r.floor.throughputOverSquid)) {
      const dev = r.floor.throughputDevOverFloor[key]
      lines.push(
        `    ${key.padEnd(10)} node-floor / squid ${f.value === undefined ? 'n/a' : times(f.value)}` +
          `   sallyport / node-floor ${dev?.value === undefined ? 'n/a' : times(dev.value)}`,
      )
    }
  }
  if (r.split !== undefined) {
    lines.push('  sallyport-split (node and gateway as two processes; opt-in)')
    for (const [key, f] of Object.entries(r.split.throughputOverSquid)) {
      const dev = r.split.throughputOverDev[key]
      lines.push(
        `    ${key.padEnd(10)} / squid ${f.value === undefined ? 'n/a' : times(f.value)}` +
          `   / dev ${dev?.value === undefined ? 'n/a' : times(dev.value)}`,
      )
    }
    for (const [body, f] of Object.entries(r.split.addedMedianMsAtC1)) {
      lines.push(
        `    ${(body === '1k' ? '1 KiB' : '1 MiB').padEnd(10)} added median at c=1 ${f.value === undefined ? 'n/a' : ms(f.value)}`,
      )
    }
  }
  lines.push('  goals')
  for (const g of r.goals) lines.push(formatGoal(g))
  return lines.join('\n')
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return undefined
  }
}

// ------------------------------------------------------------------------------------------------- main

const temps: string[] = []
let keepTemp = false
let stopping = false

async function cleanUp(): Promise<void> {
  await stopAll(5_000)
  if (!keepTemp) for (const dir of temps) rmSync(dir, { recursive: true, force: true })
}

function onSignal(signal: NodeJS.Signals) {
  if (stopping) {
    // A second Ctrl-C: no more waiting.
    for (const entry of running()) if (isRunning(entry.child)) entry.child.kill('SIGKILL')
    process.exit(130)
  }
  stopping = true
  console.error(`\n${signal}: stopping every child process...`)
  void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2))
  if (options === undefined) return
  // --packet-timeline: 1.5 s of each c=1 topology cell's packets, at most half its window.
  const capturePackets = options.packetTimeline
  const captureMs = Math.min(1_500, options.durationMs / 2)
  const prewarmMsOf = (scenario: ScenarioName) =>
    options.prewarmMs ??
    (scenario === 'topology' || scenario === 'topology-floor'
      ? defaultPrewarmMs.topology
      : defaultPrewarmMs.other)
  keepTemp = options.keepTemp
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.on('SIGHUP', onSignal)

  const startedAt = new Date()
  const stamp = startedAt.toISOString().replace(/:/g, '-')
  const resultsDir = join(benchDir, 'results')
  mkdirSync(resultsDir, { recursive: true })
  const temp = mkdtempSync(join(tmpdir(), 'sallyport-bench-'))
  temps.push(temp)
  const profileDir = options.profile ? join(resultsDir, `${stamp}-cpuprofile`) : undefined
  if (profileDir !== undefined) mkdirSync(profileDir, { recursive: true })

  const cores = availableParallelism()
  const sharing =
    `${cores} CPU core(s) (${cpus()[0]?.model ?? 'unknown'}): the load generator, the target and squid / ` +
    "sallyport dev all share them, so each figure includes the load generator's own cost; compare within one run."
  console.log(`Sallyport benchmark  ${startedAt.toISOString()}  node ${process.version}`)
  console.log(`  ${sharing}`)
  console.log(
    `  ${prewarmNote(options)}, ` +
      `${options.warmupMs / 1000} s warm-up + ${options.durationMs / 1000} s measured per cell; ` +
      `scenarios ${options.scenarios.join(', ')}; bodies ${options.bodies.join(', ')}; ` +
      `concurrency ${options.concurrencies.join(', ')}`,
  )
  if (options.profile)
    console.log('  --profile: sallyport dev runs under --cpu-prof, its figures are slowed by it')
  if (options.nodeArgs.length > 0)
    console.log(`  --node-args: every Sallyport process runs with ${options.nodeArgs.join(' ')}`)

  const target = await startTarget()
  const targetOrigin = `http://127.0.0.1:${target.port}`
  const pids: Record<string, number[]> = { target: [target.tracked.child.pid!] }
  const expectedBodies = Object.fromEntries(
    options.bodies.map((body) => [body, makeBody(bodySizes[body])]),
  ) as Record<BodyName, Buffer>
  for (const body of options.bodies) await checkRaw('direct', targetOrigin, `/${body}`, {}, bodySizes[body])
  console.log(`  target       ${targetOrigin}  (node:http, pid ${target.tracked.child.pid})`)

  let squid: Squid | undefined
  if (options.scenarios.includes('squid')) {
    const dir = join(temp, 'squid')
    mkdirSync(dir)
    squid = await startSquid({ dir, squidPath: options.squidPath })
    pids.squid = [squid.pid]
    const squidOrigin = `http://127.0.0.1:${squid.port}`
    for (const body of options.bodies) {
      await checkRaw(
        'squid',
        squidOrigin,
        `${targetOrigin}/${body}`,
        { host: `127.0.0.1:${target.port}` },
        bodySizes[body],
      )
    }
    console.log(
      `  squid        ${squidOrigin}  (${squid.version}, pid ${squid.pid}, config ${squid.configPath})`,
    )
  }

  let floor: { origin: string; apiKey: string; tracked: Tracked; profileDir?: string } | undefined
  if (options.scenarios.includes('node-floor')) {
    const apiKey = randomUUID()
    const floorProfileDir = profileDir === undefined ? undefined : join(profileDir, 'node-floor')
    if (floorProfileDir !== undefined) mkdirSync(floorProfileDir, { recursive: true })
    const started = await startNodeFloor(apiKey, cpuProfileArgs(floorProfileDir))
    floor = {
      origin: `http://127.0.0.1:${started.port}`,
      apiKey,
      tracked: started.tracked,
      ...(floorProfileDir !== undefined && { profileDir: floorProfileDir }),
    }
    pids['node-floor'] = [started.tracked.child.pid!]
    for (const body of options.bodies) {
      await checkEnvelope({ url: floor.origin, apiKey }, `${targetOrigin}/${body}`, expectedBodies[body])
    }
    console.log(`  node-floor   ${floor.origin}  (bench/node-floor.ts, pid ${started.tracked.child.pid})`)
  }

  const sallyports: Partial<Record<SallyportScenario, Sallyport>> = {}
  /** The topology and its floor, when measured: their processes are accounted by kind. */
  const topologies: Partial<Record<'topology' | 'topology-floor', TopologySallyport>> = {}
  for (const scenario of sallyportScenarios) {
    if (!options.scenarios.includes(scenario)) continue
    if (scenario === 'topology') {
      const dataDir = join(temp, 'topology-data')
      mkdirSync(dataDir)
      if (profileDir !== undefined) mkdirSync(join(profileDir, 'topology'), { recursive: true })
      const started = await startTopology({
        repoRoot,
        dataDir,
        logPath: join(temp, 'topology.log'),
        profileDir: profileDir === undefined ? undefined : join(profileDir, 'topology'),
        nodeArgs: options.nodeArgs,
        probeUrl: `${targetOrigin}/1k`,
        gateways: options.gateways,
        regions: options.regions,
        setPlanArgs: options.setPlanArgs,
        setLimitsArgs: options.setLimitsArgsGiven ? options.setLimitsArgs : topologySetLimitsArgs,
        accounts: options.accounts,
      })
      sallyports.topology = started
      topologies.topology = started
      for (const [kind, list] of Object.entries(await started.pidsByKind())) pids[`topology:${kind}`] = list
      for (const body of options.bodies) {
        for (const origin of started.origins) {
          for (const inRegion of started.regions)
            await checkEnvelope(started, `${targetOrigin}/${body}`, expectedBodies[body], origin, inRegion)
        }
      }
      console.log(
        `  topology     ${started.origins.join(', ')}  (${options.gateways} gateways + nodes in ` +
          `${started.regions.join(', ')}, PostgreSQL, redis-server; pids ${started.pids.join(', ')})`,
      )
      for (const note of started.notes) console.log(`               ${note}`)
      continue
    }
    const topology = scenario === 'sallyport' ? 'dev' : scenario === 'sallyport-bare' ? 'bare' : 'split'
    const dataDir = join(temp, `${scenario}-data`)
    if (profileDir !== undefined) mkdirSync(join(profileDir, topology), { recursive: true })
    mkdirSync(dataDir)
    const started = await startSallyport({
      topology,
      repoRoot,
      dataDir,
      logPath: join(temp, `${scenario}.log`),
      profileDir: profileDir === undefined ? undefined : join(profileDir, topology),
      nodeArgs: options.nodeArgs,
      probeUrl: `${targetOrigin}/1k`,
      region,
      setPlanArgs: options.setPlanArgs,
      setLimitsArgs: options.setLimitsArgs,
      devWorkers: options.devWorkers,
    })
    sallyports[scenario] = started
    // `dev` with workers: its supervisor, which serves too (ADR 0024), and its workers counted apart and
    // summed as the scenario's CPU, as the topology's kinds are.
    if (topology === 'dev' && started.pids.length > 1) {
      pids['sallyport:supervisor'] = started.pids.slice(0, 1)
      pids['sallyport:workers'] = started.pids.slice(1)
    } else {
      pids[scenario] = started.pids
    }
    for (const body of options.bodies)
      await checkEnvelope(started, `${targetOrigin}/${body}`, expectedBodies[body])
    const shape =
      topology === 'dev'
        ? started.pids.length === 1
          ? `sallyport dev: gateway + 3 egress nodes in one process, pid ${started.pids[0]}`
          : `sallyport dev: a supervisor and ${started.pids.length - 1} workers, each a gateway + 3 egress nodes, pids ${started.pids.join(', ')}`
        : topology === 'bare'
          ? `bench/bare-dev.ts: dev without key lookup, admission store, standing, metering, pid ${started.pids.join(', ')}`
          : `sallyport node + sallyport gateway, pids ${started.pids.join(', ')}`
    console.log(`  ${scenario.padEnd(12)} ${started.url}  (${shape})`)
    for (const note of started.notes) console.log(`               ${note}`)
  }
  console.log('  envelope and body checks passed\n')

  const requestTimeoutMs = 30_000
  if (options.scenarios.includes('topology-floor')) {
    const started = await startTopologyFloor({
      gateways: options.gateways,
      regions: options.regions,
      profileDir: profileDir === undefined ? undefined : join(profileDir, 'topology-floor'),
      logPath: join(temp, 'topology-floor.log'),
    })
    topologies['topology-floor'] = started
    for (const [kind, list] of Object.entries(await started.pidsByKind()))
      pids[`topology-floor:${kind}`] = list
    for (const body of options.bodies) {
      for (const origin of started.origins) {
        for (const inRegion of started.regions)
          await checkEnvelope(started, `${targetOrigin}/${body}`, expectedBodies[body], origin, inRegion)
      }
    }
    console.log(
      `  topology-floor ${started.origins.join(', ')}  (bench/topology-floor.ts: ${options.gateways} gateways + ` +
        `a node per region, PostgreSQL, redis-server; pids ${started.pids.join(', ')})`,
    )
  }

  const specFor = (scenario: ScenarioName, body: BodyName, concurrency: number): LoadSpec => {
    const length = bodySizes[body]
    const common = {
      concurrency,
      warmupMs: options.warmupMs,
      durationMs: options.durationMs,
      requestTimeoutMs,
    }
    const raw: BodyCheck = { kind: 'raw', length }
    const fetchIn = (origin: string, apiKey: string, inRegion: string): LoadRequest => ({
      origin,
      method: 'POST',
      path: `/v2/proxy/fetch?region=${inRegion}`,
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ url: `${targetOrigin}/${body}` }),
      check: { kind: 'envelope', length, region: inRegion },
    })
    switch (scenario) {
      case 'direct':
        return {
          ...common,
          requests: [
            { origin: targetOrigin, method: 'GET', path: `/${body}`, headers: {}, body: null, check: raw },
          ],
        }
      case 'squid':
        return {
          ...common,
          requests: [
            {
              origin: `http://127.0.0.1:${squid!.port}`,
              method: 'GET',
              path: `${targetOrigin}/${body}`,
              headers: { host: `127.0.0.1:${target.port}` },
              body: null,
              check: raw,
            },
          ],
        }
      case 'node-floor':
        return { ...common, requests: [fetchIn(floor!.origin, floor!.apiKey, region)] }
      case 'topology-floor':
      case 'sallyport':
      case 'sallyport-bare':
      case 'sallyport-split':
      case 'topology': {
        if (scenario !== 'topology' && scenario !== 'topology-floor') {
          const started = sallyports[scenario]!
          return { ...common, requests: [fetchIn(started.url, started.apiKey, region)] }
        }
        // Every gateway, region and account in turn: with 2 gateways and 3 regions, 6 combinations, so
        // consecutive requests alternate gateways and each region's node gets a third of the load.
        const { origins, regions, apiKeys } = topologies[scenario]!
        const turns = lcm(lcm(origins.length, regions.length), apiKeys.length)
        return {
          ...common,
          requests: Array.from({ length: turns }, (_, i) =>
            fetchIn(origins[i % origins.length]!, apiKeys[i % apiKeys.length]!, regions[i % regions.length]!),
          ),
        }
      }
    }
  }

  /** Topology cells whose PostgreSQL backends closed while they ran (their CPU is not known whole). */
  const uncountedCells: string[] = []

  async function measureCell(
    scenario: ScenarioName,
    body: BodyName,
    concurrency: number,
  ): Promise<CellResult> {
    const topology =
      scenario === 'topology' || scenario === 'topology-floor' ? topologies[scenario] : undefined
    // PostgreSQL backends come and go with the gateways' pools: looked up again when each window opens.
    const lookUp = async () => {
      if (topology === undefined) return
      for (const [kind, list] of Object.entries(await topology.pidsByKind()))
        pids[`${scenario}:${kind}`] = list
    }
    await lookUp()
    // With --packet-timeline, the packets of the window's first captureMs.
    let capture: Promise<Timeline> | undefined
    const atStart = async () => {
      await lookUp()
      if (!capturePackets || topology === undefined || concurrency !== 1) return
      const roles = pidRoles({
        target: pids.target ?? [],
        gateway: pids[`${scenario}:gateways`] ?? [],
        node: pids[`${scenario}:nodes`] ?? [],
      })
      capture = captureTimeline(temp, captureMs, roles)
      // Awaited once the cell is done; a capture that fails before then is not an unhandled rejection.
      capture.catch(() => {})
    }
    const { result, cpu } = await runCell(specFor(scenario, body, concurrency), pids, atStart)
    const packetTimeline = capture === undefined ? undefined : await capture
    const windowSeconds = result.windowMs / 1000
    const loadMs = result.cpu.userMs + result.cpu.systemMs
    const processesMs = { ...cpu?.processesMs }
    if (topology !== undefined) {
      // A backend opened during the window (a pool growing) is counted whole: all its CPU is the window's,
      // up to a drain's worth of idling. One that closed during it was counted in part or not at all:
      // PostgreSQL's figure, and the topology's total with it, is then not known rather than too low.
      const started = pids[`${scenario}:postgres`] ?? []
      const ended = (await topology.pidsByKind()).postgres!
      const opened = ended.filter((pid) => !started.includes(pid))
      const openedMs = opened.map(processCpuMs)
      if (started.some((pid) => !ended.includes(pid)) || openedMs.includes(undefined)) {
        delete processesMs[`${scenario}:postgres`]
        uncountedCells.push(`${scenario} ${body} c=${concurrency}`)
      } else if (processesMs[`${scenario}:postgres`] !== undefined) {
        processesMs[`${scenario}:postgres`]! += openedMs.reduce((sum: number, ms) => sum + ms!, 0)
      }
    }
    const cpuMs: Record<string, number> = { load: loadMs, ...processesMs }
    const mainThreadCpuMs: Record<string, number> = { ...cpu?.mainThreadsMs }
    for (const name of ['topology:postgres', 'topology-floor:postgres']) {
      if (processesMs[name] === undefined) delete mainThreadCpuMs[name]
      else mainThreadCpuMs[name] = processesMs[name]
    }
    // The topology's processes are accounted by kind (`topology:gateways`...): its CPU is their sum, known
    // only when every kind's is (a process of a kind that ended during the cell leaves its kind out).
    const parts = Object.entries(processesMs).filter(
      ([name]) => name === scenario || name.startsWith(`${scenario}:`),
    )
    const expectedParts = Object.keys(pids).filter(
      (name) => name === scenario || name.startsWith(`${scenario}:`),
    ).length
    const proxyCpu =
      scenario === 'direct' || parts.length === 0 || parts.length < expectedParts
        ? undefined
        : parts.reduce((sum, [, ms]) => sum + ms, 0)
    const ours = Object.values(cpuMs).reduce((sum, value) => sum + value, 0)
    const othersMs = cpu?.machineBusyMs === undefined ? undefined : Math.max(cpu.machineBusyMs - ours, 0)
    return {
      scenario,
      body,
      bodyBytes: bodySizes[body],
      concurrency,
      requestsPerSecond: result.completed / windowSeconds,
      payloadMiBPerSecond: (result.completed * bodySizes[body]) / windowSeconds / (1024 * 1024),
      latencyMs: result.latency,
      errors: result.errors,
      errorKinds: result.errorKinds,
      completed: result.completed,
      unfinished: result.unfinished,
      windowMs: result.windowMs,
      cpuMs,
      mainThreadCpuMs,
      proxyCpuMsPerRequest:
        proxyCpu === undefined || result.completed === 0 ? undefined : proxyCpu / result.completed,
      machineBusyPercent: cpu?.machineBusyPercent,
      othersCpuPercent:
        othersMs === undefined || cpu?.machineTotalMs === undefined || cpu.machineTotalMs === 0
          ? undefined
          : (100 * othersMs) / cpu.machineTotalMs,
      ...(packetTimeline !== undefined && { packetTimeline }),
      rounds: 1,
      requestsPerSecondRange: undefined,
      errorsAllRounds: result.errors,
    }
  }

  // V8 optimises a function once it has run enough, on background threads that share the cores with
  // everything else: under load on two cores, a process's compiling went on for about 40 s and took a third
  // of a node's CPU meanwhile (docs/performance.md, "2026-12-02 (JIT)"). A service runs for days; its cost
  // per fetch is the compiled code's, so the processes that outlive a cell get load first, not measured.
  const prewarmed = options.scenarios.filter(
    (scenario) => scenario !== 'direct' && scenario !== 'squid' && prewarmMsOf(scenario) > 0,
  )
  if (prewarmed.length > 0) {
    const concurrency = Math.max(...options.concurrencies)
    for (const scenario of prewarmed) {
      const share = Math.round(prewarmMsOf(scenario) / options.bodies.length)
      for (const body of options.bodies) {
        process.stdout.write(`  pre-warm: ${scenario} ${body} c=${concurrency} for ${share / 1000} s ... `)
        const spec = { ...specFor(scenario, body, concurrency), warmupMs: 0, durationMs: share }
        const { result } = await runCell(spec, {})
        const errors =
          result.errors === 0 ? '' : `, ${result.errors} errors ${JSON.stringify(result.errorKinds)}`
        console.log(`${fixed(result.completed / (result.windowMs / 1000), 0)} req/s${errors}`)
      }
    }
    console.log('')
  }

  // Every round runs every cell; scenarios are interleaved per cell, so each comparison is made under
  // the same conditions. With several rounds, each cell reports its median round (by req/s).
  const rounds: CellResult[][] = []
  const total =
    options.rounds * options.bodies.length * options.concurrencies.length * options.scenarios.length
  let done = 0
  for (let round = 1; round <= options.rounds; round++) {
    const cellsOfRound: CellResult[] = []
    rounds.push(cellsOfRound)
    for (const body of options.bodies) {
      for (const concurrency of options.concurrencies) {
        for (const scenario of options.scenarios) {
          const label = options.rounds > 1 ? `round ${round}: ` : ''
          process.stdout.write(`  [${++done}/${total}] ${label}${scenario} ${body} c=${concurrency} ... `)
          const cell = await measureCell(scenario, body, concurrency)
          cellsOfRound.push(cell)
          const errors = cell.errors === 0 ? '' : `, ${cell.errors} errors ${JSON.stringify(cell.errorKinds)}`
          console.log(
            `${fixed(cell.requestsPerSecond, 0)} req/s, p50 ${fixed(cell.latencyMs.p50, 3)} ms, ` +
              `others ${fixed(cell.othersCpuPercent, 0)}% CPU${errors}`,
          )
          if (cell.packetTimeline !== undefined) {
            for (const line of formatTimeline(cell.packetTimeline, '      ')) console.log(line)
          }
        }
      }
    }
  }
  const cells = medianCells(rounds)

  console.log(`\n${table(cells)}\n`)
  console.log(`  ${sharing}`)
  console.log(
    '  proxy CPU ms/req: CPU time (all threads) of squid, or of the whole sallyport dev process (gateway and\n' +
      '  nodes), per completed request. busy %: all cores, everything included. others %: CPU of processes\n' +
      '  outside the benchmark (noise: a high figure makes that cell suspect). errors: all rounds.' +
      (options.rounds > 1 ? `\n  Each cell shows its median round of ${options.rounds} (by req/s).` : ''),
  )
  /** Names of Node processes whose CPU went off their main threads by more than `compilingShare`. */
  const compiling: string[] = []
  /** Share of a Node process's CPU off its main thread above which its JIT is likely still compiling. */
  const compilingShare = 0.15
  /** Percent of `name`'s CPU in `cell` that was not its main thread's. */
  const offMain = (cell: CellResult, name: string): number | undefined => {
    const all = cell.cpuMs[name]
    const main = cell.mainThreadCpuMs[name]
    return all === undefined || main === undefined || all <= 0 ? undefined : (all - main) / all
  }
  /**
   * A row per cell of `scenario`: the CPU per request of each of its kinds (`<scenario>:<kind>` in cpuMs),
   * with the Node processes' share off their main thread.
   */
  const printCpuByKind = (scenario: ScenarioName, kinds: string[], nodeKinds: readonly string[]) => {
    for (const cell of cells.filter((c) => c.scenario === scenario)) {
      const perRequest = kinds.map((kind) => {
        const name = `${scenario}:${kind}`
        const ms = cell.cpuMs[name]
        const off = nodeKinds.includes(kind) ? offMain(cell, name) : undefined
        // Only for 1 KiB, and a process that did work in the cell: with 1 MiB bodies the share stays at a
        // quarter to a half after 90 s of pre-warm, and one that served nothing has only its timers.
        const busy = ms !== undefined && ms >= 0.05 * cell.windowMs
        if (off !== undefined && off > compilingShare && cell.body === '1k' && busy)
          compiling.push(`${kind} ${cell.body} c=${cell.concurrency}`)
        const share = off === undefined ? '' : ` (${fixed(100 * off, 0)}% off main)`
        return `${kind} ${ms === undefined ? 'n/a' : fixed(ms / Math.max(cell.completed, 1), 3)}${share}`
      })
      console.log(
        `    ${cell.body === '1k' ? '1 KiB' : '1 MiB'} c=${String(cell.concurrency).padEnd(3)} ${perRequest.join(', ')}`,
      )
    }
  }
  if (pids['sallyport:supervisor'] !== undefined) {
    console.log('  sallyport: its supervisor (which serves too) and its workers, ms per request:')
    printCpuByKind('sallyport', ['supervisor', 'workers'], ['supervisor', 'workers'])
  }
  if (topologies.topology !== undefined) {
    console.log(
      '  topology: proxy CPU is gateways + nodes + redis-server + the PostgreSQL backends serving the\n' +
        '  gateways. By kind, ms per request:',
    )
    printCpuByKind('topology', ['gateways', 'nodes', 'redis', 'postgres'], ['gateways', 'nodes'])
  }
  if (topologies['topology-floor'] !== undefined) {
    console.log('  topology-floor: the same kinds (bench/topology-floor.ts), ms per request:')
    printCpuByKind('topology-floor', ['gateways', 'nodes', 'redis', 'postgres'], ['gateways', 'nodes'])
  }
  if (Object.keys(topologies).length > 0) {
    if (uncountedCells.length > 0) {
      console.log(
        `  n/a: PostgreSQL backends closed while a round ran (${uncountedCells.join(', ')}), so\n` +
          "  its CPU, and the topology's total, were not counted whole there.",
      )
    }
  }

  if (pids['sallyport:supervisor'] !== undefined || Object.keys(topologies).length > 0) {
    console.log(
      "  off main: the share of a Node process's CPU not on its JavaScript thread (V8's compiler and GC\n" +
        "  threads, libuv's pool); at 1 KiB a few percent once V8 has compiled the hot code, at 1 MiB a\n" +
        '  quarter to a half however long the process ran.',
    )
  }
  if (compiling.length > 0) {
    console.log(
      `  note: over ${fixed(100 * compilingShare, 0)}% off main in ${compiling.join(', ')}: V8 was likely still ` +
        'compiling there,\n  so those figures are above the steady state; a longer --prewarm helps.',
    )
  }

  // Stop the measured processes first: with --profile, a Sallyport process writes its profile as it exits.
  const profiled: { scenario: string; process: string; file: string; summary: ProfileSummary }[] = []
  for (const [scenario, started] of Object.entries(sallyports)) {
    const files = await started.stop()
    if (!options.profile) continue
    started.pids.forEach((pid, index) => {
      // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (1 is tsx's loader).
      const file = files.find((name) => name.includes(`.${pid}.0.`))
      const name = started.names[index] ?? `pid ${pid}`
      if (file === undefined) {
        console.log(`\n  --profile: no main-thread .cpuprofile for ${name} (pid ${pid}) in ${profileDir}`)
        return
      }
      const summary = summariseProfile(file, { top: 15, skipMs: started.readyAfterMs })
      profiled.push({ scenario, process: name, file, summary })
    })
  }
  await topologies['topology-floor']?.stop()
  if (floor !== undefined) {
    await stopProcess(floor.tracked, 5_000)
    const dir = floor.profileDir
    const file = dir === undefined ? undefined : readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))
    if (dir !== undefined && file !== undefined) {
      const summary = summariseProfile(join(dir, file), { top: 15, skipMs: 0 })
      profiled.push({ scenario: 'node-floor', process: 'node-floor', file: join(dir, file), summary })
    }
  }
  if (squid !== undefined) await squid.stop()
  await stopProcess(target.tracked, 5_000)

  for (const { process: name, file, summary } of profiled) {
    const path = relative(process.cwd(), file)
    console.log(`\n  CPU profile of ${name}: ${path}`)
    console.log(
      `  full summary: node --import tsx bench/top-functions.ts ${path} --skip-ms ${Math.round(summary.skippedMs)}\n`,
    )
    console.log(formatSummary(summary, { total: false }))
  }

  const computed = ratios(rounds, options)
  const json = {
    schema: 'sallyport-bench/1',
    id: randomUUID(),
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
    options: {
      ...options,
      prewarmMsByScenario: Object.fromEntries(options.scenarios.map((s) => [s, prewarmMsOf(s)])),
    },
    machine: {
      cores,
      cpuModel: cpus()[0]?.model,
      totalMemMiB: Math.round(totalmem() / (1024 * 1024)),
      kernel: release(),
      loadavgAtEnd: loadavg(),
      node: process.version,
      squid: squid?.version ?? squidVersion(options.squidPath),
      note: sharing,
    },
    git: {
      commit: git(['rev-parse', 'HEAD']),
      changedFiles: git(['status', '--porcelain'])?.split('\n').filter(Boolean).length,
    },
    sallyport: {
      capabilities: sallyportCapabilities(repoRoot),
      started: Object.fromEntries(
        Object.entries(sallyports).map(([scenario, started]) => [
          scenario,
          { auth: started.auth, notes: started.notes, processes: started.names },
        ]),
      ),
    },
    cells,
    rounds: options.rounds > 1 ? rounds : undefined,
    ratios: computed,
    profile: options.profile
      ? profiled.map(({ scenario, process: name, file, summary }) => ({
          scenario,
          process: name,
          file,
          skippedMs: summary.skippedMs,
          busyMs: summary.busyMs,
          idleMs: summary.idleMs,
          selfByFunction: summary.selfByFunction,
          selfByArea: summary.selfByArea,
        }))
      : undefined,
  }
  const jsonText = `${JSON.stringify(json, null, 2)}\n`
  const resultPath = join(resultsDir, `${stamp}.json`)
  writeFileSync(resultPath, jsonText)
  console.log(`\n  JSON: ${relative(process.cwd(), resultPath)}`)
  if (options.jsonPath !== undefined) {
    mkdirSync(dirname(resolve(options.jsonPath)), { recursive: true })
    writeFileSync(options.jsonPath, jsonText)
    console.log(`  JSON: ${options.jsonPath}`)
  }
  if (options.keepTemp) console.log(`  temp dir kept: ${temp}`)

  console.log(`\n${formatRatios(computed, options.rounds)}`)
}

main()
  .catch((error: unknown) => {
    if (stopping) return
    console.error(
      `\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    process.exitCode = 1
  })
  .finally(() => {
    if (!stopping) void cleanUp()
  })
