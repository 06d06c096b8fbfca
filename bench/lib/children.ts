/**
 * Every child process the benchmark starts is tracked here, so that it is stopped on a normal end, on an
 * error, and on Ctrl-C: first with a polite signal (so a `--cpu-prof` process writes its profile), then
 * with SIGKILL after a grace period. The `exit` hook is the last resort: it SIGKILLs whatever is left.
 * Only processes started by this harness are ever signalled, each by its own pid.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { createWriteStream } from 'node:fs'

export type Tracked = {
  name: string
  child: ChildProcess
  /** Resolves when the process has exited (or failed to start). */
  exited: Promise<void>
  /** The last few KiB of its stdout and stderr, for error messages. */
  tail(): string
}

const tracked = new Set<Tracked>()

/**
 * Node's options for a TypeScript entry other than the CLI (the target, the load generator,
 * bench/bare-dev.ts), the way bin/sallyport.js loads the CLI: Node's own type stripping where it has it,
 * tsx before that (docs/adr/0014).
 */
export const typescriptArgs: readonly string[] = (process.features as { typescript?: string | false })
  .typescript
  ? []
  : ['--import', 'tsx']

/** The CLI as operators start it (docs/deploy.md): what every Sallyport process of the benchmark runs. */
export const sallyportCli = 'bin/sallyport.js'

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && child.pid !== undefined
}

const tailLimit = 8 * 1024

/** Node's flags to write a CPU profile of the process into `dir` (the bench's `--profile`); none without. */
export function cpuProfileArgs(dir: string | undefined): string[] {
  return dir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', dir]
}

/**
 * Starts a process and tracks it. Its output goes to `logPath` when given (and is kept, shortened, for
 * error messages): a pipe nobody reads would block the child once full.
 */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: SpawnOptions & { logPath?: string },
): Tracked {
  const { logPath, ...spawnOptions } = options
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions })
  return track(name, child, logPath)
}

export function track(name: string, child: ChildProcess, logPath?: string): Tracked {
  let tail = ''
  const log = logPath === undefined ? undefined : createWriteStream(logPath, { flags: 'a' })
  const keep = (chunk: Buffer) => {
    log?.write(chunk)
    tail = (tail + chunk.toString('utf8')).slice(-tailLimit)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.once('error', (error) => {
      tail += `\n[${name}] ${error.message}`
      resolve()
    })
  })
  const entry: Tracked = { name, child, exited, tail: () => tail }
  tracked.add(entry)
  void exited.then(() => {
    tracked.delete(entry)
    log?.end()
  })
  return entry
}

/**
 * `promise`, or `false` after `ms`. The timer is cleared as soon as the promise settles, so a finished
 * race never keeps the process alive (a bare `sleep` in `Promise.race` would, for its whole duration).
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** SIGTERM (or `signal`), then SIGKILL when the process is still there after `graceMs`. */
export async function stopProcess(entry: Tracked, graceMs = 5_000, signal: NodeJS.Signals = 'SIGTERM') {
  if (isRunning(entry.child)) entry.child.kill(signal)
  const exited = await within(
    entry.exited.then(() => true),
    graceMs,
  )
  if (!exited && isRunning(entry.child)) {
    entry.child.kill('SIGKILL')
    await within(entry.exited, 2_000)
  }
}

export async function stopAll(graceMs = 5_000): Promise<void> {
  await Promise.all([...tracked].map((entry) => stopProcess(entry, graceMs)))
}

export function running(): readonly Tracked[] {
  return [...tracked]
}

process.on('exit', () => {
  for (const entry of tracked) if (isRunning(entry.child)) entry.child.kill('SIGKILL')
})
