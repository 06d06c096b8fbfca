/**
 * The error vocabulary of the service (SPEC 7, DESIGN 3). Clients branch on `code`, never on `detail`,
 * so a code never changes meaning. The HTTP status of each code is decided here and nowhere else.
 */
export const errorStatus = {
  invalid_request: 422,
  unknown_region: 422,
  payload_too_large: 413,
  // Refused by the HTTP parser before any route (shared/client-errors.ts).
  malformed_request: 400,
  request_header_too_large: 431,
  request_timeout: 408,
  missing_api_key: 401,
  invalid_api_key: 401,
  missing_scope: 403,
  session_required: 403,
  csrf_failed: 403,
  invalid_credentials: 401,
  totp_required: 401,
  invalid_token: 422,
  too_many_attempts: 429,
  trial_expired: 402,
  trial_exhausted: 402,
  spend_cap_reached: 402,
  email_not_verified: 403,
  target_not_permitted: 403,
  too_many_redirects: 502,
  response_too_large: 502,
  upstream_unavailable: 502,
  rate_limited: 429,
  target_rate_limited: 429,
  idempotency_in_flight: 409,
  idempotency_key_reused: 422,
  // 410: the first attempt completed and was billed; its answer was over the account's storage budget.
  idempotency_answer_not_kept: 410,
  // 429: a quota over time, like rate_limited: the account's stored answers fill its budget for now.
  idempotency_budget_spent: 429,
  region_out_of_service: 503,
  no_healthy_endpoints: 503,
  // The shared counter store (Redis) did not answer: refused rather than served unlimited (fail closed).
  store_unavailable: 503,
  // Every scrypt slot is taken and the queue for one is full: try again in a moment (accounts/hashing-gate.ts).
  auth_busy: 503,
  // The SQL database (PostgreSQL) did not answer: keys, accounts and limits cannot be checked.
  database_unavailable: 503,
  serp_withdrawn: 410,
  upstream_rate_limited: 429,
  // 403, like target_not_permitted: a policy refusal of a well-formed request, not a malformed one (422).
  instance_not_allowed: 403,
  // 410, like serp_withdrawn: permanent and by policy; no key, scope or plan unlocks it.
  search_excluded: 410,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
} as const satisfies Record<string, number>

export type ErrorCode = keyof typeof errorStatus

export const errorCodes = Object.keys(errorStatus) as ErrorCode[]

/** Titles are the short, stable summary of a code (RFC 9457 `title`); `detail` says what happened this time. */
export const errorTitle: Record<ErrorCode, string> = {
  invalid_request: 'Invalid request',
  unknown_region: 'Unknown region',
  payload_too_large: 'Request body too large',
  malformed_request: 'Malformed HTTP request',
  request_header_too_large: 'Request headers too large',
  request_timeout: 'Request not received in time',
  missing_api_key: 'API key required',
  invalid_api_key: 'Invalid API key',
  missing_scope: 'Missing scope',
  session_required: 'Dashboard session required',
  csrf_failed: 'CSRF check failed',
  invalid_credentials: 'Wrong e-mail or password',
  totp_required: 'Two-factor code required',
  invalid_token: 'Invalid or expired link',
  too_many_attempts: 'Too many attempts',
  trial_expired: 'Trial expired',
  trial_exhausted: 'Trial requests used up',
  spend_cap_reached: 'Spending cap reached',
  email_not_verified: 'E-mail address not verified',
  target_not_permitted: 'Target not permitted',
  too_many_redirects: 'Too many redirects',
  response_too_large: 'Response too large',
  upstream_unavailable: 'Target unavailable',
  rate_limited: 'Rate limit exceeded',
  target_rate_limited: 'Per-target rate limit exceeded',
  idempotency_in_flight: 'Idempotent request in flight',
  idempotency_key_reused: 'Idempotency key reused',
  idempotency_answer_not_kept: 'Idempotent answer not kept',
  idempotency_budget_spent: 'Idempotency storage budget spent',
  region_out_of_service: 'Region out of service',
  no_healthy_endpoints: 'No healthy endpoints',
  store_unavailable: 'Rate-limit store unavailable',
  auth_busy: 'Password checks busy',
  database_unavailable: 'Database unavailable',
  serp_withdrawn: 'Search endpoint withdrawn',
  upstream_rate_limited: 'Upstream rate limit reached',
  instance_not_allowed: 'Instance not on the allowlist',
  search_excluded: 'Search excluded',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  internal_error: 'Internal error',
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value)
}

export type AppErrorOptions = {
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number
  /** Extra response headers (`WWW-Authenticate`, `Allow`...). */
  headers?: Record<string, string>
  cause?: unknown
  /** `upstream_unavailable` only: the target did not answer in time, which DESIGN 3 gives 504. */
  timedOut?: boolean
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly retryAfter: number | undefined
  readonly headers: Record<string, string>

  constructor(code: ErrorCode, detail: string, options: AppErrorOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.status = code === 'upstream_unavailable' && options.timedOut === true ? 504 : errorStatus[code]
    this.retryAfter = options.retryAfter
    this.headers = options.headers ?? {}
  }
}

/** RFC 9457 problem details with the stable `code` extension and the request id. */
export type Problem = {
  type: string
  title: string
  status: number
  detail: string
  code: ErrorCode
  request_id: string
}

export function problemOf(error: AppError, requestId: string): Problem {
  return {
    type: `/v2/docs/errors#${error.code}`,
    title: errorTitle[error.code],
    status: error.status,
    detail: error.message,
    code: error.code,
    request_id: requestId,
  }
}
