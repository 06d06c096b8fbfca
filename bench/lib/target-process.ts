/** The benchmark's target (bench/target.ts) in a process of its own, tracked so that it is stopped with the rest. */
import { fork } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { track, typescriptArgs, type Tracked } from './children.ts'
import type { TargetMessage } from './protocol.ts'

const targetScript = join(dirname(fileURLToPath(import.meta.url)), '..', 'target.ts')

/** Starts the target and waits until it listens on 127.0.0.1 (30 s at most). */
export async function startTarget(): Promise<{ tracked: Tracked; port: number }> {
  const child = fork(targetScript, [], {
    execArgv: [...typescriptArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const tracked = track('target', child)
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error('the target did not start within 30 s')), 30_000)
    child.once('message', (raw) => {
      const message = raw as TargetMessage
      clearTimeout(timer)
      if (message.type === 'listening') resolvePort(message.port)
      else reject(new Error(`target: ${message.message}`))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the target exited (${code}) at start-up`))
    })
  })
  return { tracked, port }
}
