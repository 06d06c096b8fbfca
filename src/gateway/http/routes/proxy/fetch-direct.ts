/**
 * POST /v2/proxy/fetch served by node:http in front of Fastify (docs/adr/0019-public-fetch-route-on-node-http.md):
 * the one public route on every fetch's path, answered without Fastify's request and reply objects, hooks,
 * content-type parsing, schema validation and route lookup, which cost about as much CPU per fetch as the
 * fetch's own work on the gateway.
 *
 * The Fastify route (fetch.ts) stays the one definition of the contract: its schemas make the OpenAPI
 * document, `inject()` reaches it (the playground, the tests), and every request this route does not take
 * whole goes there:
 * - a request whose head it does not fully understand (another path or query, a body that is not JSON of a
 *   declared length within 16 KiB, an Idempotency-Key that is not well-formed, no API key) is handed to
 *   Fastify untouched, before anything is read;
 * - a body that is not exactly `{"url": "<absolute http(s) URL>"}` is handed to the Fastify route through
 *   `inject()` with the bytes already read, so that its refusal says and costs (one unit of the general
 *   budget) exactly what the Fastify route answers.
 *
 * What this route answers itself (the key's 401 and 403, the envelope, a replay, every refusal of the fetch
 * use case) carries the same status, headers and problem body as the Fastify route's, is counted in the
 * same HTTP metrics and writes the same `request completed` line.
 */
import { Buffer } from 'node:buffer'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger } from 'fastify'
import { inject } from 'light-my-request'
import type { Logger } from 'pino'
import { giveBackWhenWritten } from '../../../../shared/buffer-pool.ts'
import { problemOf, type ErrorCode } from '../../../../shared/errors.ts'
import { logsDebug, logsInfo } from '../../../../shared/logger.ts'
import { countRouteAnswers, type HttpMetrics } from '../../../../shared/metrics.ts'
import { regions, type Region } from '../../../../shared/regions.ts'
import { envelopeLength, envelopeType, type EnvelopeParts } from '../../../fetching/fetch-outcome.ts'
import type { FetchOutcome, FetchService } from '../../../fetching/fetch-service.ts'
import { maxIdempotencyKeyLength, parseIdempotencyKey } from '../../../idempotency/idempotency-key.ts'
import type { Authenticator } from '../../../keys/principal.ts'
import type { AccountLimitsSource } from '../../../rate-limits/account-limits.ts'
import { principalFor } from '../../plugins/auth.ts'
import { toAppError, type ErrorLog } from '../../plugins/errors.ts'
import { rateLimitField, rateLimitPolicyField } from '../../plugins/rate-limit.ts'
import { maxUrlLength, parseTargetUrl } from './fetch-schemas.ts'

export const fetchPath = '/v2/proxy/fetch'

export type DirectFetchDeps = {
  service: FetchService
  authenticator: Authenticator
  limits: AccountLimitsSource
  /** The app's request ids (Fastify's `genReqId`), so that ids stay unique across both paths. */
  nextRequestId: () => string
  /** The app's logger: the request line is written only when it logs `info`. */
  log: FastifyBaseLogger
  metrics: HttpMetrics
  logError: ErrorLog
  /** True once the app is closing: every answer closes its connection. */
  draining: () => boolean
  /** Fastify's own request handler: a request as it came, body unread, or one replayed through it. */
  fastify: (req: IncomingMessage, res: ServerResponse) => void
  /** DESIGN 2: the body limit of the app (16 KiB). */
  bodyLimit: number
}

/**
 * The request targets the route takes, with the region each asks for. Compared one by one: a request's
 * target is a new string, which a Map would hash whole first (about 600 instructions a fetch), where most
 * comparisons stop at the length.
 */
const targets: readonly { target: string; region: Region | undefined }[] = [
  { target: fetchPath, region: undefined },
  ...regions.map((region) => ({ target: `${fetchPath}?region=${region}`, region })),
]

function targetNamed(url: string): { region: Region | undefined } | undefined {
  for (const target of targets) if (target.target === url) return target
  return undefined
}

/**
 * Envelopes up to this size are written as one string with the answer's head; larger ones as buffers,
 * which are not copied (and below the pool's smallest buffer, so a copied envelope is never a pooled one).
 */
const smallEnvelopeBytes = 16 * 1024
const jsonContentType = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i
const digits = /^[0-9]+$/
const problemType = 'application/problem+json; charset=utf-8'
const route = { method: 'POST', routeOptions: { url: fetchPath } }
/** Headers of an injected answer that belong to its own (absent) connection, not to the caller's. */
const connectionHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date'])

type Head = { region: Region | undefined; idempotencyKey: string | undefined }

/** The parts of the head the route needs, or undefined when the request is not one it takes whole. */
function headOf(req: IncomingMessage, bodyLimit: number): Head | undefined {
  if (req.method !== 'POST') return undefined
  const target = targetNamed(req.url ?? '')
  if (target === undefined) return undefined
  const { headers } = req
  if (!jsonContentType.test(headers['content-type'] ?? '')) return undefined
  const length = headers['content-length']
  if (length === undefined || !digits.test(length) || Number(length) > bodyLimit) return undefined
  if (headers['transfer-encoding'] !== undefined) return undefined
  const header = headers['idempotency-key']
  if (header === undefined) return { region: target.region, idempotencyKey: undefined }
  if (header.length > maxIdempotencyKeyLength + 2) return undefined
  const parsed = parseIdempotencyKey(header)
  return parsed.ok ? { region: target.region, idempotencyKey: parsed.key } : undefined
}

/** The target of a body that is exactly `{"url": "<absolute http(s) URL>"}`; anything else is undefined. */
function targetOf(body: Buffer): URL | undefined {
  const url = urlOfBody(body)
  if (url === undefined || url.length === 0 || url.length > maxUrlLength) return undefined
  try {
    return parseTargetUrl(url)
  } catch {
    return undefined
  }
}

/** `{"url":"`, as bytes. */
const compactHead = [0x7b, 0x22, 0x75, 0x72, 0x6c, 0x22, 0x3a, 0x22]

/**
 * The string of a body that is a JSON object with `url` its only member, else undefined: what `JSON.parse`
 * of the body as UTF-8 says, with the same answer for every body (held to it in fetch-direct.test.ts).
 *
 * The body nearly every caller sends, `{"url":"..."}` without spaces and with nothing escaped in the URL,
 * is read without `JSON.parse`: between its first eight bytes and its last two, a string that holds no `"`,
 * `\` or control character is its own JSON text, and those ASCII bytes decode alone whatever surrounds them
 * (no byte of a UTF-8 sequence of more than one byte is below 0x80).
 */
export function urlOfBody(body: Buffer): string | undefined {
  const start = compactHead.length
  const end = body.length - 2
  let compact = end >= start && body[end] === 0x22 && body[end + 1] === 0x7d
  for (let i = 0; compact && i < start; i++) compact = body[i] === compactHead[i]
  for (let i = start; compact && i < end; i++) {
    const byte = body[i]!
    compact = byte >= 0x20 && byte !== 0x22 && byte !== 0x5c
  }
  if (compact) return body.toString('utf8', start, end)
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const keys = Object.keys(parsed)
  if (keys.length !== 1 || keys[0] !== 'url') return undefined
  const url = (parsed as { url: unknown }).url
  return typeof url === 'string' ? url : undefined
}

/**
 * The whole body if it is in the request's buffer, else undefined. A body that came with its head (nearly
 * every one: a fetch's is under a kilobyte) is usually there by the time the route reads it: once its
 * declared length is there, it is taken at once, without the listeners, the promise and the ticks of
 * reading it as a stream (the length was checked, and a request with a Transfer-Encoding never comes here,
 * so those bytes are the whole body).
 */
function bodyAtHand(req: IncomingMessage, length: number): Buffer | undefined {
  if (length === 0) return Buffer.alloc(0)
  return req.readableLength === length ? (req.read() as Buffer) : undefined
}

/** The whole body read as a stream, or undefined when the caller went away before sending it. */
function streamedBody(req: IncomingMessage, length: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)))
    req.once('error', () => resolve(undefined))
    req.once('aborted', () => resolve(undefined))
  })
}

/**
 * The route's request listener: takes `req` when it is a fetch it can serve whole, else hands it to
 * Fastify. Call it for every request of the server.
 */
export function createDirectFetchRoute(
  deps: DirectFetchDeps,
): (req: IncomingMessage, res: ServerResponse) => void {
  const count = countRouteAnswers(deps.metrics, fetchPath, 'POST')

  /** One request's answer: the headers it gathers on the way, in the order the Fastify route sets them. */
  class Answer {
    readonly headers: Record<string, string | number>
    readonly arrived = performance.now()
    readonly res: ServerResponse
    readonly requestId: string
    private childLog: Logger | undefined

    constructor(res: ServerResponse, requestId: string) {
      this.res = res
      this.requestId = requestId
      this.headers = { 'x-request-id': requestId }
    }

    /** The request's logger (with its `reqId`), made when something is logged. */
    get log(): Logger {
      this.childLog ??= deps.log.child({ reqId: this.requestId }) as Logger
      return this.childLog
    }

    /** Answers with `body`; an envelope's two parts go out together, in one write with the head. */
    send(status: number, contentType: string, body: Buffer | string | EnvelopeParts, code?: ErrorCode): void {
      const { headers, res } = this
      headers['content-type'] = contentType
      const length =
        typeof body === 'string'
          ? Buffer.byteLength(body)
          : Buffer.isBuffer(body)
            ? body.length
            : envelopeLength(body)
      headers['content-length'] = length
      if (deps.draining()) headers.connection = 'close'
      if (!res.destroyed) {
        res.writeHead(status, headers)
        if (typeof body === 'string' || Buffer.isBuffer(body)) res.end(body)
        else if (length <= smallEnvelopeBytes) {
          // Head and envelope in one string, written at once: node joins a string body to the head, where
          // buffers take a second write, the tick that corks the connection and a writev. Latin-1 gives
          // back every byte as it was, whatever the envelope holds.
          res.end(body[0].toString('latin1') + body[1].toString('latin1'), 'latin1')
        } else {
          // The first write corks the connection until the end's: head and parts leave as one writev.
          // The node's part may be a pooled buffer (buffer-pool.ts): it goes back once written.
          const nodeFields = body[1]
          res.write(body[0])
          res.end(nodeFields, giveBackWhenWritten(nodeFields))
        }
      }
      const seconds = (performance.now() - this.arrived) / 1000
      count(status, seconds, code)
      if (logsInfo(deps.log)) {
        deps.log.info(
          {
            reqId: this.requestId,
            res: { statusCode: status, request: { ...route, problemCode: code } },
            responseTime: seconds * 1000,
          },
          'request completed',
        )
      }
    }

    problem(error: unknown): void {
      const appError = toAppError(error)
      deps.logError(() => this.log, error, appError)
      if (appError.retryAfter !== undefined) this.headers['retry-after'] = String(appError.retryAfter)
      for (const [name, value] of Object.entries(appError.headers)) this.headers[name] = value
      const body = JSON.stringify(problemOf(appError, this.requestId))
      this.send(appError.status, problemType, body, appError.code)
    }

    outcome(outcome: FetchOutcome): void {
      if (outcome.rateLimit !== undefined) this.headers.ratelimit = rateLimitField(outcome.rateLimit)
      switch (outcome.kind) {
        case 'error':
          return this.problem(outcome.error)
        case 'replay': {
          const { status, headers, body } = outcome.response
          Object.assign(this.headers, headers)
          this.headers['idempotency-replayed'] = 'true'
          // As the Fastify route: a replay carries no problem code of its own in the metrics and the log.
          return this.send(status, headers['content-type'] ?? 'application/octet-stream', body)
        }
        case 'envelope':
          return this.send(200, envelopeType, outcome.parts)
      }
    }
  }

  /**
   * The Fastify route's answer to the request, written to the caller's connection. light-my-request is
   * what `app.inject()` runs, called on Fastify's handler directly: `app.inject()` refuses once `close()`
   * has begun, and a request arriving during the shutdown delay is still answered. An absent User-Agent
   * stays absent (light-my-request would send its own).
   */
  async function throughFastify(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const answer = await inject(deps.fastify, {
      method: 'POST',
      url: req.url ?? fetchPath,
      headers: { ...req.headers, 'user-agent': req.headers['user-agent'] ?? '' },
      payload: body,
      ...(req.socket.remoteAddress === undefined ? {} : { remoteAddress: req.socket.remoteAddress }),
    })
    if (res.destroyed) return
    const headers: Record<string, string | string[] | number> = {}
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !connectionHeaders.has(name)) headers[name] = value
    }
    if (answer.headers.connection === 'close') headers.connection = 'close'
    res.writeHead(answer.statusCode, headers)
    res.end(answer.rawPayload)
  }

  async function serve(req: IncomingMessage, res: ServerResponse, head: Head): Promise<void> {
    const answer = new Answer(res, deps.nextRequestId())
    // As Fastify's log controller (OneLinePerRequest): a line when a request arrives, at debug only.
    if (logsDebug(deps.log)) {
      deps.log.debug({ reqId: answer.requestId, req: route }, 'incoming request')
    }
    let principal
    let limits
    try {
      const known = principalFor(deps.authenticator, req, 'proxy')
      principal = known instanceof Promise ? await known : known
      const found = deps.limits.limitsFor(principal.accountId)
      limits = found instanceof Promise ? await found : found
    } catch (error) {
      return answer.problem(error)
    }
    answer.headers['ratelimit-policy'] = rateLimitPolicyField(limits, 'fetch')
    const length = Number(req.headers['content-length'])
    let body = bodyAtHand(req, length)
    if (body === undefined) {
      // A head answered without waiting (a key held in memory): node's parser hands the request over as soon
      // as its head is parsed and pushes the bytes that came with it right after, so a turn of the microtask
      // queue later they are there. Awaited here, not in a function of its own, whose promise resolved with
      // a Buffer would have V8 look up a `then` along the Buffer's prototypes.
      await Promise.resolve()
      body = bodyAtHand(req, length) ?? (await streamedBody(req, length))
      if (body === undefined) return
    }
    const url = targetOf(body)
    // The Fastify route says what is wrong with the body, and charges it.
    if (url === undefined) return throughFastify(req, res, body)
    const outcome = await deps.service.fetch(
      {
        url,
        region: head.region,
        // An empty User-Agent counts as none: the node then sends its own identifier (DESIGN 2).
        userAgent: req.headers['user-agent'] || null,
        idempotencyKey: head.idempotencyKey,
      },
      { accountId: principal.accountId, limits, key: principal.cached },
      {
        log: { warn: (obj: unknown, message?: string) => answer.log.warn(obj, message) } as Pick<
          Logger,
          'warn'
        >,
        // Without a key a caller who goes away stops the fetch (fetch-service.ts).
        onCallerGone: (stop) => {
          const onClose = () => {
            if (!res.writableFinished) stop()
          }
          res.once('close', onClose)
          return () => res.off('close', onClose)
        },
      },
    )
    answer.outcome(outcome)
  }

  return (req, res) => {
    const head = headOf(req, deps.bodyLimit)
    if (head === undefined) return deps.fastify(req, res)
    serve(req, res, head).catch((error: unknown) => {
      deps.log.error({ err: error }, 'the fetch route failed')
      if (!res.headersSent) res.writeHead(500).end()
      else res.destroy()
    })
  }
}
