/**
 * The benchmark's own servers (bench/target.ts, bench/node-floor.ts), each in a process of its own, tracked
 * so that it is stopped with the rest.
 */
import { fork } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { track, typescriptArgs, type Tracked } from './children.ts'
import type { TargetMessage } from './protocol.ts'

const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..')

export type ListeningOptions = {
  env?: NodeJS.ProcessEnv
  execArgv?: readonly string[]
  args?: readonly string[]
  /** A command the process runs under (`valgrind --tool=callgrind …`), Node's path after it. */
  wrapper?: readonly string[]
  /** How long it may take to say it listens (default 30 s). */
  startTimeoutMs?: number
}

/**
 * Forks `script` and waits until it says it listens on 127.0.0.1 (30 s at most, unless told). `execArgv`
 * comes after the TypeScript loader's (`--cpu-prof` and the like).
 */
export async function startListening(
  name: string,
  script: string,
  options: ListeningOptions = {},
): Promise<{ tracked: Tracked; port: number }> {
  const nodeArgs = [...typescriptArgs, ...(options.execArgv ?? [])]
  const [wrapperCommand, ...wrapperArgs] = options.wrapper ?? []
  const child = fork(script, [...(options.args ?? [])], {
    ...(wrapperCommand === undefined
      ? { execArgv: nodeArgs }
      : { execPath: wrapperCommand, execArgv: [...wrapperArgs, process.execPath, ...nodeArgs] }),
    env: options.env ?? process.env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const tracked = track(name, child)
  const startTimeoutMs = options.startTimeoutMs ?? 30_000
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the ${name} did not start within ${startTimeoutMs / 1000} s`)),
      startTimeoutMs,
    )
    child.once('message', (raw) => {
      const message = raw as TargetMessage
      clearTimeout(timer)
      if (message.type === 'listening') resolvePort(message.port)
      else reject(new Error(`${name}: ${message.message}`))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the ${name} exited (${code}) at start-up`))
    })
  })
  return { tracked, port }
}

/** The target every scenario fetches (bench/target.ts). */
export function startTarget(): Promise<{ tracked: Tracked; port: number }> {
  return startListening('target', join(benchDir, 'target.ts'))
}

/** The floor of the fetch path in Node (bench/node-floor.ts), accepting `apiKey`. */
export function startNodeFloor(
  apiKey: string,
  execArgv: readonly string[] = [],
  options: Pick<ListeningOptions, 'wrapper' | 'startTimeoutMs'> = {},
): Promise<{ tracked: Tracked; port: number }> {
  return startListening('node floor', join(benchDir, 'node-floor.ts'), {
    ...options,
    env: { ...process.env, SALLYPORT_BENCH_FLOOR_KEY: apiKey },
    execArgv,
  })
}
