/**
 * The node's end of the fleet link (src/shared/fleet-link.ts, ADR 0016): a gateway's signed
 * `GET /fleet/v1/link` upgrade is checked as any fleet call (401 unsigned, expired or replayed; 503 while
 * the node shuts down), then its socket carries fetch jobs in frames. Each job is run as the HTTP fetch
 * route runs it (fleet-fetch-route.ts): the same job check, fetcher, in-flight count, metrics and log
 * line, never with the job's URL. A job's cancel frame, or the link's end, stops its fetch.
 *
 * Shutdown: a link answers the jobs it runs, then ends; a job that arrives meanwhile is answered `failed`,
 * which the gateway takes as a node failure and fails over, as it does the HTTP route's 503.
 */
import { Buffer } from 'node:buffer'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Duplex } from 'node:stream'
import { giveBackWhenWritten } from '../shared/buffer-pool.ts'
import { Cancellation } from '../shared/cancellation.ts'
import { fleetPaths, verifyFleetCall } from '../shared/fleet-contract.ts'
import {
  answerFrame,
  answerPartBytes,
  maxQueuedAnswerBytes,
  createFrameWriter,
  FrameReader,
  joinPayload,
  jobFrame,
  LinkProtocolError,
  linkProtocol,
  maxJobFrameBytes,
  type FrameWriter,
} from '../shared/fleet-link.ts'
import { countRouteAnswers, noCode } from '../shared/metrics.ts'
import { parseJob } from './fetch-job.ts'
import { logsInfo } from '../shared/logger.ts'
import { outcomeAnswer, type FleetFetchDeps } from './fleet-fetch-route.ts'

const route = { method: 'JOB', routeOptions: { url: fleetPaths.link } }

export type FleetLinks = {
  /** The node server's 'upgrade' listener. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** At shutdown: every link ends once its running jobs are answered. */
  closeAll(): void
}

export function createFleetLinks(deps: FleetFetchDeps): FleetLinks {
  const { state } = deps
  const links = new Set<() => void>()
  const count = deps.metrics && countRouteAnswers(deps.metrics, fleetPaths.link, 'JOB')

  function refuse(socket: Duplex, status: number, reason: string, error: string): void {
    const body = JSON.stringify({ error })
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
    deps.metrics?.requests.inc({
      route: fleetPaths.link,
      method: 'GET',
      status: String(status),
      code: noCode,
    })
  }

  function accept(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined)
    if (req.url !== fleetPaths.link || req.method !== 'GET')
      return refuse(socket, 404, 'Not Found', 'not found')
    if (req.headers.upgrade?.toLowerCase() !== linkProtocol) {
      return refuse(socket, 400, 'Bad Request', `the fleet link speaks ${linkProtocol}`)
    }
    if (state.closing) return refuse(socket, 503, 'Service Unavailable', 'the node is shutting down')
    const check = verifyFleetCall(
      deps.fleetSecret,
      'GET',
      fleetPaths.link,
      '',
      req.headers,
      deps.clock.now(),
      deps.nonces,
    )
    if (!check.ok) return refuse(socket, 401, 'Unauthorized', 'unsigned or expired fleet call')
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nconnection: Upgrade\r\nupgrade: ${linkProtocol}\r\n\r\n`,
    )
    serve(socket as Socket, head)
  }

  function serve(socket: Socket, head: Buffer): void {
    socket.setNoDelay(true)
    socket.setTimeout(0)
    // A gateway gone without a FIN (a dead machine) is noticed, and its jobs stopped.
    socket.setKeepAlive(true, 10_000)
    const writer = createFrameWriter(socket)
    const drain = createDrainWaiter(socket)
    const running = new Map<number, Cancellation>()
    let ending = false

    const end = () => {
      ending = true
      if (running.size === 0) writer.end()
    }
    links.add(end)
    if (state.closing) end()

    const reader = new FrameReader(maxJobFrameBytes, (type, id, views, length) => {
      if (type === jobFrame.cancel) {
        running.get(id)?.abort()
        return
      }
      if (type !== jobFrame.job) throw new LinkProtocolError(`no job frame has type ${type}`)
      if (ending || state.closing) return fail(id, 'the node is shutting down')
      let job
      try {
        job = parseJob(JSON.parse(joinPayload(views, length).toString('utf8')))
      } catch {
        return fail(id, 'bad JSON')
      }
      if (job === undefined) return fail(id, 'bad fetch job')
      if (deps.drain.draining) return refuse(id, answerFrame.drained)
      run(id, job)
    })

    /** Answers a job the node does not run: `failed` with its reason, or `drained`; counted as a 503. */
    function refuse(id: number, type: number, payload?: string): void {
      writer.write(type, id, payload)
      deps.metrics?.requests.inc({ route: fleetPaths.link, method: 'JOB', status: '503', code: noCode })
    }

    function fail(id: number, error: string): void {
      refuse(id, answerFrame.failed, JSON.stringify({ error }))
    }

    function run(id: number, job: NonNullable<ReturnType<typeof parseJob>>): void {
      const arrived = performance.now()
      const log = logsInfo(deps.log) ? deps.log.child({ reqId: deps.nextRequestId() }) : undefined
      log?.debug({ req: route }, 'incoming request')
      const cancel = new Cancellation()
      running.set(id, cancel)
      state.inFlight++
      const settle = () => {
        state.inFlight--
        running.delete(id)
        if (ending && running.size === 0) writer.end()
      }
      deps.fetcher.fetch(job, cancel).then(
        (outcome) => {
          if (cancel.aborted || socket.destroyed) return settle()
          const [kind, body] = outcomeAnswer(outcome)
          // Settled once the answer is written: the last job's settling may end a closing link.
          const parts = send(id, kind, body)
          if (parts === undefined) settle()
          else void parts.then(settle)
          const seconds = (performance.now() - arrived) / 1000
          count?.(200, seconds)
          log?.info(
            { res: { statusCode: 200, request: route }, responseTime: seconds * 1000 },
            'request completed',
          )
        },
        (error: unknown) => {
          ;(log ?? deps.log).error({ err: error }, 'fetch job failed')
          if (!socket.destroyed) fail(id, 'internal error')
          settle()
        },
      )
    }

    /** Writes an answer; a large one in parts, and then the promise of its last part written. */
    function send(
      id: number,
      kind: 'envelope' | 'refused' | 'redirect',
      body: Buffer,
    ): Promise<void> | undefined {
      const type = answerFrame[kind]
      // The envelope's buffer may be pooled (envelope-json.ts): it goes back once written.
      if (body.length <= answerPartBytes) {
        writer.write(type, id, body, giveBackWhenWritten(body))
        return undefined
      }
      return sendInParts(writer, socket, drain, type, id, body)
    }

    socket.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk)
      } catch (error) {
        deps.log.warn({ err: error }, 'fleet link closed: the gateway broke the protocol')
        socket.destroy()
      }
    })
    socket.on('close', () => {
      links.delete(end)
      // The gateway is gone: nobody is left to answer.
      for (const cancel of running.values()) cancel.abort()
    })
    if (head.length > 0) socket.emit('data', head)
  }

  return {
    accept,
    closeAll: () => {
      for (const end of links) end()
    },
  }
}

/**
 * A large answer, in parts. A part is written while less than `maxQueuedAnswerBytes` wait in the socket's
 * buffer, else after the buffer drained, so other answers pass in between. Not a drain per part: that costs
 * a wake-up on both sides per 64 KiB, and the receiving gateway full collections (fleet-link.ts).
 */
async function sendInParts(
  writer: FrameWriter,
  socket: Socket,
  drain: DrainWaiter,
  type: number,
  id: number,
  body: Buffer,
): Promise<void> {
  for (let at = 0; at < body.length; at += answerPartBytes) {
    const last = at + answerPartBytes >= body.length
    const part = body.subarray(at, at + answerPartBytes)
    // Written in order: once the last part is, so is the whole answer.
    writer.write(last ? type : answerFrame.part, id, part, last ? giveBackWhenWritten(body) : undefined)
    if (last || socket.destroyed) return
    if (socket.writableLength >= maxQueuedAnswerBytes && !(await drain.wait())) return
  }
}

type DrainWaiter = {
  /** Resolves true once the socket drained, false if it closed first. */
  wait(): Promise<boolean>
}

/** One 'drain' and one 'close' listener per link, however many answers wait on it. */
function createDrainWaiter(socket: Socket): DrainWaiter {
  let waiters: ((drained: boolean) => void)[] = []
  const settle = (drained: boolean) => {
    const settled = waiters
    waiters = []
    for (const resolve of settled) resolve(drained)
  }
  socket.on('drain', () => settle(true))
  socket.once('close', () => settle(false))
  return {
    wait: () =>
      socket.destroyed
        ? Promise.resolve(false)
        : new Promise<boolean>((resolve) => {
            waiters.push(resolve)
          }),
  }
}
