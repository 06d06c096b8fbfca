/**
 * The egress node's fetch route, `POST /fleet/v1/fetch`, served by node:http directly rather than through
 * Fastify (docs/performance.md, docs/adr/0013-node-fetch-route-on-node-http.md): it is the one route on
 * every fetch's path, and Fastify's request and reply objects, hooks, content-type parsing and route
 * lookup cost about as much CPU as the egress fetch itself. The node's other routes (probe, drain,
 * `/healthz`) stay on Fastify, which answers everything this handler does not take.
 *
 * What a caller sees is what the Fastify route answered: a signed job is fetched and answered 200 with its
 * outcome in `x-fleet-outcome`; an unsigned, expired or replayed call 401, a body that is not a job 400, a
 * body over 1 MiB 413, a body that is not JSON 415, a node shutting down 503 with `connection: close`, a
 * drained node 503 with `x-fleet-outcome: drained`. The
 * answer is counted in the node's HTTP metrics and, at `info`, logged as Fastify logs a request (the
 * `incoming request` and `request completed` lines of docs/operations.md), never with the job's URL.
 */
import { Buffer } from 'node:buffer'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import {
  fleetHeaders,
  fleetPaths,
  verifyFleetCall,
  type FetchJob,
  type NonceMemory,
} from '../shared/fleet-contract.ts'
import { countRouteAnswers, type HttpMetrics } from '../shared/metrics.ts'
import { giveBackWhenWritten } from '../shared/buffer-pool.ts'
import { Cancellation } from '../shared/cancellation.ts'
import { logsInfo } from '../shared/logger.ts'
import { encodeEnvelope } from './fetching/envelope-json.ts'
import type { Fetcher, FetchOutcome } from './fetching/fetcher.ts'
import { parseJob } from './fetch-job.ts'

/** A hop job carries its chain's cookie jar: at most 100 cookies of at most 4 KiB plus attributes each. */
export const maxJobBytes = 1024 * 1024

/** What the route shares with the rest of the node's app. */
export type FleetFetchState = {
  /** Jobs running now, for the health report. */
  inFlight: number
  /** Set when the node starts shutting down: an answer closes its connection, a new job gets 503. */
  closing: boolean
}

export type FleetFetchDeps = {
  fleetSecret: string
  fetcher: Fetcher
  clock: { now(): number }
  nonces: NonceMemory
  state: FleetFetchState
  /** The operator's drain: a drained node takes no new job (it answers 503 `drained`). */
  drain: { readonly draining: boolean }
  /** The app's logger: the request lines are written only when it logs `info`. */
  log: FastifyBaseLogger
  nextRequestId: () => string
  metrics?: HttpMetrics | undefined
}

const jsonType = 'application/json; charset=utf-8'
const drainedBody = JSON.stringify({ error: 'the node is drained' })
const route = { method: 'POST', routeOptions: { url: fleetPaths.fetch } }

/** Whether `request` is this route's: anything else goes to Fastify. */
export function isFleetFetch(request: IncomingMessage): boolean {
  return request.method === 'POST' && request.url === fleetPaths.fetch
}

export function createFleetFetchRoute(
  deps: FleetFetchDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { state } = deps
  const count = deps.metrics && countRouteAnswers(deps.metrics, fleetPaths.fetch, 'POST')

  return (req, res) => {
    const arrived = performance.now()
    const log = logsInfo(deps.log) ? deps.log.child({ reqId: deps.nextRequestId() }) : undefined
    log?.debug({ req: route }, 'incoming request')

    function answer(status: number, body: string | Buffer, outcome?: string): void {
      const headers: Record<string, string | number> = {
        'content-type': jsonType,
        'content-length': typeof body === 'string' ? Buffer.byteLength(body) : body.length,
      }
      if (outcome !== undefined) headers[fleetHeaders.outcome] = outcome
      if (state.closing) headers.connection = 'close'
      res.writeHead(status, headers)
      // An envelope's buffer may be pooled (envelope-json.ts): it goes back once written.
      if (typeof body === 'string') res.end(body)
      else res.end(body, giveBackWhenWritten(body))
      const seconds = (performance.now() - arrived) / 1000
      count?.(status, seconds)
      log?.info(
        { res: { statusCode: status, request: route }, responseTime: seconds * 1000 },
        'request completed',
      )
    }

    function refuse(status: number, error: string): void {
      // The rest of a refused body is not read: the connection cannot carry another request after it.
      if (!req.complete) res.shouldKeepAlive = false
      answer(status, JSON.stringify({ error }))
    }

    if (state.closing) return refuse(503, 'the node is shutting down')
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return refuse(415, 'a fetch job is application/json')
    }
    const declared = Number(req.headers['content-length'])
    if (declared > maxJobBytes) return refuse(413, 'the fetch job is larger than 1 MiB')

    const chunks: Buffer[] = []
    let received = 0
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > maxJobBytes) {
        req.removeAllListeners('data')
        req.removeAllListeners('end')
        req.resume()
        refuse(413, 'the fetch job is larger than 1 MiB')
        return
      }
      chunks.push(chunk)
    })
    // A gateway that leaves before its job is sent has nobody to answer.
    req.on('error', () => undefined)
    req.on('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)
      const check = verifyFleetCall(
        deps.fleetSecret,
        'POST',
        fleetPaths.fetch,
        body,
        req.headers,
        deps.clock.now(),
        deps.nonces,
      )
      if (!check.ok) return refuse(401, 'unsigned or expired fleet call')
      let parsed: unknown
      try {
        parsed = body.length === 0 ? undefined : JSON.parse(body.toString('utf8'))
      } catch {
        return refuse(400, 'bad JSON')
      }
      const job = parseJob(parsed)
      if (job === undefined) return refuse(400, 'bad fetch job')
      if (deps.drain.draining) return answer(503, drainedBody, 'drained')
      run(job)
    })

    function run(job: FetchJob): void {
      // The gateway gave up (its caller left, or its own time-out): stop fetching for nobody.
      const cancel = new Cancellation()
      const onClose = () => {
        if (!res.writableFinished) cancel.abort()
      }
      res.once('close', onClose)
      state.inFlight++
      deps.fetcher.fetch(job, cancel).then(
        (outcome) => {
          state.inFlight--
          res.off('close', onClose)
          if (res.destroyed) return
          const [kind, payload] = outcomeAnswer(outcome)
          answer(200, payload, kind)
        },
        (error: unknown) => {
          state.inFlight--
          res.off('close', onClose)
          ;(log ?? deps.log).error({ err: error }, 'fetch job failed')
          if (!res.destroyed) answer(500, JSON.stringify({ error: 'internal error' }))
        },
      )
    }
  }
}

export function outcomeAnswer(outcome: FetchOutcome): ['envelope' | 'refused' | 'redirect', Buffer] {
  if (outcome.ok === true) return ['envelope', encodeEnvelope(outcome.envelope)]
  if (outcome.ok === false) return ['refused', Buffer.from(JSON.stringify(outcome.refusal))]
  return ['redirect', Buffer.from(JSON.stringify(outcome.redirect))]
}
