/**
 * The reference text of POST /v2/proxy/fetch (docs/openapi.json): what the operation does, its budgets and
 * the Idempotency-Key, and the headers of its 200 answer. Kept apart so the route reads as schema, call and
 * reply.
 */

/** The operation's description: one paragraph per topic, as the reference renders them. */
export const fetchDescription = [
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
export const fetchSuccessHeaders = {
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
