/**
 * What the OpenAPI document adds to a route's declared responses, from what the service's hooks do to every
 * answer: the rate-limit fields of plugins/rate-limit.ts, `Retry-After` (plugins/errors.ts) and the 500 the
 * error handler answers for any route. The route schemas declare what the route itself answers.
 */
import type { ErrorCode } from '../../../shared/errors.ts'
import { authenticationCodes, errorResponses, problemCodes, retryAfterCodes } from '../schemas.ts'

type Header = { type: string; description: string; minimum?: number; format?: string }

const rateLimitPolicy: Header = {
  type: 'string',
  description:
    'The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): ' +
    '`"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on ' +
    'every answer once the caller is authenticated.',
}

const rateLimit: Header = {
  type: 'string',
  description:
    'What is left of each budget this request consulted and the seconds until its window frees up, ' +
    'e.g. `"general";r=299;t=60`. Sent once a budget has been consulted.',
}

function retryAfter(codes: readonly ErrorCode[]): Header {
  const list = codes.map((code) => `\`${code}\``).join(', ')
  return {
    type: 'integer',
    format: 'int32',
    minimum: 1,
    description: `Seconds to wait before trying again. Sent with ${list}.`,
  }
}

/**
 * The responses of one route as the document declares them. `rateLimited`: the route knows the account
 * (an API key or a dashboard session), so the rate-limit hook runs and every answer after authentication
 * carries `RateLimit-Policy` and, once a budget was consulted, `RateLimit`.
 */
export function documentedResponses(
  responses: Readonly<Record<string, unknown>>,
  rateLimited: boolean,
): Record<string, unknown> {
  const all: Record<string, unknown> = { ...errorResponses(['internal_error']), ...responses }
  return Object.fromEntries(
    Object.entries(all).map(([status, response]) => {
      const codes = problemCodes(response)
      const headers: Record<string, Header> = {}
      if (rateLimited && !(codes.length > 0 && codes.every((code) => authenticationCodes.includes(code)))) {
        headers['RateLimit-Policy'] = rateLimitPolicy
        headers['RateLimit'] = rateLimit
      }
      const retrying = codes.filter((code) => retryAfterCodes.includes(code))
      if (retrying.length > 0) headers['Retry-After'] = retryAfter(retrying)
      if (Object.keys(headers).length === 0) return [status, response]
      const own = (response as { headers?: Record<string, Header> }).headers
      return [status, { ...(response as object), headers: { ...own, ...headers } }]
    }),
  )
}
