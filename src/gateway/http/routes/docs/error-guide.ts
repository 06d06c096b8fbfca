/** When each code is answered and what a client should do (DESIGN 3). Rendered at /v2/docs/errors and into docs/errors.md. */
import type { ErrorCode } from '../../../../shared/errors.ts'

export type ErrorGuideEntry = { when: string; retry: string }

export const errorGuide: Record<ErrorCode, ErrorGuideEntry> = {
  invalid_request: {
    when: 'The body is not a JSON object, `url` is missing or not an absolute http(s) URL, the body has a field besides `url` (`region` in the body included), a header such as Idempotency-Key is malformed, the query is not valid, or the path is not valid percent-encoding.',
    retry: 'No. Fix the request.',
  },
  unknown_region: { when: '`region` is not one of us-east, us-west, europe.', retry: 'No.' },
  payload_too_large: { when: 'The request body is over 16 KiB.', retry: 'No.' },
  malformed_request: {
    when: 'The HTTP message itself is not valid: a malformed request line, a header with a control character or a folded (obs-fold) line, or Content-Length sent with Transfer-Encoding. The connection is closed after the answer.',
    retry: 'No. Fix the client or the proxy in front of it.',
  },
  request_header_too_large: {
    when: 'The request line and headers together are over 16 KiB (a very long query string or cookie, for example). The connection is closed after the answer.',
    retry: 'No. Send less in the URL and headers.',
  },
  request_timeout: {
    when: 'The request did not arrive completely in time. The connection is closed after the answer.',
    retry: 'Yes, at once.',
  },
  missing_api_key: {
    when: 'No API key was sent. The answer carries `WWW-Authenticate`.',
    retry: 'No. Send `x-api-key`.',
  },
  invalid_api_key: { when: 'The key is malformed, unknown or revoked.', retry: 'No.' },
  missing_scope: {
    when: 'The key lacks the scope the endpoint needs (`proxy` or `read`).',
    retry: 'No. Mint a key with the scope.',
  },
  csrf_failed: {
    when: 'A state-changing session call came without the `x-csrf-token` of its session, or from another origin.',
    retry: 'No. Reload the dashboard.',
  },
  invalid_credentials: {
    when: 'Sign-in with an e-mail and password that do not match an account.',
    retry: 'No.',
  },
  totp_required: {
    when: 'Sign-in with the right e-mail and password for an account with two-factor sign-in, without `code`.',
    retry: 'Yes, with `code`: the 6-digit code of the authenticator app or a recovery code.',
  },
  invalid_token: {
    when: 'A verification or password-reset token is unknown, used already, or expired.',
    retry: 'No. Ask for a new mail.',
  },
  too_many_attempts: {
    when: 'Too many failed sign-ins from this address or for this account, or too many sign-ups, confirmation mails or password resets from this address or for this e-mail address; the answer carries `Retry-After`.',
    retry: 'After `Retry-After` seconds.',
  },
  session_required: {
    when: 'A key-management or account call came without a signed-in dashboard session (an API key does not open these).',
    retry: 'No.',
  },
  trial_expired: { when: 'The 30-day trial is over and the account has no paid plan.', retry: 'No.' },
  trial_exhausted: {
    when: "The trial's 1,000 requests are used and the account has no paid plan.",
    retry: 'No.',
  },
  spend_cap_reached: {
    when: "The request would pass the account's own monthly spending cap.",
    retry: 'No. Raise the cap in the dashboard.',
  },
  email_not_verified: {
    when: 'The account has not verified its e-mail address yet.',
    retry: 'No. Follow the link in the verification mail.',
  },
  target_not_permitted: {
    when: 'The address policy refused a hop: the target, or a redirect, resolves to a private, loopback, link-local or otherwise non-public address, or a redirect leaves http(s).',
    retry: 'No. Not transient.',
  },
  too_many_redirects: { when: 'The target redirected more than 10 times.', retry: 'No.' },
  response_too_large: {
    when: 'The decoded body passed the 10 MiB cap.',
    retry: 'No. Fetch something smaller.',
  },
  upstream_unavailable: {
    when: 'The target could not be reached (DNS, refused, reset, TLS) or did not answer within 30 s (then HTTP 504).',
    retry: 'Yes, with exponential backoff.',
  },
  rate_limited: {
    when: "The account's budget is spent: 120 fetches or 300 other calls per minute, or 20 fetches already running. The answer carries `Retry-After` and the `RateLimit` fields.",
    retry: 'After `Retry-After` seconds.',
  },
  target_rate_limited: {
    when: "The account's budget of 60 fetches per minute to this target host (or the global per-host ceiling all accounts share) is spent; other hosts are not affected.",
    retry: 'After `Retry-After` seconds, or fetch other hosts meanwhile.',
  },
  idempotency_in_flight: {
    when: 'An earlier request with the same Idempotency-Key is still running.',
    retry: 'With the same key, after `Retry-After` seconds.',
  },
  idempotency_key_reused: {
    when: 'The Idempotency-Key was used in the last 24 hours with a different url or region.',
    retry: 'No. Use a new key.',
  },
  idempotency_answer_not_kept: {
    when:
      'The first request with this Idempotency-Key completed and was billed, but its answer did not fit the ' +
      "account's storage budget for stored answers and was not kept; it is not fetched again.",
    retry: 'No: the fetch ran once. To fetch the url again, send a new key (billed again).',
  },
  idempotency_budget_spent: {
    when:
      "The account's stored idempotent answers (compressed) fill its budget of 64 MiB over 24 hours; nothing " +
      'was fetched or billed.',
    retry:
      'After `Retry-After` seconds (when the oldest stored answer expires), or now without an Idempotency-Key.',
  },
  region_out_of_service: {
    when: 'The requested region has no egress node in service; no other region is substituted.',
    retry: 'Yes, with exponential backoff and jitter, or choose another region.',
  },
  no_healthy_endpoints: {
    when: 'No egress node anywhere could serve.',
    retry: 'Yes, with exponential backoff and jitter.',
  },
  store_unavailable: {
    when: 'The store behind rate limits, the trial allowance and Idempotency-Key (Redis) did not answer. Nothing was done and nothing was billed. The answer carries `Retry-After`.',
    retry: 'Yes, after `Retry-After` seconds, with the same Idempotency-Key if you sent one.',
  },
  auth_busy: {
    when: 'Sign-up, sign-in, a new confirmation mail or a password reset came while every password-hashing slot was taken and the queue for one was full (docs/security.md). Nothing was changed. The answer carries `Retry-After`.',
    retry: 'Yes, after `Retry-After` seconds.',
  },
  database_unavailable: {
    when: 'The database behind keys, accounts and usage (PostgreSQL) did not answer in time. A fetch answered with this code was not carried out and is not billed. The answer carries `Retry-After`.',
    retry: 'Yes, after `Retry-After` seconds, with the same Idempotency-Key if you sent one.',
  },
  serp_withdrawn: { when: 'The search endpoint was called; search results are not offered.', retry: 'No.' },
  upstream_rate_limited: {
    when: "Social API: the upstream network's published rate limit for our egress address is spent (we stop before passing it), or the network answered 429. The answer carries `Retry-After`.",
    retry: 'After `Retry-After` seconds.',
  },
  instance_not_allowed: {
    when: 'Social API: the Mastodon instance is not on the allowlist (`GET /social/platforms` lists it).',
    retry: 'No. Use an instance on the list.',
  },
  search_excluded: {
    when: 'Social API: Bluesky search was requested; it is excluded from the offering.',
    retry: 'No.',
  },
  not_found: {
    when: 'There is nothing at the path, or (social API) the profile, post, item or user does not exist upstream.',
    retry: 'No.',
  },
  method_not_allowed: {
    when: 'The path exists but not with this method. The answer carries `Allow`.',
    retry: 'No.',
  },
  internal_error: {
    when: 'A bug on our side; the request id finds it in our logs.',
    retry: 'Yes, once or twice.',
  },
}
