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
import { envelopeType, joinedEnvelope } from '../../../fetching/fetch-outcome.ts'
import type { FetchPrincipal, FetchService } from '../../../fetching/fetch-service.ts'
import { idempotencyKeyError, parseIdempotencyKey } from '../../../idempotency/idempotency-key.ts'
import { reportRateLimit } from '../../plugins/rate-limit.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'
import { fetchDescription, fetchSuccessHeaders } from './fetch-docs.ts'
import { FetchBody, FetchHeaders, FetchQuery, fetchErrors, parseTargetUrl } from './fetch-schemas.ts'

export { EnvelopeSchema, parseTargetUrl } from './fetch-schemas.ts'

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
        description: fetchDescription,
        querystring: FetchQuery,
        headers: FetchHeaders,
        body: FetchBody,
        response: {
          200: { ...Type.Ref('FetchEnvelope'), headers: fetchSuccessHeaders },
          ...errorResponses([
            ...fetchErrors,
            'payload_too_large',
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
      // From here the use case charges the call (fetch-service.ts); a refusal above cost the general budget.
      request.ownAdmission = true
      const outcome = await service.fetch(fetchRequest, principalOf(request), {
        log: request.log,
        // Without a key a caller who goes away stops the fetch (fetch-service.ts).
        onCallerGone: (stop) => {
          const onClose = () => {
            if (!reply.raw.writableFinished) stop()
          }
          reply.raw.once('close', onClose)
          return () => reply.raw.off('close', onClose)
        },
      })
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
          return reply.type(envelopeType).send(joinedEnvelope(outcome.parts))
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
