/**
 * Runs the real CLI as child processes for end-to-end tests: the same commands docs/deploy.md gives
 * operators. Every process is killed when the test ends.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const cli = ['bin/sallyport.js']

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
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
