/**
 * `npm run bench:compare -- --against <rev> [options]`: the CPU per fetch of this checkout's `sallyport dev`
 * against another revision's, side by side on the same machine at the same time.
 *
 * On a shared two-core machine the speed of everything drifts by a third within minutes (docs/performance.md),
 * so two `npm run bench` runs minutes apart cannot show a change of a few percent. Here both `dev`s run at
 * once, against one loopback target, and the load alternates between them in rows (after, before, before,
 * after...): each row measures only the CPU of the process it loads (/proc, its whole process tree), so the
 * drift falls on both alike. The load generator runs in this process; its CPU is counted for neither.
 *
 * The other revision is checked out in a temporary git worktree that borrows this checkout's node_modules
 * (a revision whose package-lock.json differs is refused: its dependencies would not be its own), and is
 * removed at the end. Prints each side's median CPU per fetch, their ratio and every row.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Pool } from 'undici'
import { stopAll } from './lib/children.ts'
import { processCpuMs, processTree } from './lib/cpu.ts'
import { startTarget } from './lib/target-process.ts'
import { defaultSetLimitsArgs, defaultSetPlanArgs, startSallyport, type Sallyport } from './sallyport.ts'

const usage = `usage: npm run bench:compare -- --against <rev> [options]

  --against REV        the revision to compare with (a commit, tag or branch of this repository)
  --body 1k|1m         the target's body (default 1k)
  --concurrency N      requests in flight per row (default 64)
  --requests N         requests per row (default 4000; 1m: 200)
  --rows N             rows per side, alternating (default 10)
  --help`

const { values } = parseArgs({
  options: {
    against: { type: 'string' },
    body: { type: 'string', default: '1k' },
    concurrency: { type: 'string', default: '64' },
    requests: { type: 'string' },
    rows: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
})

function positive(name: string, raw: string): number {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer, not ${JSON.stringify(raw)}\n\n${usage}`)
    process.exit(2)
  }
  return value
}

if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (values.against === undefined || values.against === '') {
  console.error(`--against is required\n\n${usage}`)
  process.exit(2)
}
if (values.body !== '1k' && values.body !== '1m') {
  console.error(`--body is 1k or 1m, not ${JSON.stringify(values.body)}\n\n${usage}`)
  process.exit(2)
}
const body = values.body
const concurrency = positive('concurrency', values.concurrency)
const requests = positive('requests', values.requests ?? (body === '1m' ? '200' : '4000'))
const rows = positive('rows', values.rows)

const benchDir = dirname(fileURLToPath(import.meta.url))
const repoRoot = resolve(benchDir, '..')
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

let commit: string
try {
  commit = git('rev-parse', '--verify', `${values.against}^{commit}`)
} catch {
  console.error(`--against ${values.against}: not a revision of this repository`)
  process.exit(2)
}
const lockNow = readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')
if (git('show', `${commit}:package-lock.json`) !== lockNow.trim()) {
  console.error(
    `--against ${values.against}: its package-lock.json differs from this checkout's, so it cannot run on\n` +
      "this checkout's node_modules. Compare revisions with the same dependencies.",
  )
  process.exit(2)
}

const temp = mkdtempSync(join(tmpdir(), 'sallyport-compare-'))
const baseline = join(temp, 'baseline')
git('worktree', 'add', '--detach', '--quiet', baseline, commit)
symlinkSync(join(repoRoot, 'node_modules'), join(baseline, 'node_modules'))

const started: Sallyport[] = []
const pools: Pool[] = []

/** Children stopped, the worktree and the temp dir removed: at the end, on an error or on a signal. */
let cleaned: Promise<void> | undefined
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    for (const pool of pools) await pool.destroy().catch(() => undefined)
    await stopAll()
    git('worktree', 'remove', '--force', baseline)
    rmSync(temp, { recursive: true, force: true })
  })()
  return cleaned
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping...`)
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143))
  })
}

try {
  const { port } = await startTarget()
  const target = `http://127.0.0.1:${port}`

  const sides = [
    { name: `this checkout`, root: repoRoot },
    { name: `${values.against} (${commit.slice(0, 7)})`, root: baseline },
  ]
  for (const [i, side] of sides.entries()) {
    const dataDir = join(temp, `data-${i}`)
    mkdirSync(dataDir)
    const sallyport = await startSallyport({
      topology: 'dev',
      repoRoot: side.root,
      dataDir,
      logPath: join(temp, `dev-${i}.log`),
      profileDir: undefined,
      probeUrl: `${target}/1k`,
      region: 'us-east',
      setPlanArgs: defaultSetPlanArgs,
      setLimitsArgs: defaultSetLimitsArgs,
      // One process a side: two sides of one worker each share the cores with less noise than four.
      devWorkers: 1,
    })
    started.push(sallyport)
    pools.push(new Pool(sallyport.url, { connections: concurrency }))
  }

  const payload = JSON.stringify({ url: `${target}/${body}` })
  const cpuOf = (sallyport: Sallyport) =>
    sallyport.pids.flatMap(processTree).reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0)

  /** One row: `requests` fetches through side `i`; its processes' CPU in µs per fetch. */
  async function row(i: number): Promise<number> {
    const sallyport = started[i]!
    const pool = pools[i]!
    const before = cpuOf(sallyport)
    let sent = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (sent < requests) {
          sent++
          const response = await pool.request({
            path: '/v2/proxy/fetch?region=us-east',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': sallyport.apiKey },
            body: payload,
          })
          await response.body.dump({ limit: Number.POSITIVE_INFINITY })
          if (response.statusCode !== 200) throw new Error(`${sides[i]!.name}: HTTP ${response.statusCode}`)
        }
      }),
    )
    return ((cpuOf(sallyport) - before) * 1000) / requests
  }

  console.log(
    `sallyport dev, ${body} body, c=${concurrency}, ${requests} fetches a row, ${rows} rows a side (after a warm-up row)`,
  )
  await row(0)
  await row(1)
  const results: number[][] = [[], []]
  for (let r = 0; r < rows; r++) {
    for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) results[i]!.push(await row(i))
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
  const [mine, theirs] = results.map(median) as [number, number]
  for (const [i, side] of sides.entries()) {
    const list = results[i]!
    console.log(
      `  ${side.name.padEnd(28)} ${median(list).toFixed(1).padStart(7)} µs CPU per fetch  ` +
        `(rows: ${list.map((value) => value.toFixed(0)).join(' ')})`,
    )
  }
  console.log(`  this checkout / ${values.against}: ${(mine / theirs).toFixed(3)}`)
  for (const pool of pools) await pool.close()
  for (const sallyport of started) await sallyport.stop()
} finally {
  await cleanUp()
}
