/**
 * Runs the real CLI as child processes for end-to-end tests: the same commands docs/deploy.md gives
 * operators. Every process is killed when the test ends.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const cli = ['bin/sallyport.js']

/**
 * A port that is free now, for a process the test starts next. It is picked below the kernel's ephemeral
 * range, at random: a port from `listen(0)` could be handed to another test's `listen(0)`, or be the source
 * port of some outgoing connection, between this check and the child's listen, and the child would fail
 * with "in use already" (seen in CI). Test files run as parallel processes, so two of them could still
 * draw the same port while neither child listens yet (seen in CI too): each port handed out is claimed
 * with a file only one process can create, held until this process exits.
 */
/** Sends SIGTERM to `child` unless it has exited, and waits for its exit. */
export async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [low] = ephemeralPorts()
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = low - 12_000 + Math.floor(Math.random() * 12_000)
    if (await claimFreePort(port, host)) return port
  }
  throw new Error(`no free port below ${low} after 100 attempts`)
}

const portClaims = join(tmpdir(), 'sallyport-test-ports')
const claimedPorts = new Set<number>()
/** A claim older than this belongs to a test process that died without removing it. */
const staleClaimMs = 30 * 60_000

/** Claims `port` for this test process (see freePort) if no other claimed it and nothing listens on it. */
export async function claimFreePort(port: number, host = '127.0.0.1'): Promise<boolean> {
  return claimPort(port) && (await canListen(port, host))
}

function claimPort(port: number): boolean {
  if (claimedPorts.has(port)) return false
  mkdirSync(portClaims, { recursive: true })
  const file = join(portClaims, String(port))
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    if (!claimIsStale(file)) return false
    rmSync(file, { force: true })
    return claimPort(port)
  }
  if (claimedPorts.size === 0) process.once('exit', releasePorts)
  claimedPorts.add(port)
  return true
}

function claimIsStale(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > staleClaimMs
  } catch {
    return false
  }
}

function releasePorts(): void {
  for (const port of claimedPorts) rmSync(join(portClaims, String(port)), { force: true })
}

/** The kernel's range of ports for `listen(0)` and outgoing connections (Linux; its default elsewhere). */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)
    if (Number(low) > 13_000) return [Number(low), Number(high)]
  } catch {
    // Not Linux: its default.
  }
  return [32_768, 60_999]
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

export type CliProcess = {
  child: ChildProcess
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Resolves when the output contains the text. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>
  kill(signal?: NodeJS.Signals): Promise<number | null>
}

export function runCli(args: string[], env: Record<string, string>): CliProcess {
  const child = spawn(process.execPath, [...cli, ...args], {
    cwd: repoRoot,
    // One process per command unless a test asks for workers: the machine running the tests is shared.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', SALLYPORT_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    output: () => log,
    async waitFor(text, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      const found = () => (typeof text === 'string' ? log.includes(text) : text.test(log))
      while (!found()) {
        if (child.exitCode !== null)
          throw new Error(`process exited (${child.exitCode}) before printing ${String(text)}:\n${log}`)
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}:\n${log}`)
        await sleep(25)
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
}

/** Runs a CLI command to completion and returns what it printed. */
export async function runCliOnce(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const run = runCli(args, env)
  const code = await new Promise<number | null>((resolve) => run.child.once('exit', resolve))
  return { code, output: run.output() }
}

/** Polls until the check passes or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await sleep(50)
  }
}
