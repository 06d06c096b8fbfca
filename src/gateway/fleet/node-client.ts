/**
 * Signed calls from the gateway to one egress node over a keep-alive pool (DESIGN 1). A call either
 * returns the node's answer or a NodeFailure: the node itself could not serve (unreachable, crashed,
 * reset, refused our signature), which is a reason to fail over; a target's failure never is.
 */
import { Buffer } from 'node:buffer'
import type { IncomingHttpHeaders } from 'node:http'
import type { Logger } from 'pino'
import { Pool, type Dispatcher } from 'undici'
import type { CancelSignal } from '../../shared/cancellation.ts'
import type { Clock } from '../../shared/clock.ts'
import {
  firstHop,
  fleetHeaders,
  fleetPaths,
  signFleetCall,
  type FetchJob,
  type HealthReport,
  type NodeRedirect,
  type TargetRefusal,
  type TargetRefusalCode,
} from '../../shared/fleet-contract.ts'
import { abortReason, NodeFailure } from './node-failure.ts'
import { LinkRefused, openNodeLink, type LinkAnswer, type NodeLink } from './node-link.ts'

export { NodeFailure }

export type JobAnswer =
  /** The envelope JSON exactly as the node wrote it (no parse on the hot path). */
  | { kind: 'envelope'; body: Buffer }
  | { kind: 'refused'; refusal: TargetRefusal }
  /** Only to a job with `hop` (ADR 0010): the next hop, for the gateway to admit and send. */
  | { kind: 'redirect'; redirect: NodeRedirect }
  /** The node is drained and took no new job: send it elsewhere (not a failure: the node is well). */
  | { kind: 'drained' }

export type NodeClientOptions = {
  url: string
  fleetSecret: string
  clock: Clock
  /** Longest wait for a fetch job: the node's own fetch time-out plus a margin. */
  jobTimeoutMs: number
  connections?: number
  /**
   * Fetch jobs over a fleet link (ADR 0016) once one is open; default true. Until it opens, when the node
   * refuses it, or after it closed (until the next attempt a second later), jobs go as HTTP calls.
   */
  link?: boolean
  /** Told when the node refuses the link: its jobs then cost several times the CPU, an operator should know. */
  log?: Pick<Logger, 'warn'> | undefined
}

/** After a node refused the link's upgrade (an older node, a proxy that does not pass upgrades). */
const linkRefusedRetryMs = 60_000
/** After a link failed to open or closed. */
const linkRetryMs = 1_000

const refusalCodes: ReadonlySet<string> = new Set<TargetRefusalCode>([
  'target_not_permitted',
  'too_many_redirects',
  'response_too_large',
  'upstream_unavailable',
])

/**
 * A node's JSON answer, or a NodeFailure: a body that is not what the contract says (a proxy's HTML page,
 * a truncated write) means the node could not serve, so the dispatcher fails over instead of answering 500.
 */
function parseAnswer<T>(payload: Buffer, what: string, valid: (value: unknown) => value is T): T {
  let value: unknown
  try {
    value = JSON.parse(payload.toString('utf8'))
  } catch (error) {
    throw new NodeFailure(`node answered a ${what} that is not JSON`, { cause: error })
  }
  if (!valid(value)) throw new NodeFailure(`node answered a ${what} outside the fleet contract`)
  return value
}

function isRedirect(value: unknown): value is NodeRedirect {
  if (typeof value !== 'object' || value === null) return false
  const { location, hop } = value as Record<string, unknown>
  if (typeof location !== 'string' || typeof hop !== 'object' || hop === null) return false
  const { redirects_so_far: redirects, elapsed_ms_so_far: elapsed } = hop as Record<string, unknown>
  return Number.isSafeInteger(redirects) && Number.isSafeInteger(elapsed)
}

function isRefusal(value: unknown): value is TargetRefusal {
  if (typeof value !== 'object' || value === null) return false
  const { code, detail, timed_out: timedOut } = value as Record<string, unknown>
  return (
    typeof code === 'string' &&
    refusalCodes.has(code) &&
    typeof detail === 'string' &&
    typeof timedOut === 'boolean'
  )
}

function isHealthReport(value: unknown): value is HealthReport {
  if (typeof value !== 'object' || value === null) return false
  const { device_id: deviceId, region, draining } = value as Record<string, unknown>
  return typeof deviceId === 'string' && typeof region === 'string' && typeof draining === 'boolean'
}

type NodeAnswer = { status: number; headers: IncomingHttpHeaders; payload: Buffer }

export function createNodeClient(options: NodeClientOptions) {
  const pool = new Pool(options.url, {
    connections: options.connections ?? 128,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    connectTimeout: 2_000,
  })

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: string,
    timeoutMs: number,
    signal?: CancelSignal,
  ) {
    const headers: Record<string, string> = signFleetCall(
      options.fleetSecret,
      method,
      path,
      body,
      options.clock.now(),
    )
    if (method === 'POST') headers['content-type'] = 'application/json'
    try {
      return await send(method, path, headers, method === 'POST' ? body : null, timeoutMs, signal)
    } catch (error) {
      if (signal?.aborted === true) throw error
      throw new NodeFailure(
        `node call failed: ${(error as { code?: string }).code ?? (error as Error).name}`,
        {
          cause: error,
        },
      )
    }
  }

  /**
   * One call through undici's dispatch API: the answer's chunks are collected as they come, with no
   * response stream and async iteration per call (on every fetch's path, ADR 0013's reasoning).
   */
  function send(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body: string | null,
    timeoutMs: number,
    signal: CancelSignal | undefined,
  ): Promise<NodeAnswer> {
    return new Promise((resolve, reject) => {
      let controller: Dispatcher.DispatchController | undefined
      let status = 0
      let answerHeaders: IncomingHttpHeaders = {}
      const chunks: Buffer[] = []
      let length = 0
      const onAbort = () => controller?.abort(abortReason(signal))
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = () => signal?.removeEventListener('abort', onAbort)
      pool.dispatch(
        { method, path, headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
        {
          onRequestStart: (started) => {
            controller = started
            if (signal?.aborted === true) started.abort(abortReason(signal))
          },
          onResponseStart: (_controller, statusCode, responseHeaders) => {
            status = statusCode
            answerHeaders = responseHeaders
          },
          onResponseData: (_controller, chunk) => {
            chunks.push(chunk)
            length += chunk.length
          },
          onResponseEnd: () => {
            done()
            const payload = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)
            resolve({ status, headers: answerHeaders, payload })
          },
          onResponseError: (_controller, error) => {
            done()
            reject(error)
          },
        },
      )
    })
  }

  let link: NodeLink | undefined
  let opening = false
  let nextAttemptAt = 0
  let closed = false

  /** The open link, or undefined (and an attempt to open one started, when it is time for one). */
  function openLink(): NodeLink | undefined {
    if (link !== undefined) return link
    if (options.link === false || opening || closed || Date.now() < nextAttemptAt) return undefined
    opening = true
    openNodeLink({
      url: options.url,
      fleetSecret: options.fleetSecret,
      now: options.clock.now(),
      connectTimeoutMs: 2_000,
    }).then(
      (opened) => {
        opening = false
        if (closed) return opened.close()
        link = opened
        opened.onClose = () => {
          if (link === opened) link = undefined
          nextAttemptAt = Date.now() + linkRetryMs
        }
      },
      (error: unknown) => {
        opening = false
        const refused = error instanceof LinkRefused
        nextAttemptAt = Date.now() + (refused ? linkRefusedRetryMs : linkRetryMs)
        // Once a minute at most (the next attempt): a node of an earlier release, or a proxy in front of it
        // that does not pass upgrades (docs/deploy.md).
        if (refused) {
          options.log?.warn(
            { node_url: options.url, status: error.status, retry_in_ms: linkRefusedRetryMs },
            'the node refused the fleet link: its fetch jobs go as HTTP calls, at several times the CPU per fetch',
          )
        }
      },
    )
    return undefined
  }

  async function fetchJob(job: FetchJob, signal?: CancelSignal): Promise<JobAnswer> {
    const open = openLink()
    if (open !== undefined) {
      const answer: LinkAnswer = await open.send(jobJson(job), options.jobTimeoutMs, signal)
      return jobAnswer(job, 200, answer.outcome, answer.payload)
    }
    const answer = await call('POST', fleetPaths.fetch, jobJson(job), options.jobTimeoutMs, signal)
    return jobAnswer(job, answer.status, answer.headers[fleetHeaders.outcome], answer.payload)
  }

  function jobAnswer(
    job: FetchJob,
    status: number,
    outcome: string | string[] | undefined,
    payload: Buffer,
  ): JobAnswer {
    if (status === 200 && outcome === 'envelope') return { kind: 'envelope', body: payload }
    if (status === 200 && outcome === 'refused') {
      return { kind: 'refused', refusal: parseAnswer(payload, 'refusal', isRefusal) }
    }
    if (status === 200 && outcome === 'redirect' && job.hop !== undefined) {
      return { kind: 'redirect', redirect: parseAnswer(payload, 'redirect', isRedirect) }
    }
    if (outcome === 'drained') return { kind: 'drained' }
    throw new NodeFailure(`node answered ${status} to a fetch job`)
  }

  async function health(timeoutMs: number): Promise<HealthReport> {
    const answer = await call('GET', fleetPaths.health, '', timeoutMs)
    if (answer.status !== 200) throw new NodeFailure(`node answered ${answer.status} to a health probe`)
    return parseAnswer(answer.payload, 'health report', isHealthReport)
  }

  async function setDraining(draining: boolean, timeoutMs: number): Promise<HealthReport> {
    const answer = await call('POST', fleetPaths.drain, JSON.stringify({ draining }), timeoutMs)
    if (answer.status !== 200) throw new NodeFailure(`node answered ${answer.status} to a drain call`)
    return health(timeoutMs)
  }

  function close(): Promise<void> {
    closed = true
    link?.close()
    return pool.close()
  }

  return {
    url: options.url,
    fetchJob,
    health,
    setDraining,
    close,
    /** Whether jobs go over an open fleet link now (tests, metrics). */
    linked: () => link !== undefined,
  }
}

const firstHopJson = JSON.stringify(firstHop)

/**
 * `JSON.stringify(job)`; a public fetch's first hop, nearly every job, around the text of its hop written
 * once: of its ten strings (keys and values) only the URL and the User-Agent are serialised each time.
 */
export function jobJson(job: FetchJob): string {
  if (
    job.hop !== firstHop ||
    job.user_agent === undefined ||
    job.accept !== undefined ||
    job.response_headers !== undefined
  ) {
    return JSON.stringify(job)
  }
  return `{"url":${JSON.stringify(job.url)},"user_agent":${JSON.stringify(job.user_agent)},"hop":${firstHopJson}}`
}

/** What the gateway needs of a node (fakes in tests, the in-process node of `dev`, which has no link). */
export type NodeClient = Omit<ReturnType<typeof createNodeClient>, 'linked'> & { linked?: () => boolean }
