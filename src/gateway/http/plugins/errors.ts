/**
 * The one error formatter (DESIGN 3): every error, ours or Fastify's own (unknown route, wrong method,
 * bad JSON, oversized body, failed validation), leaves as application/problem+json with a stable code.
 */
import { performance } from 'node:perf_hooks'
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import FindMyWay, { type HTTPMethod } from 'find-my-way'
import { AppError, problemOf, type ErrorCode } from '../../../shared/errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The `code` of the problem this request was answered with: for the request log and the metrics. */
    problemCode: ErrorCode | undefined
  }
}

const methods: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

type ValidationIssue = {
  instancePath?: string
  keyword?: string
  params?: Record<string, unknown>
  message?: string
}

function describeValidation(context: string | undefined, issues: readonly ValidationIssue[]): string {
  const first = issues[0]
  if (first === undefined) return 'The request is not valid.'
  const where = context === 'querystring' ? 'query' : (context ?? 'request')
  if (first.keyword === 'additionalProperties') {
    return `The ${where} has a field that is not accepted: ${String(first.params?.additionalProperty)}.`
  }
  if (first.keyword === 'required') {
    return `The ${where} is missing the required field ${String(first.params?.missingProperty)}.`
  }
  const field = first.instancePath?.replace(/^\//, '').replaceAll('/', '.')
  return field
    ? `The ${where} field ${field} ${first.message ?? 'is not valid'}.`
    : `The ${where} ${first.message}.`
}

/** Maps anything thrown on the way to a response onto the service's vocabulary. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const fastifyError = error as Partial<FastifyError> & { validation?: ValidationIssue[] }
  if (fastifyError.validation !== undefined) {
    const context = fastifyError.validationContext
    const regionIssue = fastifyError.validation.find((issue) => issue.instancePath === '/region')
    if (context === 'querystring' && regionIssue !== undefined) {
      return new AppError('unknown_region', 'region must be one of us-east, us-west, europe.')
    }
    return new AppError('invalid_request', describeValidation(context, fastifyError.validation))
  }
  switch (fastifyError.code ?? '') {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than 16 KiB.')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('invalid_request', 'Send the request body as application/json.')
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_request', 'The request body is empty; send a JSON object.')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_request', 'The request body is not valid JSON.')
    case 'FST_ERR_BAD_URL':
      return new AppError('invalid_request', 'The request path is not valid: check its percent-encoding.')
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('not_found', 'There is nothing at this path.')
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError('invalid_request', 'The request body is not valid JSON.')
  }
  if (fastifyError.statusCode === 413)
    return new AppError('payload_too_large', 'The request body is too large.')
  if (fastifyError.statusCode === 415)
    return new AppError('invalid_request', 'Send the request body as application/json.')
  return new AppError(
    'internal_error',
    'Something went wrong on our side. The request id identifies it in our logs.',
    {
      cause: error,
    },
  )
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  request.problemCode = error.code
  if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter))
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value)
  return reply.code(error.status).type('application/problem+json').send(problemOf(error, request.id))
}

/**
 * Fastify's `frameworkErrors` option. A path that is not valid percent-encoding, or a path parameter longer
 * than `maxParamLength`, is refused before routing: no hook and no error handler runs, so without this
 * Fastify would answer in its own format, without a request id.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply.header('x-request-id', request.id)
  void sendProblem(request, reply, toAppError(error))
}

/**
 * What an answered error leaves in the log: a fault in full, a database away now and then. `log` gives the
 * request's logger, asked for only when there is something to write.
 */
export type ErrorLog = (
  log: () => Pick<FastifyBaseLogger, 'error' | 'warn'>,
  error: unknown,
  answered: AppError,
) => void

export function createErrorLog(): ErrorLog {
  // A database that is away fails every request: one warning every few seconds says so without a flood.
  let lastDatabaseWarning = -Infinity
  return (log, error, answered) => {
    if (answered.code === 'internal_error') log().error({ err: error }, 'unhandled error')
    if (answered.code === 'database_unavailable' && performance.now() - lastDatabaseWarning >= 5_000) {
      lastDatabaseWarning = performance.now()
      log().warn(
        { err: answered.cause },
        'the database did not answer: requests are refused with database_unavailable',
      )
    }
  }
}

/** The app's error handler and its 404 and 405; returns the error log it writes, for the direct fetch route. */
export function registerErrorHandling(app: FastifyInstance): ErrorLog {
  // A mirror of the routing table, so an unknown method on a known path is 405 with Allow, not 404.
  const mirror = FindMyWay({ ignoreTrailingSlash: false })
  app.decorateRequest('problemCode', undefined)
  app.addHook('onRoute', (route) => {
    const routeMethods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of routeMethods) {
      if (methods.includes(method as HTTPMethod)) mirror.on(method as HTTPMethod, route.url, () => undefined)
    }
  })

  const logError = createErrorLog()
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error)
    logError(() => request.log, error, appError)
    return sendProblem(request, reply, appError)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const allowed = methods.filter((method) => mirror.find(method, path) !== null)
    if (allowed.length > 0) {
      return sendProblem(
        request,
        reply,
        new AppError(
          'method_not_allowed',
          `${request.method} is not allowed here; use ${allowed.join(', ')}.`,
          {
            headers: { allow: allowed.join(', ') },
          },
        ),
      )
    }
    return sendProblem(request, reply, new AppError('not_found', 'There is nothing at this path.'))
  })
  return logError
}
