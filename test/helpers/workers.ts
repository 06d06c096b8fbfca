/**
 * Talking to a process with workers in end-to-end tests. A supervisor hands each new connection to its
 * workers in turn, so successive requests on connections of their own reach every worker. `sallyport dev`'s
 * supervisor serves a connection itself when it has none open (src/bin/connection-hand-off.ts): hold one
 * open (`heldConnection`) and the new ones go to its workers in turn.
 */
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { eventually } from './cli.ts'

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** One HTTP request on a connection of its own (no keep-alive pool). */
export function onNewConnection(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
  agent: Agent | false = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers, agent })
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

export type HeldConnection = {
  /** One request on the held connection (opened by the first). */
  send(
    url: string,
    options?: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Answer>
  close(): void
}

/** One keep-alive connection that every request of its own goes on, held open until `close`. */
export function heldConnection(): HeldConnection {
  const agent = new Agent({ keepAlive: true, maxSockets: 1, keepAliveMsecs: 1_000 })
  return {
    send: (url, options = {}) => onNewConnection(url, options, agent),
    close: () => agent.destroy(),
  }
}

/** The part of a request id that names the process that answered (src/shared/ids.ts: a prefix per app). */
export function answeredBy(answer: Answer): string {
  const id = answer.headers['x-request-id']
  return typeof id === 'string' ? id.slice(0, -12) : ''
}

/**
 * A request kept in flight on a connection of its own (a fetch whose body never ends): opened while
 * `sallyport dev`'s supervisor holds no other connection in use, the supervisor serves it, and until
 * `release` every new connection goes to one of its workers, in turn.
 */
export async function occupySupervisor(base: string, apiKey: string): Promise<{ release(): Promise<void> }> {
  const { hostname, port } = new URL(base)
  const socket = connect(Number(port), hostname)
  socket.on('error', () => {})
  socket.write(
    `POST /v2/proxy/fetch?region=us-east HTTP/1.1\r\nHost: ${hostname}:${port}\r\nx-api-key: ${apiKey}\r\n` +
      'content-type: application/json\r\ncontent-length: 1000\r\n\r\n{',
  )
  // Until the request's head has been read and the connection counts as in use.
  await new Promise((resolve) => setTimeout(resolve, 200))
  return {
    release: async () => {
      if (socket.destroyed) return
      const closed = new Promise((resolve) => socket.once('close', resolve))
      socket.destroy()
      await closed
      // Until the supervisor has seen it close.
      await new Promise((resolve) => setTimeout(resolve, 50))
    },
  }
}
