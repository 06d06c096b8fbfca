/**
 * Talking to a process with workers in end-to-end tests. A supervisor hands each new connection to its
 * workers in turn, so successive requests on connections of their own reach every worker.
 */
import { request } from 'node:http'
import { eventually } from './cli.ts'

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** One HTTP request on a connection of its own (no keep-alive pool). */
export function onNewConnection(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false })
    outgoing.on('error', reject)
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      response.on('error', reject)
    })
    outgoing.end(options.body)
  })
}

/** The pids a supervisor logged for the workers it started (`<kind> worker started`), in order. */
export function workerPids(output: string, kind: 'gateway' | 'node' | 'dev'): number[] {
  const started = new RegExp(`"worker_pid":(\\d+),"msg":"${kind} worker started"`, 'g')
  return [...output.matchAll(started)].map((match) => Number(match[1]))
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Resolves once `check` holds for `times` requests in a row, each on a connection of its own (so on every
 * worker of a pair); fails after `timeoutMs`.
 */
export async function onEveryWorker(
  check: () => Promise<boolean>,
  timeoutMs: number,
  times = 4,
): Promise<void> {
  await eventually(async () => {
    for (let i = 0; i < times; i++) if (!(await check())) return undefined
    return true
  }, timeoutMs)
}
