/**
 * POST /v2/proxy/fetch (SPEC 4.1): the caller's URL, fetched by an egress node of the chosen region,
 * answered in the flat envelope of SPEC 2.2. The route parses the request and answers with what the
 * use case (fetching/fetch-service.ts) decided; the order of one fetch is written there.
 *
 * Before the handler: authentication and scope (auth hook), the account's limits and `RateLimit-Policy`
 * (rate-limit hook), the schema. Here: the url and the Idempotency-Key header, anything wrong 422 before
 * any work.
 */
import type { Static } from '@sinclair/typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { envelopeType } from '../../../fetching/fetch-outcome.ts'
import type { FetchPrincipal, FetchService } from '../../../fetching/fetch-service.ts'
import { idempotencyKeyError, parseIdempotencyKey } from '../../../idempotency/idempotency-key.ts'
import { reportRateLimit } from '../../plugins/rate-limit.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'
import { FetchBody, FetchHeaders, FetchQuery, parseTargetUrl } from './fetch-schemas.ts'

export { EnvelopeSchema, parseTargetUrl } from './fetch-schemas.ts'

const description = [
  'The node follows up to 10 redirects, checking every hop against the address policy, decodes gzip, ' +
    'deflate and brotli up to 10 MiB of body, and gives up after 30 s. The service answers 200 whenever ' +
    "the fetch was performed: the target's own status is the envelope's `status`. The User-Agent of " +
    'this request is sent to the target; without one the node sends `Sallyport-Internal-Fetcher/1.0`.',
  '**Rate limits** (per account, all keys together): 120 fetches per minute, 60 per minute to any one ' +
    'target host, 20 running at once; 429 `rate_limited` or `target_rate_limited` with `Retry-After`. ' +
    'Every redirect hop counts against the host budget of the host it reaches; a fetch cut short by a ' +
    'refused hop answers 429 `target_rate_limited` and is billed, since its earlier hops were made. ' +
    'Answers carry the `RateLimit-Policy` and `RateLimit` fields of the IETF draft. A trial account has ' +
    '1,000 requests in all (402 `trial_exhausted`); only a returned envelope is billed and counted.',
  '**Idempotency-Key**: a retry with the same key, url and region within 24 h gets the stored answer, ' +
    'byte for byte, with `Idempotency-Replayed: true`; 409 `idempotency_in_flight` while the first attempt ' +
    'runs, 422 `idempotency_key_reused` for another url or region. Error answers are not stored. A replay ' +
    'is not billed and does not count against the fetch or per-host budget or the trial; replays, 409s ' +
    'and 422s count against the general budget of 300 calls per minute.',
  '**Rejected calls**: a call refused before its fetch is admitted (a bad body, url, Idempotency-Key or ' +
    'region, a trial that ended) costs one unit of the general budget, so a flood of them gets 429 ' +
    '`rate_limited` like any other.',
].join('\n\n')

/** Documented in the reference (the 200 answer's headers); errors carry the two RateLimit fields too. */
const successHeaders = {
  'Idempotency-Replayed': {
    type: 'string',
    enum: ['true'],
    description: 'Present on a replay: the stored answer of an earlier request with this Idempotency-Key.',
  },
  'RateLimit-Policy': {
    type: 'string',
    description:
      'IETF draft field: the budgets of this route, e.g. `"fetch";q=120;w=60, "host";q=60;w=60, "general";q=300;w=60`.',
  },
  RateLimit: {
    type: 'string',
    description:
      'IETF draft field: what is left of the budgets this request used and when they free up (`r`, `t` seconds), ' +
      'e.g. `"fetch";r=117;t=58, "host";r=59;t=60`; `"general";...` on a replay.',
  },
}

export function registerFetchRoute(app: FastifyInstance, service: FetchService): void {
  app.post<{
    Body: Static<typeof FetchBody>
    Querystring: Static<typeof FetchQuery>
    Headers: Static<typeof FetchHeaders>
  }>(
    '/v2/proxy/fetch',
    {
      // One admission for every rule of a fetch, taken by the use case (fetching/fetch-service.ts).
      config: { scope: 'proxy', admission: 'own' },
      schema: {
        operationId: 'fetch',
        tags: ['proxy'],
        summary: 'Fetch a URL from an egress node in a region',
        description,
        querystring: FetchQuery,
        headers: FetchHeaders,
        body: FetchBody,
        response: {
          200: { ...Type.Ref('FetchEnvelope'), headers: successHeaders },
          ...errorResponses([
            'invalid_request',
            'unknown_region',
            'payload_too_large',
            'target_not_permitted',
            'too_many_redirects',
            'response_too_large',
            'upstream_unavailable',
            'region_out_of_service',
            'no_healthy_endpoints',
            'target_rate_limited',
            'trial_expired',
            'trial_exhausted',
            'spend_cap_reached',
            'idempotency_in_flight',
            'idempotency_key_reused',
            'idempotency_answer_not_kept',
            'idempotency_budget_spent',
            ...dataPlaneErrors,
          ]),
        },
      },
    },
    async (request, reply) => {
      const url = parseTargetUrl(request.body.url)
      const header = request.headers['idempotency-key']
      let idempotencyKey: string | undefined
      if (header !== undefined) {
        const parsed = parseIdempotencyKey(header)
        if (!parsed.ok) throw idempotencyKeyError(parsed)
        idempotencyKey = parsed.key
      }
      const fetchRequest = {
        url,
        region: request.query.region,
        // An empty User-Agent counts as none: the node then sends its own identifier (DESIGN 2).
        userAgent: request.headers['user-agent'] || null,
        idempotencyKey,
      }
      // Without a key a caller who goes away stops the fetch (fetch-service.ts).
      const callerGone = idempotencyKey === undefined ? new AbortController() : undefined
      const onClose = () => {
        if (!reply.raw.writableFinished) callerGone?.abort()
      }
      if (callerGone !== undefined) reply.raw.once('close', onClose)
      // From here the use case charges the call (fetch-service.ts); a refusal above cost the general budget.
      request.ownAdmission = true
      let outcome
      try {
        outcome = await service.fetch(fetchRequest, principalOf(request), {
          log: request.log,
          callerGone: callerGone?.signal,
        })
      } finally {
        if (callerGone !== undefined) reply.raw.off('close', onClose)
      }
      reportRateLimit(reply, outcome.rateLimit)
      switch (outcome.kind) {
        case 'error':
          throw outcome.error
        case 'replay':
          return reply
            .code(outcome.response.status)
            .headers(outcome.response.headers)
            .header('idempotency-replayed', 'true')
            .send(outcome.response.body)
        case 'envelope':
          return reply.type(envelopeType).send(outcome.body)
      }
    },
  )
}

function principalOf(request: FastifyRequest): FetchPrincipal {
  const { principal, accountLimits } = request
  if (principal === undefined || accountLimits === undefined) {
    throw new Error('fetch without a principal or limits: are the auth and rate-limit hooks registered?')
  }
  return { accountId: principal.accountId, limits: accountLimits, key: principal.cached }
}
