/**
 * Rate limits on the HTTP side (SPEC 8, DESIGN 6, docs/rate-limits.md): the hook and the header fields;
 * the budgets themselves are the limiter's (rate-limits/rate-limiter.ts). Every request an account makes
 * counts against its budgets, all keys of the account together:
 *
 * - `POST /v2/proxy/fetch` admits itself (config `admission: 'own'`), with every rule of a fetch in ONE
 *   `admit()`: 120 fetches per minute, 60 per minute per target host, the global per-host ceiling, the
 *   in-flight cap and, on a trial, the trial allowance (`RateLimiter.fetch`, rate-limits/rate-limiter.ts).
 * - Every other route that knows the account (a data-plane route with a `scope`, a session route) costs
 *   one unit of the general budget, 300 per minute, in a `preParsing` hook: after authentication (the
 *   `onRequest` hooks), before the body is read.
 * - A call to a route that admits itself but is refused before it gets there (a body, query or header that
 *   fails its check, a body too large: anything answered before `request.ownAdmission` is set) costs one
 *   unit of the general budget too, in the route's error handler: nothing an account sends is free, so a
 *   flood of invalid fetches ends in 429 like any other flood.
 *
 * Answers carry the IETF draft fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy` on every
 * answer to an authenticated request, `RateLimit` once a budget has been consulted. A refusal is 429 with
 * `Retry-After`; a store that does not answer is 503 `store_unavailable` (fail closed: a paid, metered
 * service does not serve unlimited while its counters are away).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Clock } from '../../../shared/clock.ts'
import type { AccountLimitsSource } from '../../rate-limits/account-limits.ts'
import type { AdmissionLimits, LimitRuleName, RuleState } from '../../rate-limits/admission.ts'
import type { RateLimiter } from '../../rate-limits/rate-limiter.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `'own'`: the route admits its requests itself (the fetch route: one admission for all its rules). */
    admission?: 'own'
  }
  interface FastifyRequest {
    /** The account's limits, set by the rate-limit hook on every route that knows the account. */
    accountLimits: Readonly<AdmissionLimits> | undefined
    /**
     * Set by a route that admits itself once the request is in its own admission's hands (which then
     * charges it): an error before that costs one unit of the general budget.
     */
    ownAdmission: boolean
  }
}

/** The draft's policy names; the global per-host ceiling is not advertised (SPEC 8 keeps its value ours). */
const policyNames: Partial<Record<LimitRuleName, string>> = {
  account_fetch: 'fetch',
  target_host: 'host',
  account_general: 'general',
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000)
}

/** Each advertised policy's opening in a `RateLimit` field, first and after another: `"fetch";r=`. */
const firstHeads: Partial<Record<LimitRuleName, string>> = {}
const laterHeads: Partial<Record<LimitRuleName, string>> = {}
for (const [rule, name] of Object.entries(policyNames) as [LimitRuleName, string][]) {
  firstHeads[rule] = `"${name}";r=`
  laterHeads[rule] = `, "${name}";r=`
}

/**
 * `RateLimit: "fetch";r=17;t=42, "host";r=59;t=60`: what is left and when the window frees up. Each policy's
 * text joins its opening, kept above, to its two numbers: every answer of the fetch route writes this field.
 */
export function rateLimitField(states: readonly RuleState[]): string {
  let field = ''
  for (const state of states) {
    const head = (field === '' ? firstHeads : laterHeads)[state.name]
    if (head === undefined) continue
    field += head + state.remaining + ';t=' + seconds(state.resetMs)
  }
  return field
}

const fetchPolicies = new WeakMap<Readonly<AdmissionLimits>, string>()
const generalPolicies = new WeakMap<Readonly<AdmissionLimits>, string>()

/**
 * `RateLimit-Policy` of a route: the fetch route lists `fetch` and `host` and also `general`, which its
 * replays and idempotency answers draw on (docs/idempotency.md); every other route lists `general`.
 */
export function rateLimitPolicyField(limits: Readonly<AdmissionLimits>, route: 'fetch' | 'general'): string {
  const cache = route === 'fetch' ? fetchPolicies : generalPolicies
  let field = cache.get(limits)
  if (field === undefined) {
    const w = seconds(limits.windowMs)
    const general = `"general";q=${limits.generalPerWindow};w=${w}`
    field =
      route === 'fetch'
        ? `"fetch";q=${limits.fetchPerWindow};w=${w}, "host";q=${limits.targetHostPerWindow};w=${w}, ${general}`
        : general
    cache.set(limits, field)
  }
  return field
}

/** Writes the `RateLimit` field of the budgets a request consulted, when it consulted any. */
export function reportRateLimit(reply: FastifyReply, states: readonly RuleState[] | undefined): void {
  if (states !== undefined) void reply.header('ratelimit', rateLimitField(states))
}

/**
 * The hook: the account's limits for every route that knows the account, `RateLimit-Policy` on its answer,
 * and one unit of the general budget unless the route admits itself.
 */
export function registerRateLimits(
  app: FastifyInstance,
  deps: { limiter: RateLimiter; limits: AccountLimitsSource; clock: Clock },
): void {
  const { limiter, limits, clock } = deps
  app.decorateRequest('accountLimits', undefined)
  app.decorateRequest('ownAdmission', false)
  // A route that admits itself gets an error handler that charges what it refused before its admission,
  // then hands the answer (the original error, or the 429 that replaces it) on to the app's error handler:
  // an error sent from a route's handler goes to the handler of the enclosing context.
  async function charge(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const account = request.accountLimits
    const accountId = request.principal?.accountId ?? request.accountSession?.accountId
    if (account === undefined || accountId === undefined || request.ownAdmission) return error
    // Charged once, whatever comes next.
    request.ownAdmission = true
    const answer = await limiter.general(accountId, account, clock.now(), request.principal?.cached)
    reportRateLimit(reply, answer.states)
    return answer.admitted ? error : answer.error
  }
  app.addHook('onRoute', (route) => {
    if (route.config?.admission !== 'own' || route.errorHandler !== undefined) return
    route.errorHandler = (error, request, reply) => {
      const send = (next: unknown) => {
        void reply.send(next)
      }
      charge(error, request, reply).then(send, send)
    }
  })
  app.addHook('preParsing', async (request, reply) => {
    const accountId = request.principal?.accountId ?? request.accountSession?.accountId
    if (accountId === undefined) return
    const found = limits.limitsFor(accountId)
    const account = found instanceof Promise ? await found : found
    request.accountLimits = account
    const own = request.routeOptions.config.admission === 'own'
    void reply.header('ratelimit-policy', rateLimitPolicyField(account, own ? 'fetch' : 'general'))
    if (own) return
    // A key from the gateway's key cache is confirmed in this same admission (ADR 0011).
    const answer = await limiter.general(accountId, account, clock.now(), request.principal?.cached)
    reportRateLimit(reply, answer.states)
    if (!answer.admitted) throw answer.error
  })
}
