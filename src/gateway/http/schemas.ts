/**
 * Shared route schemas. Route schemas are the single source of the OpenAPI document (SPEC 9), so the
 * error responses a route declares here are the ones the reference publishes.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import { errorCodes, errorStatus, errorTitle, type ErrorCode } from '../../shared/errors.ts'
import { regions, type Region } from '../../shared/regions.ts'

const regionDescription = 'An egress region: us-east (us-east-1), us-west (us-west-2), europe (eu-west-1).'

/** A plain string enum, which OpenAPI tools show as the three values. */
export function regionEnum(description = regionDescription) {
  return Type.Unsafe<Region>({ type: 'string', enum: [...regions], description })
}

export const RegionSchema = Type.Unsafe<Region>({
  $id: 'Region',
  type: 'string',
  enum: [...regions],
  description: regionDescription,
})

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'Link to this code in the error reference.' }),
    title: Type.String(),
    status: Type.Integer({ description: 'The HTTP status of this answer.' }),
    detail: Type.String({ description: 'What happened, for people. Never branch on it.' }),
    code: Type.Unsafe<ErrorCode>({
      type: 'string',
      enum: errorCodes,
      description: 'Stable machine-readable code. Branch on this.',
    }),
    request_id: Type.String({ description: 'Quote it when asking for help; also sent as X-Request-Id.' }),
  },
  {
    $id: 'Problem',
    description: 'RFC 9457 problem details (application/problem+json) with a stable `code`.',
  },
)

export type ProblemResponse = {
  description: string
  content: { 'application/problem+json': { schema: TSchema } }
}

function problemFor(codes: readonly ErrorCode[]): ProblemResponse {
  const list = codes.map((code) => `\`${code}\` (${errorTitle[code]})`).join(', ')
  return {
    description: `Error. Codes: ${list}.`,
    content: {
      'application/problem+json': {
        // The codes this status can carry at this route, machine-readable for clients and tools.
        schema: Type.Unsafe({
          allOf: [
            { $ref: 'Problem' },
            { type: 'object', properties: { code: { type: 'string', enum: codes } } },
          ],
        }),
      },
    },
  }
}

/**
 * One response entry per HTTP status, listing the codes a route can answer with at that status.
 * `upstream_unavailable` also answers 504 when the target timed out (DESIGN 3).
 */
export function errorResponses(codes: readonly ErrorCode[]): Record<number, ProblemResponse> {
  const byStatus = new Map<number, ErrorCode[]>()
  const add = (status: number, code: ErrorCode) =>
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  // A list may name a code twice (a route's own and a shared list's): each is declared once.
  for (const code of new Set(codes)) {
    add(errorStatus[code], code)
    if (code === 'upstream_unavailable') add(504, code)
  }
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, problemFor(list)]))
}

/** Every route can answer these, whatever it does. */
export const commonErrors: readonly ErrorCode[] = ['internal_error']

/** Every route that reads keys, sessions or accounts: the database may not answer (503, `Retry-After`). */
export const databaseErrors: readonly ErrorCode[] = ['database_unavailable']

/** Every call an account makes counts against its budget (plugins/rate-limit.ts), kept in a store that may fail. */
export const rateLimitErrors: readonly ErrorCode[] = ['rate_limited', 'store_unavailable']

export const dataPlaneErrors: readonly ErrorCode[] = [
  'missing_api_key',
  'invalid_api_key',
  'missing_scope',
  ...rateLimitErrors,
  ...databaseErrors,
  ...commonErrors,
]

/** The codes a problem response made by `errorResponses` can carry: none for any other response. */
export function problemCodes(response: unknown): readonly ErrorCode[] {
  const schema = (response as Partial<ProblemResponse> | undefined)?.content?.['application/problem+json']
    ?.schema as { allOf?: { properties?: { code?: { enum?: ErrorCode[] } } }[] } | undefined
  return schema?.allOf?.[1]?.properties?.code?.enum ?? []
}

/**
 * The codes answered with `Retry-After` (seconds): the rate limiter's refusals (rate-limits/rate-limiter.ts),
 * the anonymous and sign-in throttles, the idempotency store, the social upstream budget, the hashing gate,
 * the fleet with no healthy node and a database that does not answer (database-faults.ts).
 */
export const retryAfterCodes: readonly ErrorCode[] = [
  'rate_limited',
  'target_rate_limited',
  'too_many_attempts',
  'upstream_rate_limited',
  'idempotency_in_flight',
  'idempotency_budget_spent',
  'store_unavailable',
  'auth_busy',
  'no_healthy_endpoints',
  'database_unavailable',
]

/**
 * Refusals of the authentication hooks (`onRequest`), which run before the rate-limit hook knows the
 * account: an answer with only these codes carries no rate-limit fields.
 */
export const authenticationCodes: readonly ErrorCode[] = [
  'missing_api_key',
  'invalid_api_key',
  'missing_scope',
  'session_required',
  'csrf_failed',
]
