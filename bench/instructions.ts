/**
 * `npm run bench:instructions -- [--process gateway|node] [--layouts topology,topology-floor,dev,node-floor]
 *   [--warm 24000] [--fetches 8000] [--concurrency 8] [--body 1k] [--node-args="--flag ..."]`
 *
 * Instructions per fetch of one process, beside the same process of its floor, counted by valgrind's
 * callgrind: a count that does not move with the guest's phase, where CPU time per fetch moves by a third
 * from one run to the next on these machines (docs/performance.md, "Instructions per fetch, by function").
 * Its table by function weighs a change of a few percent of a process, which the timed benchmark
 * (`npm run bench`) cannot see; its totals move by up to 6% from one run to the next, with the moments V8
 * compiles. It says nothing of system calls, wake-ups or the kernel's share, which only that benchmark
 * measures.
 *
 * The layouts, by default the first two:
 * - `topology`: one gateway (and its node per region, PostgreSQL, a redis-server of its own); the measured
 *   process is the gateway, or with `--process node` the node of the region the load goes to, which takes
 *   it all. Its time-outs on Redis and on the nodes' health are raised to match a process under callgrind,
 *   some fifty times slower than on the machine.
 * - `topology-floor`: the same process of the topology's floor (bench/topology-floor.ts).
 * - `dev`: the embedded default (`sallyport dev`) in one process (SALLYPORT_WORKERS=1), which serves every
 *   connection itself: gateway, nodes and stores in one event loop.
 * - `node-floor`: `dev`'s floor, the same request and envelope on bare node:http and undici
 *   (bench/node-floor.ts).
 *
 * `--node-args`: node's own flags for the measured process, and for no other (a flag weighed by count).
 * `--warm` fetches let V8 compile the hot code (at 6,000, `dev`'s hot functions still ran in Maglev and
 * Sparkplug code while counted: a fifth more instructions than at 24,000; the table says how much of the
 * compiled JavaScript's instructions each tier ran), the counters are zeroed (`callgrind_control -z`),
 * `--fetches` more are counted and dumped (`-d`), one file per thread. The figures are user space only: the
 * JavaScript thread's, and the other threads' apart (V8's compiler threads work longer under callgrind than
 * on the machine, where a warm process compiles a few functions a second). The dumps stay in the printed
 * directory for `callgrind_annotate`.
 */
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Pool } from 'undici'
import { byTier, named, perfMapNames, readDump, type Tier } from './lib/callgrind.ts'
import { stopAll, stopProcess } from './lib/children.ts'
import { nodeArgs } from './lib/node-args.ts'
import { startNodeFloor, startTarget } from './lib/target-process.ts'
import { defaultSetLimitsArgs, defaultSetPlanArgs, startSallyport, type Wrapper } from './sallyport.ts'
import { startTopology, startTopologyFloor, topologySetLimitsArgs } from './topology.ts'

const layouts = ['topology', 'topology-floor', 'dev', 'node-floor'] as const
/** Each layout's floor, for the ratio of the two. */
const floors: Partial<Record<Layout, Layout>> = { topology: 'topology-floor', dev: 'node-floor' }
type Layout = (typeof layouts)[number]
const kinds = ['gateway', 'node'] as const
type Kind = (typeof kinds)[number]
const bodies = ['1k', '1m'] as const

const { values } = parseArgs({
  options: {
    process: { type: 'string', default: 'gateway' },
    layouts: { type: 'string', default: 'topology,topology-floor' },
    warm: { type: 'string', default: '24000' },
    fetches: { type: 'string', default: '8000' },
    concurrency: { type: 'string', default: '8' },
    body: { type: 'string', default: '1k' },
    'node-args': { type: 'string' },
  },
  strict: true,
})

function count(name: string, raw: string, min: number): number {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number >= ${min}`)
  return value
}

const kind = values.process as Kind
if (!kinds.includes(kind)) throw new Error(`--process must be one of ${kinds.join(', ')}`)
const chosen = values.layouts.split(',').map((name) => name.trim()) as Layout[]
for (const name of chosen) {
  if (!layouts.includes(name)) throw new Error(`--layouts: ${name} is not one of ${layouts.join(', ')}`)
}
const body = values.body as (typeof bodies)[number]
if (!bodies.includes(body)) throw new Error(`--body must be one of ${bodies.join(', ')}`)
const warm = count('warm', values.warm, 0)
const fetches = count('fetches', values.fetches, 1)
const concurrency = count('concurrency', values.concurrency, 1)
const measuredNodeArgs = nodeArgs(values['node-args'])

for (const tool of ['valgrind', 'callgrind_control']) {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' })
  } catch {
    throw new Error(`${tool} is not installed (Debian: apt-get install valgrind)`)
  }
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const region = 'us-east'
/** The measured process runs this much slower: its waits on other processes must allow for it. */
const slowTimeoutMs = 60_000

/** The name the layout gives the measured process (bench/topology.ts, bench/sallyport.ts). */
function measuredName(layout: Layout): string {
  if (layout === 'dev') return 'sallyport dev'
  if (layout === 'node-floor') return 'node floor'
  const prefix = layout === 'topology' ? 'sallyport' : 'floor'
  return kind === 'gateway' ? `${prefix} gateway a` : `${prefix} node ${region}`
}

/** What the layout measures, for the tables. */
function measuredWhat(layout: Layout): string {
  return layout === 'dev' || layout === 'node-floor' ? 'process' : kind
}

type Started = { origin: string; apiKey: string; pid: number | undefined; stop: () => Promise<unknown> }

/** `total` fetches at `concurrency` through the layout's one gateway; throws on anything but an envelope. */
async function send(started: Started, url: string, total: number): Promise<void> {
  const { origin } = started
  const pool = new Pool(origin, { connections: concurrency })
  const payload = JSON.stringify({ url })
  let sent = 0
  const worker = async () => {
    while (sent < total) {
      sent++
      const response = await pool.request({
        method: 'POST',
        path: `/v2/proxy/fetch?region=${region}`,
        headers: { 'content-type': 'application/json', 'x-api-key': started.apiKey },
        body: payload,
        headersTimeout: slowTimeoutMs,
        bodyTimeout: slowTimeoutMs,
      })
      const text = await response.body.text()
      if (response.statusCode !== 200 || !text.includes('"status":200')) {
        throw new Error(`${origin}: ${response.statusCode} ${text.slice(0, 300)}`)
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: concurrency }, worker))
  } finally {
    await pool.close()
  }
}

/** Starts `layout` with its measured process under `wrapper`. */
async function start(layout: Layout, outDir: string, targetUrl: string, wrapper: Wrapper): Promise<Started> {
  const name = measuredName(layout)
  const logPath = join(outDir, `${layout}.log`)
  const startTimeoutMs = 10 * slowTimeoutMs
  if (layout === 'node-floor') {
    const apiKey = randomUUID()
    const started = await startNodeFloor(apiKey, wrapper.nodeArgs, {
      wrapper: wrapper.command,
      startTimeoutMs,
    })
    return {
      origin: `http://127.0.0.1:${started.port}`,
      apiKey,
      pid: started.tracked.child.pid,
      stop: () => stopProcess(started.tracked),
    }
  }
  if (layout === 'dev') {
    const started = await startSallyport({
      topology: 'dev',
      repoRoot,
      dataDir: join(outDir, 'data-dev'),
      logPath,
      profileDir: undefined,
      probeUrl: targetUrl,
      region,
      setPlanArgs: defaultSetPlanArgs,
      setLimitsArgs: defaultSetLimitsArgs,
      devWorkers: 1,
      wrapper,
      startTimeoutMs,
    })
    return { origin: started.url, apiKey: started.apiKey, pid: started.pids[0], stop: () => started.stop() }
  }
  const common = {
    gateways: 1,
    regions: [region],
    profileDir: undefined,
    logPath,
    wrapper: (processName: string) => (processName === name ? wrapper : undefined),
    startTimeoutMs,
  }
  const started =
    layout === 'topology'
      ? await startTopology({
          ...common,
          repoRoot,
          dataDir: join(outDir, 'data'),
          probeUrl: targetUrl,
          setPlanArgs: defaultSetPlanArgs,
          setLimitsArgs: topologySetLimitsArgs,
          accounts: 1,
          gatewayEnv: {
            SALLYPORT_REDIS_COMMAND_TIMEOUT_MS: String(slowTimeoutMs),
            SALLYPORT_HEALTH_TIMEOUT_MS: String(slowTimeoutMs),
          },
        })
      : await startTopologyFloor(common)
  return {
    origin: started.origins[0]!,
    apiKey: started.apiKey,
    pid: started.pids[started.names.indexOf(name)],
    stop: () => started.stop(),
  }
}

type Measured = { main: number; others: number; top: [string, number][]; tiers: Map<Tier, number> }

/**
 * The environment callgrind_control must run in to reach the process: valgrind names the pipes it listens
 * on after the process's USER (or LOGNAME) and HOST, which `dev` sets to the address it listens on.
 */
function controlEnv(pid: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of ['USER', 'LOGNAME', 'HOST']) delete env[name]
  for (const entry of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    const [name] = entry.split('=', 1)
    if (name === 'USER' || name === 'LOGNAME' || name === 'HOST') env[name] = entry.slice(name.length + 1)
  }
  return env
}

async function measure(layout: Layout, outDir: string, targetUrl: string): Promise<Measured> {
  const name = measuredName(layout)
  const outFile = join(outDir, `${layout}.${measuredWhat(layout)}.callgrind`)
  const wrapper: Wrapper = {
    command: [
      'valgrind',
      '--tool=callgrind',
      // V8 writes its compiled code into memory it then runs: valgrind must see each change.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${outFile}`,
      `--log-file=${join(outDir, `${layout}.${measuredWhat(layout)}.valgrind.log`)}`,
      '--dump-line=no',
      '--separate-threads=yes',
    ],
    // The names of V8's compiled code, for the functions' table.
    nodeArgs: ['--perf-basic-prof', ...measuredNodeArgs],
  }
  const started = await start(layout, outDir, targetUrl, wrapper)
  try {
    const pid = started.pid
    if (pid === undefined) throw new Error(`no process ${name} in the ${layout}`)
    process.stdout.write(`  ${layout}: ${name} (pid ${pid}) under callgrind; ${warm} fetches to warm it ... `)
    let at = performance.now()
    await send(started, targetUrl, warm)
    process.stdout.write(`${((performance.now() - at) / 1000).toFixed(0)} s; `)
    const control = controlEnv(pid)
    execFileSync('callgrind_control', ['-z', String(pid)], { stdio: 'ignore', env: control })
    at = performance.now()
    process.stdout.write(`${fetches} counted ... `)
    await send(started, targetUrl, fetches)
    execFileSync('callgrind_control', ['-d', String(pid)], { stdio: 'ignore', env: control })
    console.log(`${((performance.now() - at) / 1000).toFixed(0)} s`)
    // One file per thread of the dump: `<out>.<dump>-<thread>`, thread 01 the JavaScript thread.
    const dumps = (await readdir(outDir))
      .map((file) => ({ file, match: /\.(\d+)-(\d+)$/.exec(file) }))
      .filter(
        ({ file, match }) =>
          match !== null && file.startsWith(`${layout}.${measuredWhat(layout)}.callgrind.`),
      )
    const lastDump = Math.max(...dumps.map(({ match }) => Number(match![1])))
    const threads = dumps.filter(({ match }) => Number(match![1]) === lastDump)
    if (threads.length === 0) throw new Error(`callgrind wrote no dump into ${outDir}`)
    let main = 0
    let others = 0
    let top: [string, number][] = []
    let tiers = new Map<Tier, number>()
    const perfMap = await readFile(`/tmp/perf-${pid}.map`, 'utf8').catch(() => '')
    const jit = perfMapNames(perfMap)
    for (const { file, match } of threads) {
      const dump = readDump(await readFile(join(outDir, file), 'utf8'))
      if (Number(match![2]) !== 1) {
        others += dump.total
        continue
      }
      main = dump.total
      const costs = named(dump.costs, jit, repoRoot)
      tiers = byTier(costs)
      top = [...costs]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([fn, cost]) => [fn, cost / fetches])
    }
    return { main: main / fetches, others: others / fetches, top, tiers }
  } finally {
    await started.stop()
  }
}

const outDir = await mkdtemp(join(tmpdir(), 'sallyport-instructions-'))
const target = await startTarget()
try {
  const targetUrl = `http://127.0.0.1:${target.port}/${body}`
  console.log(
    `instructions per fetch, ${body} body, c=${concurrency}, ${warm} fetches to warm, ` +
      `${fetches} counted${measuredNodeArgs.length > 0 ? `, node ${measuredNodeArgs.join(' ')}` : ''} ` +
      `(callgrind; dumps in ${outDir})`,
  )
  const results = new Map<Layout, Measured>()
  for (const layout of chosen) results.set(layout, await measure(layout, outDir, targetUrl))
  const figure = (value: number) => Math.round(value).toLocaleString('en-US').padStart(10)
  for (const [layout, measured] of results) {
    console.log(
      `\n  ${layout}: the ${measuredWhat(layout)}'s JavaScript thread's own instructions per fetch, by function`,
    )
    for (const [fn, cost] of measured.top) console.log(`    ${figure(cost)}  ${fn.slice(0, 140)}`)
    const compiled = [...measured.tiers.values()].reduce((sum, cost) => sum + cost, 0)
    const shares = [...measured.tiers]
      .sort((a, b) => b[1] - a[1])
      .map(([tier, cost]) => `${tier} ${((100 * cost) / compiled).toFixed(0)}%`)
    console.log(`    compiled JavaScript's own instructions by V8's tier: ${shares.join(', ')}`)
  }
  console.log(`\n  instructions per fetch   JavaScript thread  other threads (V8's compiler and GC, libuv)`)
  for (const [layout, measured] of results) {
    const label = `${layout} (${measuredWhat(layout)})`
    console.log(`  ${label.padEnd(22)} ${figure(measured.main).padStart(18)}  ${figure(measured.others)}`)
  }
  for (const [layout, floor] of Object.entries(floors) as [Layout, Layout][]) {
    const measured = results.get(layout)
    const floorMeasured = results.get(floor)
    if (measured === undefined || floorMeasured === undefined) continue
    console.log(
      `  ${layout} / ${floor}, JavaScript thread: ${(measured.main / floorMeasured.main).toFixed(2)}`,
    )
  }
} finally {
  await stopAll()
}
