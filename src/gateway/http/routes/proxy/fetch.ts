/**
 * POST /v2/proxy/fetch (SPEC 4.1): the caller's URL, fetched by an egress node of the chosen region,
 * answered in the flat envelope of SPEC 2.2.
 *
 * The order of one fetch (docs/rate-limits.md, docs/idempotency.md):
 * 1. authentication and scope (auth hook); the account's limits and `RateLimit-Policy` (rate-limit hook);
 * 2. the body, the url and the Idempotency-Key header: anything wrong is 422 before any work;
 * 3. with a key, `begin()`: another url or region is 422, a running attempt 409, a stored answer is replayed
 *    (each costing one unit of the general budget, nothing else); else the key is ours until the end;
 * 4. the account's standing (trial days, spending cap), then ONE admission for every rule of the fetch;
 * 5. the dispatch, capped by `fetchDeadlineMs` (below the idempotency and in-flight leases);
 * 6. an envelope is metered and, with a key, stored; any error releases the key and refunds the trial.
 */
import type { Static } from '@sinclair/typebox'
import { Type } from '@sinclair/typebox'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from '../../../../shared/clock.ts'
import { AppError } from '../../../../shared/errors.ts'
import type { Region } from '../../../../shared/regions.ts'
import type { StandingService } from '../../../billing/standing.ts'
import type { FetchDispatcher } from '../../../fleet/fetch-dispatcher.ts'
import {
  idempotencyFingerprint,
  idempotencyKeyError,
  parseIdempotencyKey,
} from '../../../idempotency/idempotency-key.ts'
import type { IdempotencyStore } from '../../../idempotency/idempotency-store.ts'
import { envelopeBytes } from '../../../metering/envelope-bytes.ts'
import type { MeteringService } from '../../../metering/metering-service.ts'
import type { RateLimiter } from '../../plugins/rate-limit.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'
import { FetchBody, FetchHeaders, FetchQuery, parseTargetUrl } from './fetch-schemas.ts'

export { EnvelopeSchema, parseTargetUrl } from './fetch-schemas.ts'

export type FetchRouteDeps = {
  dispatcher: FetchDispatcher
  metering?: Pick<MeteringService, 'record'> | undefined
  /** Trial days and spending cap (billing). Absent: no account is on a trial or has a cap. */
  standing?: StandingService | undefined
  limiter: RateLimiter
  idempotency: IdempotencyStore
  clock: Clock
  /** The longest a fetch may run, fail-over included (config.ts `fetchDeadlineMs`). */
  fetchDeadlineMs: number
}

type FetchRequest = FastifyRequest<{
  Body: Static<typeof FetchBody>
  Querystring: Static<typeof FetchQuery>
  Headers: Static<typeof FetchHeaders>
}>

const envelopeType = 'application/json; charset=utf-8'

const envelopePrefixes = new Map<string, Buffer>()
function envelopePrefix(region: Region): Buffer {
  let prefix = envelopePrefixes.get(region)
  if (prefix === undefined) {
    prefix = Buffer.from(`{"region_used":${JSON.stringify(region)},`)
    envelopePrefixes.set(region, prefix)
  }
  return prefix
}

const description = [
  'The node follows up to 10 redirects, checking every hop against the address policy, decodes gzip, ' +
    'deflate and brotli up to 10 MiB of body, and gives up after 30 s. The service answers 200 whenever ' +
    "the fetch was performed: the target's own status is the envelope's `status`. The User-Agent of " +
    'this request is sent to the target; without one the node sends `Sallyport-Internal-Fetcher/1.0`.',
  '**Rate limits** (per account, all keys together): 120 fetches per minute, 60 per minute to any one ' +
    'target host, 20 running at once; 429 `rate_limited` or `target_rate_limited` with `Retry-After`. ' +
    'Answers carry the `RateLimit-Policy` and `RateLimit` fields of the IETF draft. A trial account has ' +
    '1,000 requests in all (402 `trial_exhausted`); only a returned envelope is billed and counted.',
  '**Idempotency-Key**: a retry with the same key, url and region within 24 h gets the stored answer, ' +
    'byte for byte, with `Idempotency-Replayed: true`; 409 `idempotency_in_flight` while the first attempt ' +
    'runs, 422 `idempotency_key_reused` for another url or region. Error answers are not stored. A replay ' +
    'is not billed and does not count against the fetch or per-host budget or the trial; replays, 409s ' +
    'and 422s count against the general budget of 300 calls per minute.',
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

export function registerFetchRoute(app: FastifyInstance, deps: FetchRouteDeps): void {
  app.post<{
    Body: Static<typeof FetchBody>
    Querystring: Static<typeof FetchQuery>
    Headers: Static<typeof FetchHeaders>
  }>(
    '/v2/proxy/fetch',
    {
      // One admission for every rule of a fetch, taken by the handler (plugins/rate-limit.ts).
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
            ...dataPlaneErrors,
          ]),
        },
      },
    },
    async (request, reply) => {
      const url = parseTargetUrl(request.body.url)
      const header = request.headers['idempotency-key']
      let key: string | undefined
      if (header !== undefined) {
        const parsed = parseIdempotencyKey(header)
        if (!parsed.ok) throw idempotencyKeyError(parsed)
        key = parsed.key
      }
      // One deadline for the whole fetch, started before the idempotency claim, whose lease outlives it.
      const deadline = new AbortController()
      const timer = setTimeout(() => {
        deadline.abort(
          new AppError(
            'upstream_unavailable',
            `The fetch did not finish within ${Math.round(deps.fetchDeadlineMs / 1000)} s, fail-over included.`,
            { timedOut: true },
          ),
        )
      }, deps.fetchDeadlineMs)
      try {
        if (key !== undefined) return await keyedFetch(deps, request, reply, url, key, deadline.signal)
        // Without a key a caller who went away gets nothing, so the fetch stops. A keyed fetch runs on:
        // its stored answer is what the caller's retry will get.
        const onClose = () => {
          if (!reply.raw.writableFinished) {
            deadline.abort(new AppError('upstream_unavailable', 'The caller closed the connection.'))
          }
        }
        reply.raw.once('close', onClose)
        try {
          return sendEnvelope(reply, await fetchOnce(deps, request, reply, url, deadline.signal))
        } finally {
          reply.raw.off('close', onClose)
        }
      } finally {
        clearTimeout(timer)
      }
    },
  )
}

function sendEnvelope(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(envelopeType).send(body)
}

function accountOf(request: FastifyRequest) {
  const { principal, accountLimits } = request
  if (principal === undefined || accountLimits === undefined) {
    throw new Error('fetch without a principal or limits: are the auth and rate-limit hooks registered?')
  }
  return { accountId: principal.accountId, limits: accountLimits }
}

/** Standing, admission, dispatch; the envelope's bytes as the caller gets them, or an AppError. */
async function fetchOnce(
  deps: FetchRouteDeps,
  request: FetchRequest,
  reply: FastifyReply,
  url: URL,
  signal: AbortSignal,
): Promise<Buffer> {
  const { accountId, limits } = accountOf(request)
  const now = deps.clock.now()
  // Trial over or spending cap reached: refused before anything is counted (SPEC 5.7, DESIGN 2).
  const standing = deps.standing === undefined ? undefined : await deps.standing.standingFor(accountId, now)
  const trial = standing?.trialQuota === true
  const ticket = await deps.limiter.fetch(reply, {
    accountId,
    host: url.hostname,
    trial,
    trialUsed: standing?.trialUsed,
    limits,
    now,
  })
  let billable = false
  try {
    // An empty User-Agent counts as none: the node then sends its own identifier (DESIGN 2).
    const userAgent = request.headers['user-agent'] || null
    let served
    try {
      served = await deps.dispatcher.dispatch(
        { url: url.href, user_agent: userAgent },
        request.query.region,
        signal,
      )
    } catch (error) {
      // The deadline or the caller's disconnect, whatever the node client made of the abort.
      if (signal.aborted && signal.reason instanceof AppError) throw signal.reason
      throw error
    }
    // Splice region_used into the node's JSON instead of parsing and re-serialising a body of up to 10 MiB.
    const body = Buffer.concat([envelopePrefix(served.regionUsed), served.envelope.subarray(1)])
    billable = true
    // An envelope is one billable request (DESIGN 2), committed before it is delivered (DESIGN 6).
    await deps.metering?.record(accountId, envelopeBytes(served.envelope))
    return body
  } finally {
    ticket.finish(billable)
  }
}

/** docs/idempotency.md: at most one fetch per (account, key); every retry gets its stored answer. */
async function keyedFetch(
  deps: FetchRouteDeps,
  request: FetchRequest,
  reply: FastifyReply,
  url: URL,
  key: string,
  signal: AbortSignal,
): Promise<FastifyReply> {
  const { accountId, limits } = accountOf(request)
  const fingerprint = idempotencyFingerprint(url, request.query.region)
  const began = await deps.limiter.guard(
    deps.idempotency.begin(accountId, key, fingerprint, deps.clock.now()),
  )
  if (began.kind !== 'claimed') {
    // No egress, no billing, no trial: the general budget only (docs/idempotency.md, "Billing and rate limits").
    await deps.limiter.general(reply, accountId, limits, deps.clock.now())
    switch (began.kind) {
      case 'mismatch':
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was used in the last 24 hours for another url or region; use a new key.',
        )
      case 'in_flight':
        throw new AppError(
          'idempotency_in_flight',
          'A request with this Idempotency-Key is still running; retry with the same key.',
          { retryAfter: began.retryAfterSeconds },
        )
      case 'replay':
        return reply
          .code(began.response.status)
          .headers(began.response.headers)
          .header('idempotency-replayed', 'true')
          .send(began.response.body)
    }
  }
  let body: Buffer | undefined
  try {
    body = await fetchOnce(deps, request, reply, url, signal)
  } finally {
    // An error answer is never stored: the key is released, and a retry runs the fetch again.
    if (body === undefined) await release(deps, request.log, accountId, key, began.token)
  }
  const answer = { status: 200, headers: { 'content-type': envelopeType }, body }
  const complete = () => deps.idempotency.complete(accountId, key, began.token, answer, deps.clock.now())
  try {
    const stored = await complete()
    if (!stored) request.log.warn('an idempotent fetch outlived its claim: its answer is not stored')
  } catch (error) {
    // The fetch ran and is billed: the caller gets its answer now, and the store gets it if it is back
    // within the claim's lease; else only a later replay is lost (docs/adr/0004-store-faults.md).
    request.log.warn({ err: error }, 'an idempotent answer could not be stored: trying again shortly')
    retryShortly(complete, request.log, 'an idempotent answer could not be stored')
  }
  return sendEnvelope(reply, body)
}

/**
 * Pauses of the retries of a claim's completion or release: 3.5 s in all, inside the 5 s by which a
 * claim's lease outlives the fetch deadline (config.ts), so a retry never finds another request's claim.
 * Sending either again is harmless: a claim completed or released already answers false.
 */
const claimRetryPausesMs = [500, 1_000, 2_000]

function retryShortly(work: () => Promise<unknown>, log: FastifyBaseLogger, failure: string): void {
  const attempt = (index: number) => {
    const pause = claimRetryPausesMs[index]
    if (pause === undefined) {
      log.warn(`${failure}: the claim's lease frees the key`)
      return
    }
    setTimeout(() => {
      work().then(
        () => undefined,
        () => attempt(index + 1),
      )
    }, pause).unref()
  }
  attempt(0)
}

async function release(
  deps: FetchRouteDeps,
  log: FastifyBaseLogger,
  accountId: string,
  key: string,
  token: string,
): Promise<void> {
  const abandon = () => deps.idempotency.abandon(accountId, key, token)
  try {
    await abandon()
  } catch (error) {
    // Until the claim is released (or its lease runs out), a retry with the key is answered 409.
    log.warn({ err: error }, 'an idempotency claim could not be released: trying again shortly')
    retryShortly(abandon, log, 'an idempotency claim could not be released')
  }
}
