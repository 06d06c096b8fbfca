/** What the client throws: one class, `SallyportError`, carrying the service's stable `code`. */
import type { components } from './openapi-types.ts'

/** A code the service answers with (docs/errors.md). */
export type ServiceErrorCode = components['schemas']['Problem']['code']

/**
 * The service's codes, and three of the client's own: `network_error` (no answer: refused, reset, DNS),
 * `timeout` (no answer within `timeoutMs`) and `unexpected_response` (an answer that is not the documented
 * JSON, e.g. from a proxy in between).
 */
export type SallyportErrorCode = ServiceErrorCode | 'network_error' | 'timeout' | 'unexpected_response'

/** Codes worth retrying with backoff (SPEC 7): the service may answer differently in a moment. */
export const transientCodes: ReadonlySet<SallyportErrorCode> = new Set<SallyportErrorCode>([
  'region_out_of_service',
  'no_healthy_endpoints',
  'upstream_unavailable',
  'store_unavailable',
  'database_unavailable',
  'rate_limited',
  'target_rate_limited',
  'upstream_rate_limited',
  'idempotency_in_flight',
  'internal_error',
  'network_error',
  'timeout',
])

export type SallyportErrorInit = {
  code: SallyportErrorCode
  /** The HTTP status; 0 when no answer came. */
  status: number
  detail: string
  title?: string
  type?: string
  requestId?: string
  /** Seconds the service asked to wait (`Retry-After`), when it said. */
  retryAfter?: number
  /** How many requests were made, retries included. */
  attempts?: number
  cause?: unknown
}

export class SallyportError extends Error {
  override name = 'SallyportError'
  /** Stable, machine-readable: branch on this, never on `message`. */
  readonly code: SallyportErrorCode
  /** The HTTP status of the answer; 0 when none came (`network_error`, `timeout`). */
  readonly status: number
  /** For people; may change. */
  readonly detail: string
  readonly title: string | undefined
  /** Link to this code in the error reference. */
  readonly type: string | undefined
  /** Quote it when asking for help (also the `x-request-id` header). */
  readonly requestId: string | undefined
  /** Seconds to wait before trying again, from `Retry-After`. */
  readonly retryAfter: number | undefined
  /** Requests made for this call, retries included. */
  readonly attempts: number

  constructor(init: SallyportErrorInit) {
    super(`${init.code}: ${init.detail}`, init.cause === undefined ? undefined : { cause: init.cause })
    this.code = init.code
    this.status = init.status
    this.detail = init.detail
    this.title = init.title
    this.type = init.type
    this.requestId = init.requestId
    this.retryAfter = init.retryAfter
    this.attempts = init.attempts ?? 1
  }

  /** The field names of the problem document. */
  get request_id(): string | undefined {
    return this.requestId
  }

  get retry_after(): number | undefined {
    return this.retryAfter
  }

  /** Whether trying again later may succeed (the client has done so already, within its budget). */
  get transient(): boolean {
    return transientCodes.has(this.code)
  }

  /** The same error, counting the requests made. */
  withAttempts(attempts: number): SallyportError {
    return new SallyportError({
      code: this.code,
      status: this.status,
      detail: this.detail,
      ...(this.title !== undefined && { title: this.title }),
      ...(this.type !== undefined && { type: this.type }),
      ...(this.requestId !== undefined && { requestId: this.requestId }),
      ...(this.retryAfter !== undefined && { retryAfter: this.retryAfter }),
      attempts,
      ...(this.cause !== undefined && { cause: this.cause }),
    })
  }
}
