import { LogController, type FastifyBaseLogger, type FastifyRequest } from 'fastify'
import type { Logger, LoggerOptions } from 'pino'

/** The pino levels an operator may set (SALLYPORT_LOG_LEVEL); config checks the value against this list. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/** What the serializers read of a Fastify request; a plain object passed by other code works too. */
type LoggedRequest = {
  method?: string
  routeOptions?: { url?: string | undefined }
  problemCode?: string | undefined
}

type LoggedReply = { statusCode?: number; request?: LoggedRequest }

/** Fastify's route pattern (`/v2/keys/:id`); a request no route matched is `unmatched`, as in the metrics. */
function routeOf(request: LoggedRequest | undefined): string | undefined {
  if (request === undefined) return undefined
  return request.routeOptions?.url ?? 'unmatched'
}

/**
 * Structured JSON logs, one object a line (docs/operations.md). Fastify adds `reqId` (the `x-request-id` of
 * the answer, the `request_id` of a problem) to every line of a request. Request lines carry the method,
 * the route PATTERN, the status, the problem code and `responseTime`: never the URL the caller sent, a
 * query string or a body, any of which could hold a target (DESIGN 7).
 */
export function loggerOptions(level: LogLevel, service: string): LoggerOptions {
  return {
    level,
    base: { service },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ level: label }) },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, route: routeOf(req) }),
      res: (res: LoggedReply) => ({
        status: res.statusCode,
        method: res.request?.method,
        route: routeOf(res.request),
        code: res.request?.problemCode,
      }),
    },
  }
}

/**
 * Fastify's request log with one line a request at `info` (give it as `logController`): `request completed`
 * (or `request errored`) when it is answered, and `incoming request` only at `debug`, for a request that
 * never completes. Each line is a write to standard output, a system call at one request at a time: at
 * `info` the second line cost about as much CPU as the admission of a fetch. Everything else is Fastify's
 * own, a route's `logLevel` included (the health probes log at `warn`).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return
    request.log.debug({ req: request }, 'incoming request')
  }
}

/**
 * Whether `log` writes lines of `level`. Fastify's logger is pino, or a logger that logs nothing (`logger:
 * false`), which has no levels. Asked rather than read from `log.level`: pino's `level` is a getter on
 * its prototype, which V8 reaches through its generic load, some 800 instructions each time.
 */
function logsAt(log: FastifyBaseLogger, level: 'debug' | 'info'): boolean {
  const pino = log as Partial<Pick<Logger, 'isLevelEnabled'>>
  return typeof pino.isLevelEnabled === 'function' && pino.isLevelEnabled(level)
}

export const logsInfo = (log: FastifyBaseLogger): boolean => logsAt(log, 'info')

export const logsDebug = (log: FastifyBaseLogger): boolean => logsAt(log, 'debug')
