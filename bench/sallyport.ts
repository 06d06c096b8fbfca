/**
 * The system under test: the embedded default (`sallyport dev`: gateway + three egress nodes in one
 * process) started as a child process, and an API key for its data plane. Opt-in: the same code as two
 * processes (`sallyport node` + `sallyport gateway`), to see what sharing one event loop costs.
 *
 * Keys, in the order they are tried (the first that fetches successfully wins, so the harness works
 * before and after accounts land):
 * 1. when `src/bin/admin.ts` knows `create-key`: an account and a key made with the operator CLI
 *    (`[migrate,] admin create-account, admin create-key`), before `dev` starts with the same data dir,
 *    or, if that fails (database not initialised yet...), against the running `dev`;
 * 2. the bootstrap key given in SALLYPORT_BOOTSTRAP_KEY (what `dev` accepted before accounts existed);
 * 3. whatever key `dev` printed in its banner.
 *
 * Rate limits: HOOK. When `admin set-plan` / `admin set-limits` exist, they are run for the bench account
 * with `setPlanArgs` / `setLimitsArgs` below (or `--set-plan-args` / `--set-limits-args`), so the
 * benchmark measures the fetch path and not a 429. A failing hook is reported, loudly, not fatal.
 */
import { processTree } from './lib/cpu.ts'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { request } from 'undici'
import {
  cpuProfileArgs,
  isRunning,
  sallyportCli,
  startProcess,
  stopProcess,
  typescriptArgs,
  within,
  type Tracked,
} from './lib/children.ts'
import { assertLoopback, freePort, waitForPort } from './lib/net.ts'
import { profilesIn } from './lib/profile.ts'

export const benchEmail = 'bench@example.test'

/** `admin set-plan` arguments after `--email`: the largest plan, so the trial's 1,000 requests do not end the run. */
export const defaultSetPlanArgs = ['--plan', 'scale']
/**
 * `admin set-limits` arguments after `--email` (the flags of src/bin/limits-admin.ts): the fetch and
 * per-host budgets far beyond what one machine can admit, and the in-flight cap above any --concurrency,
 * so the benchmark measures the fetch path and not a 429.
 */
export const defaultSetLimitsArgs = [
  '--fetch-per-minute',
  '1000000000',
  '--host-per-minute',
  '1000000000',
  '--max-in-flight',
  '1000',
]

export type SallyportOptions = {
  /**
   * `dev`: `sallyport dev`, gateway and three nodes in ONE process (the embedded default, what the brief
   * measures). `split`: `sallyport node` and `sallyport gateway` as two processes (the production shape).
   * `bare`: bench/bare-dev.ts, `dev` without the key lookup, admission store, standing and metering.
   */
  topology: 'dev' | 'split' | 'bare'
  repoRoot: string
  /** SALLYPORT_DATA_DIR: SQLite file, outbox. A fresh temp dir per run. */
  dataDir: string
  /** Where the processes' stdout/stderr go (split: `.node` and `.gateway` appended). */
  logPath: string
  /** `--cpu-prof --cpu-prof-dir <dir>` for every Sallyport process when set. */
  profileDir: string | undefined
  /** Node's own flags for every Sallyport process (`--node-args`), before the profile's. */
  nodeArgs?: readonly string[]
  /** A URL `dev` must be able to fetch with the key (a loopback target), used to pick the key. */
  probeUrl: string
  region: string
  setPlanArgs: readonly string[]
  setLimitsArgs: readonly string[]
  /**
   * `dev`'s worker processes: undefined runs it as `npm start` does (SALLYPORT_WORKERS when the
   * environment sets it, else one per core). `split` runs one process each, as its layout is named.
   */
  devWorkers?: number | undefined
  /**
   * A command the `dev` process runs under, Node's path after it, then `nodeArgs` for it alone:
   * bench/instructions.ts runs `dev` under callgrind. None by default.
   */
  wrapper?: Wrapper
  /** How long `dev` may take to print its banner, and the first fetch through it (default 60 s). */
  startTimeoutMs?: number
}

export type Wrapper = { command: readonly string[]; nodeArgs?: readonly string[] }

/**
 * The command that starts Node with `nodeArgs` (then the wrapper's own), under `wrapper` when there is one,
 * and the arguments up to the script's: under a wrapper, Node's path is the wrapper's last argument.
 */
export function wrappedNode(
  wrapper: Wrapper | undefined,
  nodeArgs: readonly string[],
): { command: string; args: string[] } {
  const [command, ...leading] = [...(wrapper?.command ?? []), process.execPath]
  return { command, args: [...leading, ...nodeArgs, ...(wrapper?.nodeArgs ?? [])] }
}

export type Sallyport = {
  /** `http://127.0.0.1:<port>` */
  url: string
  /** dev: one process; split: node and gateway. */
  pids: number[]
  /** The processes' names, in the order of `pids`. */
  names: string[]
  apiKey: string
  /** Which key worked. */
  auth: 'account' | 'bootstrap' | 'printed'
  /** What the harness did or could not do (provisioning, limits hooks). */
  notes: string[]
  /** From the first spawn to ready (dev: its banner): the start-up a profile summary leaves out. */
  readyAfterMs: number
  /** SIGTERM (dev closes cleanly and, with --cpu-prof, writes its profile); returns the profile files. */
  stop(): Promise<string[]>
}

type CliRun = { code: number | null; output: string }

function base62(length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
  let out = ''
  for (const byte of randomBytes(length * 2)) {
    if (byte < 248) out += alphabet[byte % 62]
    if (out.length === length) break
  }
  return out.padEnd(length, '0')
}

/** Child environment: the caller's, without proxy settings, plus the benchmark's settings. */
export function childEnv(
  extra: Record<string, string>,
  { oneWorker = true }: { oneWorker?: boolean } = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of Object.keys(env)) {
    if (/^(https?|all|no)_proxy$/i.test(name) || name === 'NODE_USE_ENV_PROXY') delete env[name]
  }
  // One process per `sallyport gateway` / `node` unless the environment says otherwise: the topology's
  // layout is what it names (docs/performance.md). `dev` is measured as it ships, one worker per core.
  return { ...(oneWorker && { SALLYPORT_WORKERS: '1' }), ...env, ...extra }
}

export function sallyportCapabilities(repoRoot: string) {
  const read = (path: string) => {
    try {
      return readFileSync(join(repoRoot, path), 'utf8')
    } catch {
      return ''
    }
  }
  const cli = read('src/bin/sallyport.ts')
  // The admin commands moved from admin.ts into the commander program and its *-admin.ts modules.
  const admin = ['admin.ts', 'sallyport.ts', 'account-admin.ts', 'limits-admin.ts', 'billing-admin.ts']
    .map((file) => read(`src/bin/${file}`))
    .join('\n')
  return {
    createKey: admin.includes('create-key'),
    setPlan: admin.includes('set-plan'),
    setLimits: admin.includes('set-limits'),
    migrate: /['"]migrate['"]/.test(cli),
  }
}

export async function startSallyport(options: SallyportOptions): Promise<Sallyport> {
  const capabilities = sallyportCapabilities(options.repoRoot)
  const notes: string[] = []
  const port = await freePort()
  const nodePort = options.topology === 'split' ? await freePort() : 0
  const bootstrapKey = `sp_live_${base62(36)}`
  const env = childEnv(
    {
      SALLYPORT_DATA_DIR: options.dataDir,
      SALLYPORT_ALLOW_TARGETS: '127.0.0.0/8',
      SALLYPORT_LOG_LEVEL: 'warn',
      // Every request goes to one target host: the shared per-host ceiling (600 a minute by default) must
      // not be what is measured.
      SALLYPORT_GLOBAL_HOST_LIMIT: '1000000000',
      // Shared by `dev` and the admin commands, which may need the gateway configuration.
      SALLYPORT_FLEET_SECRET: base62(43),
      SALLYPORT_BOOTSTRAP_KEY: bootstrapKey,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(options.topology === 'split' && {
        SALLYPORT_NODES: `${options.region}=http://127.0.0.1:${nodePort}`,
      }),
      // The bare fetch path is one process whatever `dev` runs.
      ...(options.devWorkers !== undefined &&
        options.topology === 'dev' && { SALLYPORT_WORKERS: String(options.devWorkers) }),
    },
    { oneWorker: options.topology !== 'dev' },
  )

  async function cli(args: readonly string[], timeoutMs = 60_000): Promise<CliRun> {
    const run = startProcess(
      `sallyport ${args.slice(0, 2).join(' ')}`,
      process.execPath,
      [sallyportCli, ...args],
      { cwd: options.repoRoot, env },
    )
    const finished = await within(
      run.exited.then(() => true),
      timeoutMs,
    )
    if (!finished) await stopProcess(run, 2_000)
    return { code: run.child.exitCode, output: run.tail() }
  }

  /** Account + key with the operator CLI; undefined (and a note) when a step fails. */
  async function provision(when: string): Promise<string | undefined> {
    const steps: string[][] = [
      ...(capabilities.migrate ? [['migrate']] : []),
      ['admin', 'create-account', '--email', benchEmail],
      ['admin', 'create-key', '--email', benchEmail, '--name', 'bench', '--scopes', 'proxy'],
    ]
    for (const step of steps) {
      const run = await cli(step)
      // An account left by an earlier attempt of this same run is fine.
      const exists = step[1] === 'create-account' && /already|exists/i.test(run.output)
      if (run.code !== 0 && !exists) {
        notes.push(`${when}: sallyport ${step.join(' ')} failed (exit ${run.code}): ${lastLine(run.output)}`)
        return undefined
      }
      if (step[1] === 'create-key') {
        const key = /sp_live_[0-9A-Za-z]+/.exec(run.output)?.[0]
        if (key === undefined) notes.push(`${when}: create-key printed no sp_live_ key`)
        return key
      }
    }
    return undefined
  }

  /** HOOK: lift the bench account's rate limits (and plan quota) when the CLI can. */
  async function raiseLimits(when: string): Promise<boolean> {
    let ok = true
    const hooks: [boolean, string, readonly string[]][] = [
      [capabilities.setPlan, 'set-plan', options.setPlanArgs],
      [capabilities.setLimits, 'set-limits', options.setLimitsArgs],
    ]
    for (const [present, command, args] of hooks) {
      if (!present) continue
      const run = await cli(['admin', command, '--email', benchEmail, ...args])
      if (run.code === 0) notes.push(`${when}: admin ${command} ${args.join(' ')}: ${lastLine(run.output)}`)
      else {
        ok = false
        notes.push(
          `WARNING ${when}: admin ${command} ${args.join(' ')} failed (exit ${run.code}): ${lastLine(run.output)}` +
            ` -- rate limits may cut the benchmark short; adjust --${command}-args`,
        )
      }
    }
    return ok
  }

  let accountKey: string | undefined
  let limitsRaised = false
  // The bare path knows one key, the bootstrap key; it has no accounts to provision.
  if (capabilities.createKey && options.topology !== 'bare') {
    accountKey = await provision('before start')
    if (accountKey !== undefined) limitsRaised = await raiseLimits('before start')
  }

  const spawnedAt = Date.now()
  const processes: Tracked[] = []
  const stop = async (): Promise<string[]> => {
    // Both close on SIGTERM (35 s deadline of their own); a profile is written as the process exits.
    await Promise.all(processes.map((entry) => stopProcess(entry, 40_000)))
    return profilesIn(options.profileDir)
  }
  const profileArgs = [...(options.nodeArgs ?? []), ...cpuProfileArgs(options.profileDir)]
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const sallyportProcess = (
    name: string,
    args: string[],
    logSuffix: string,
    entry = sallyportCli,
    wrapper?: Wrapper,
  ) => {
    const node = wrappedNode(wrapper, profileArgs)
    const started = startProcess(
      name,
      node.command,
      [...node.args, ...(entry === sallyportCli ? [] : typescriptArgs), entry, ...args],
      { cwd: options.repoRoot, env, logPath: `${options.logPath}${logSuffix}` },
    )
    processes.push(started)
    return started
  }

  try {
    let url: string
    let printedKey: string | undefined
    let readyAfterMs: number
    if (options.topology === 'dev' || options.topology === 'bare') {
      const dev =
        options.topology === 'dev'
          ? sallyportProcess(
              'sallyport dev',
              ['dev', '--port', String(port)],
              '',
              sallyportCli,
              options.wrapper,
            )
          : sallyportProcess('sallyport bare', ['--port', String(port)], '', 'bench/bare-dev.ts')
      const deadline = Date.now() + startTimeoutMs
      while (!dev.tail().includes('Sallyport is running')) {
        if (!isRunning(dev.child)) throw new Error(`sallyport dev exited at start-up:\n${dev.tail()}`)
        if (Date.now() > deadline) {
          throw new Error(`sallyport dev did not start within ${startTimeoutMs / 1000} s:\n${dev.tail()}`)
        }
        await sleep(50)
      }
      readyAfterMs = Date.now() - spawnedAt
      const banner = dev.tail()
      url = /API\s+(http:\/\/\S+?)\/v2\/proxy\/fetch/.exec(banner)?.[1] ?? `http://127.0.0.1:${port}`
      printedKey = /API key\s+(sp_live_[0-9A-Za-z]+)/.exec(banner)?.[1]
    } else {
      // The production shape: an egress node process and a gateway process (DESIGN 1), one region.
      const node = sallyportProcess(
        'sallyport node',
        [
          'node',
          '--region',
          options.region,
          '--host',
          '127.0.0.1',
          '--port',
          String(nodePort),
          '--egress-address',
          '127.0.0.11',
        ],
        '.node',
      )
      await waitForPort('127.0.0.1', nodePort, {
        timeoutMs: 60_000,
        child: node.child,
        what: 'sallyport node',
      })
      sallyportProcess(
        'sallyport gateway',
        ['gateway', '--host', '127.0.0.1', '--port', String(port)],
        '.gateway',
      )
      url = `http://127.0.0.1:${port}`
      readyAfterMs = Date.now() - spawnedAt
    }
    assertLoopback(url)
    const { hostname, port: urlPort } = new URL(url)
    for (const entry of processes) {
      await waitForPort(hostname, Number(urlPort), {
        timeoutMs: startTimeoutMs,
        child: entry.child,
        what: entry.name,
      })
    }

    if (capabilities.createKey && accountKey === undefined && options.topology !== 'bare') {
      accountKey = await provision('after start')
    }
    if (accountKey !== undefined && !limitsRaised) await raiseLimits('after start')
    if (!capabilities.setLimits && options.topology !== 'bare') {
      notes.push('no `admin set-limits` yet: rate limits (if any) are the defaults')
    }

    const candidates: [Sallyport['auth'], string | undefined][] = [
      ['account', accountKey],
      ['bootstrap', bootstrapKey],
      ['printed', printedKey],
    ]
    const tried: string[] = []
    for (const [auth, key] of candidates) {
      if (key === undefined || tried.includes(key)) continue
      tried.push(key)
      const answer = await probe(url, key, options.probeUrl, options.region, startTimeoutMs)
      if (answer.status === 200) {
        notes.push(`data-plane key: ${auth}`)
        // With SALLYPORT_WORKERS above 1, a process's workers are counted with it.
        const trees = processes.map((entry) => processTree(entry.child.pid!))
        const pids = trees.flat()
        const names = processes.flatMap((entry, index) =>
          trees[index]!.map((_, worker) => (worker === 0 ? entry.name : `${entry.name} worker ${worker}`)),
        )
        return { url, pids, names, apiKey: key, auth, notes, readyAfterMs, stop }
      }
      notes.push(`${auth} key refused: ${answer.status} ${answer.body.slice(0, 200)}`)
    }
    const tails = processes.map((entry) => entry.tail()).join('\n')
    throw new Error(`no API key works against sallyport:\n  ${notes.join('\n  ')}\n${tails}`)
  } catch (error) {
    await stop()
    throw error
  }
}

async function probe(gateway: string, key: string, target: string, region: string, timeoutMs: number) {
  const response = await request(`${gateway}/v2/proxy/fetch?region=${region}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ url: target }),
    headersTimeout: Math.max(30_000, timeoutMs),
    bodyTimeout: Math.max(30_000, timeoutMs),
  })
  return { status: response.statusCode, body: await response.body.text() }
}

function lastLine(output: string): string {
  const lines = output.trim().split('\n')
  return (lines[lines.length - 1] ?? '').slice(0, 300)
}
