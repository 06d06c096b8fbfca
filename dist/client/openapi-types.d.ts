export interface paths {
    '/v2/proxy/fetch': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a URL from an egress node in a region
         * @description The node follows up to 10 redirects, checking every hop against the address policy, decodes gzip, deflate and brotli up to 10 MiB of body, and gives up after 30 s. The service answers 200 whenever the fetch was performed: the target's own status is the envelope's `status`. The User-Agent of this request is sent to the target; without one the node sends `Sallyport-Internal-Fetcher/1.0`.
         *
         *     **Rate limits** (per account, all keys together): 120 fetches per minute, 60 per minute to any one target host, 20 running at once; 429 `rate_limited` or `target_rate_limited` with `Retry-After`. Every redirect hop counts against the host budget of the host it reaches; a fetch cut short by a refused hop answers 429 `target_rate_limited` and is billed, since its earlier hops were made. Answers carry the `RateLimit-Policy` and `RateLimit` fields of the IETF draft. A trial account has 1,000 requests in all (402 `trial_exhausted`); only a returned envelope is billed and counted.
         *
         *     **Idempotency-Key**: a retry with the same key, url and region within 24 h gets the stored answer, byte for byte, with `Idempotency-Replayed: true`; 409 `idempotency_in_flight` while the first attempt runs, 422 `idempotency_key_reused` for another url or region. Error answers are not stored. A replay is not billed and does not count against the fetch or per-host budget or the trial; replays, 409s and 422s count against the general budget of 300 calls per minute.
         *
         *     **Rejected calls**: a call refused before its fetch is admitted (a bad body, url, Idempotency-Key or region, a trial that ended) costs one unit of the general budget, so a flood of them gets 429 `rate_limited` like any other.
         *
         *     Needs an API key with the `proxy` scope.
         */
        post: operations['fetch'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/proxy/regions': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Regions that can serve right now
         * @description Needs an API key with the `proxy` scope.
         */
        get: operations['listRegions'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/proxy/status': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Fleet health: every egress node
         * @description Needs an API key with the `proxy` scope.
         */
        get: operations['fleetStatus'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/status': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public status: regions in service and the last 24 hours
         * @description No key. Nothing here identifies a node (no address, no device id). The same as the page at `/status`.
         */
        get: operations['publicStatus'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/user-agents/': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Real browser User-Agent strings to fetch with
         * @description A curated catalog of current desktop and mobile User-Agent strings of Chrome, Safari, Firefox and Edge. To use one, send its `user_agent` as the User-Agent header of your own POST /v2/proxy/fetch request: the egress node forwards the caller's User-Agent to the target. Filters combine; an unknown filter or value is refused with 422. Answers may be cached for an hour.
         *
         *     Needs an API key with the `read` scope.
         */
        get: operations['listUserAgents'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/healthz': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is alive
         * @description For a load balancer: no store is consulted, so it answers as long as the process runs.
         */
        get: operations['liveness'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/readyz': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The stores this gateway needs answer, and it is not shutting down
         * @description Answers 503 with the same body while a store fails its check or the gateway is draining.
         */
        get: operations['readiness'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in account and its trial
         * @description The account of the dashboard session: its e-mail address, plan and trial.
         */
        get: operations['getAccount'];
        put?: never;
        /**
         * Sign up
         * @description Sends a mail with a confirmation link (valid 24 hours) to the address. The answer is the same whether or not the address already has an account, so it cannot be used to find out who does; an address with an account gets a mail saying so instead. Nothing, keys included, can be used before the address is confirmed.
         */
        post: operations['createAccount'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/verify': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the e-mail address
         * @description Takes the token of the confirmation link. A token works once and for 24 hours. The 30-day trial starts now. Confirming does not sign in. Counted with the other anonymous account calls: 30 in 15 minutes from one client address (429 `too_many_attempts` with Retry-After).
         */
        post: operations['verifyEmail'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/verify/resend': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the confirmation mail again
         * @description Only an account still waiting for confirmation gets a mail, at most a few an hour; the answer is the same in every case. The password follows the sign-up rules: confirming the new link sets it, exactly like signing up again, so a link can only ever set a password its requester typed. Earlier links stay valid (each sets its own password) until one of them is used.
         */
        post: operations['resendVerification'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/password-reset': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description An address with an account gets a link to choose a new password, valid once and for 1 hour. The answer is the same for every address, and is given before the address is even looked up. At most 10 calls an hour name one e-mail address, and 30 in 15 minutes come from one client address (429 `too_many_attempts` with Retry-After).
         */
        post: operations['requestPasswordReset'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/password-reset/confirm': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a new password
         * @description Takes the token of the reset link and the new password. Every session of the account ends, on every device; API keys keep working. Following the link also confirms the address.
         */
        post: operations['confirmPasswordReset'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/password': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description Needs the current password. Every other session of the account ends; this one stays.
         */
        post: operations['changePassword'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/email': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the e-mail address
         * @description Needs the password. The new address gets a link and takes effect only once it is confirmed; the current address is told. The answer is the same whether or not the new address is free.
         */
        post: operations['changeEmail'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/email/confirm': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a new e-mail address with the mailed token
         * @description The token is the one mailed to the new address by `POST /v2/account/email`. No session needed. Counted with the other anonymous account calls: 30 in 15 minutes from one client address (429 `too_many_attempts` with Retry-After).
         */
        post: operations['confirmEmailChange'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/two-factor': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether two-factor sign-in is on
         * @description On: signing in takes a code from the authenticator app as well as the password.
         */
        get: operations['twoFactorState'];
        put?: never;
        /**
         * Start the two-factor setup: a new secret for the app
         * @description Two-factor sign-in stays off until the first code from the app is confirmed with `POST /v2/account/two-factor/confirm`.
         */
        post: operations['beginTwoFactor'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/two-factor/confirm': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on with the first code
         * @description Answers ten recovery codes, once: each signs in once in place of a code. Only digests are kept.
         */
        post: operations['confirmTwoFactor'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/two-factor/disable': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in off
         * @description Takes the account password; the recovery codes stop working too.
         */
        post: operations['disableTwoFactor'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/delete': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete the account
         * @description Needs the password. Keys stop working at their next request, every session ends, the address and password are erased. Usage and charges stay for billing (docs/accounts.md). 503 `store_unavailable` when the keys cannot be revoked on every gateway (the shared store is down): nothing was deleted; try again.
         */
        post: operations['deleteAccount'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/session': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The current session
         * @description 403 `session_required` when there is no live session: the dashboard then shows sign-in.
         */
        get: operations['getSession'];
        put?: never;
        /**
         * Sign in to the dashboard
         * @description Sets an HttpOnly session cookie (idle time-out 60 minutes, at most 12 hours) and answers the CSRF token: send it in `x-csrf-token` with every POST and DELETE made with the session. Repeated failures are throttled per client address and per account and address (429 `too_many_attempts` with Retry-After); an account is never locked.
         */
        post: operations['signIn'];
        /**
         * Sign out
         * @description Ends this session and clears its cookie. Needs `x-csrf-token`.
         */
        delete: operations['signOut'];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/sessions': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the account on every device. API keys keep working. Needs `x-csrf-token`.
         */
        delete: operations['signOutEverywhere'];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/keys': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's API keys
         * @description Dashboard session only: an API key here is refused with `session_required`. Live keys, or with `revoked=include` every key, revoked ones with `revoked_at` and `revoked_from`.
         */
        get: operations['listKeys'];
        put?: never;
        /**
         * Mint an API key
         * @description Dashboard session only, with `x-csrf-token`. All keys of an account share its rate budget and trial. At most 100 live keys per account.
         */
        post: operations['createKey'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/keys/{id}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Dashboard session only, with `x-csrf-token`. 404 `not_found` for an id this account has no live key with. 503 `store_unavailable` when the revocation cannot be announced to every gateway (the shared store is down): nothing was changed and the key still works; try again.
         */
        delete: operations['revokeKey'];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/dashboard/fetch': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch a URL from the dashboard (the playground)
         * @description Dashboard session only. Runs `POST /v2/proxy/fetch` for the signed-in account, billed and limited exactly like it, and answers its envelope with the body cut to a preview, or its problem.
         */
        post: operations['playgroundFetch'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/usage': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This month’s usage and charge so far
         * @description The current period (the calendar month in UTC): the plan, billable requests used and included, bytes, requests beyond the plan, the charge so far (plan fee plus overage, in decimal USD and integer cents), the spending cap, the trial for an account on it, and one row per day. Counts lag by about a second.
         *
         *     Needs an API key with the `read` scope.
         */
        get: operations['getUsage'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/usage': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage for the dashboard
         * @description Dashboard session only. The same view of the month as GET /v2/usage, plus requests and bytes per day for the last `days` days.
         */
        get: operations['getAccountUsage'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/account/spend-cap': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or remove the monthly spending cap
         * @description Dashboard session only, with `x-csrf-token`. Once one more billable request would take the month’s charge (plan fee plus overage) past the cap, fetches are refused with `spend_cap_reached` (402) until the next month or a higher cap. The cap is enforced within a few seconds and a few requests, not to the request.
         */
        put: operations['setSpendCap'];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/plans': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Plans and prices
         * @description The trial and the paid plans: monthly fee, included requests, the price of requests beyond them, and the rate limits per account. Amounts come as decimal USD strings and as integer cents. A billable request is a fetch that returned an envelope; errors and idempotent replays are free. Moving to a paid plan starts with an e-mail exchange with our billing contact.
         */
        get: operations['listPlans'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/serp': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search results (withdrawn)
         * @deprecated
         * @description Search-engine results are not offered. Every call answers 410 `serp_withdrawn`.
         */
        get: operations['withdrawnGetSerp'];
        put?: never;
        /**
         * Search results (withdrawn)
         * @deprecated
         * @description Search-engine results are not offered. Every call answers 410 `serp_withdrawn`.
         */
        post: operations['withdrawnPostSerp'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/search': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search results (withdrawn)
         * @deprecated
         * @description Search-engine results are not offered. Every call answers 410 `serp_withdrawn`.
         */
        get: operations['withdrawnGetSearch'];
        put?: never;
        /**
         * Search results (withdrawn)
         * @deprecated
         * @description Search-engine results are not offered. Every call answers 410 `serp_withdrawn`.
         */
        post: operations['withdrawnPostSearch'];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/profiles': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Several Bluesky profiles at once
         * @description Up to 25 handles or DIDs, comma-separated, in one upstream call. Actors Bluesky does not know are listed in `data.not_found`.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getBlueskyProfiles'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/profiles/{actor}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Bluesky profile by handle or DID
         * @description From app.bsky.actor.getProfile. Cached for 60 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getBlueskyProfile'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/profiles/{actor}/posts': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Bluesky actor's posts, newest first
         * @description From app.bsky.feed.getAuthorFeed: posts and reposts (a repost shows the original with `reposted_by`). Cached for 30 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listBlueskyPosts'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/profiles/{actor}/posts/{rkey}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Bluesky post by handle (or DID) and record key
         * @description The two parts of its bsky.app URL: `https://bsky.app/profile/{actor}/post/{rkey}`. From app.bsky.feed.getPosts.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getBlueskyPost'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Bluesky post's thread
         * @description The post, the posts above it (root first) and the replies below it, depth first, from app.bsky.feed.getPostThread. At most 300 replies; `meta.truncated` says when that or the depth cut the answer.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getBlueskyThread'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/posts/lookup': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Bluesky post by its bsky.app URL or at:// URI
         * @description Paste the post's URL as shown in the app: `https://bsky.app/profile/{handle}/post/{rkey}`.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['lookupBlueskyPost'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/search': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bluesky search (excluded)
         * @description Bluesky search is not part of the social API. Every call answers 410 `search_excluded`, with or without a key.
         */
        get: operations['searchBluesky'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/search/posts': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bluesky search (excluded)
         * @description Bluesky search is not part of the social API. Every call answers 410 `search_excluded`, with or without a key.
         */
        get: operations['searchBlueskyPosts'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/bluesky/search/actors': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bluesky search (excluded)
         * @description Bluesky search is not part of the social API. Every call answers 410 `search_excluded`, with or without a key.
         */
        get: operations['searchBlueskyActors'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/mastodon/accounts/{account}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Mastodon account
         * @description From api/v1/accounts/lookup (by user name) or api/v1/accounts/:id. Cached for 60 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getMastodonAccount'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/mastodon/accounts/{account}/posts': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Mastodon account's posts, newest first
         * @description From api/v1/accounts/:id/statuses, paged by the `Link` header: `next_cursor` goes older, `prev_cursor` newer. A boost shows the boosted post with `reposted_by`. Cached for 30 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listMastodonPosts'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/mastodon/tags/{tag}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Mastodon hashtag and its recent use
         * @description From api/v1/tags/:name on the instance. Cached for 60 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getMastodonTag'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/mastodon/tags/{tag}/posts': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public posts with a Mastodon hashtag, newest first
         * @description From api/v1/timelines/tag/:hashtag: what the instance knows, its own users' and federated posts. Paged by the `Link` header. Cached for 30 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listMastodonTagPosts'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/hackernews/items/{id}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Hacker News item: story, comment, job, poll or poll option
         * @description From /v0/item/<id>.json. Deleted and dead items are answered, flagged. Cached for 60 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getHackerNewsItem'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/hackernews/items/{id}/comments': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Hacker News item's comments, depth first
         * @description Pages go over the top-level comments (`limit` of them a page); each is expanded `depth` levels. One page fetches at most 100 items, 8 at a time; `meta.truncated` says when that bound or the depth cut replies (a comment's `counts.replies` still counts them, and its own comments page lists them).
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listHackerNewsComments'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/hackernews/users/{user}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Hacker News user
         * @description From /v0/user/<id>.json: karma, about, creation time. Cached for 60 s.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['getHackerNewsUser'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/hackernews/users/{user}/submissions': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A Hacker News user's submissions, newest first
         * @description Stories, comments and polls from the user's `submitted` list, 30 at most a page.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listHackerNewsSubmissions'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/hackernews/stories/{list}': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Hacker News story lists with their items
         * @description top, new and best (up to 500 stories), ask, show and job (up to 200), in the order HN ranks them, with each item. The list is cached for 30 s; rankings move, so an item can appear on two pages.
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listHackerNewsStories'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/social/platforms': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Social platforms that serve, what each offers, and what is excluded
         * @description The networks of the beta social API with their endpoints, the Mastodon allowlist, and the excluded features (Bluesky search). Public: no key needed, and no budget drawn on.
         */
        get: operations['listSocialPlatforms'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/social/platforms': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Social platforms that serve, what each offers, and what is excluded
         * @description The networks of the beta social API with their endpoints, the Mastodon allowlist, and the excluded features (Bluesky search).
         *
         *     Beta, not billed. Each call counts against the account's general budget (300 calls per minute, all keys together): once it is spent the answer is 429 `rate_limited` with `Retry-After`. Errors are problem+json like everywhere else.
         *
         *     Needs an API key with the `proxy` scope.
         */
        get: operations['listSocialPlatformsV2'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/docs/openapi.json': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This reference, machine-readable (OpenAPI 3.1)
         * @description Generated from the route schemas the service checks requests against.
         */
        get: operations['openapi'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    '/v2/docs/errors': {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every error code, for people (HTML)
         * @description For people; machines read the `code` enum of `Problem` in this document instead.
         */
        get: operations['errorReference'];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description An egress region: us-east (us-east-1), us-west (us-west-2), europe (eu-west-1).
         * @enum {string}
         */
        Region: 'us-east' | 'us-west' | 'europe';
        /** @description RFC 9457 problem details (application/problem+json) with a stable `code`. */
        Problem: {
            /** @description Link to this code in the error reference. */
            type: string;
            title: string;
            /** @description The HTTP status of this answer. */
            status: number;
            /** @description What happened, for people. Never branch on it. */
            detail: string;
            /**
             * @description Stable machine-readable code. Branch on this.
             * @enum {string}
             */
            code: 'invalid_request' | 'unknown_region' | 'payload_too_large' | 'malformed_request' | 'request_header_too_large' | 'request_timeout' | 'missing_api_key' | 'invalid_api_key' | 'missing_scope' | 'session_required' | 'csrf_failed' | 'invalid_credentials' | 'totp_required' | 'invalid_token' | 'too_many_attempts' | 'trial_expired' | 'trial_exhausted' | 'spend_cap_reached' | 'email_not_verified' | 'target_not_permitted' | 'too_many_redirects' | 'response_too_large' | 'upstream_unavailable' | 'rate_limited' | 'target_rate_limited' | 'idempotency_in_flight' | 'idempotency_key_reused' | 'idempotency_answer_not_kept' | 'idempotency_budget_spent' | 'region_out_of_service' | 'no_healthy_endpoints' | 'store_unavailable' | 'auth_busy' | 'database_unavailable' | 'serp_withdrawn' | 'upstream_rate_limited' | 'instance_not_allowed' | 'search_excluded' | 'not_found' | 'method_not_allowed' | 'internal_error';
            /** @description Quote it when asking for help; also sent as X-Request-Id. */
            request_id: string;
        };
        /** @description The flat fetch envelope. */
        FetchEnvelope: {
            /** @description The body the target returned: text, or base64 when result_encoding says so. */
            result: string;
            /**
             * @description Present only for bodies that are not text. Absent means UTF-8 text.
             * @enum {string}
             */
            result_encoding?: 'base64';
            /** @description The TARGET's HTTP status (a block page shows up here, e.g. 403). */
            status: number;
            region_used: components['schemas']['Region'];
            /** @description The address the target saw. */
            public_ip: string;
            /** @description The egress node that served. */
            device_id: string;
            /** @description Where the fetch ended after redirects. */
            final_url: string;
            /** @description Redirect hops followed (at most 10). */
            redirects: number;
            /** @description The target's Content-Type, verbatim ('' when it sent none). */
            content_type: string;
            /** @description Body size after content decoding, before charset decoding. */
            bytes: number;
            /** @description Milliseconds the node spent fetching, all hops. */
            elapsed_ms: number;
        };
        RegionList: {
            /** @description Only regions with at least one healthy, undrained node, in the order us-east, us-west, europe. */
            regions: {
                region: components['schemas']['Region'];
                /** @description The cloud region the egress nodes run in. */
                cloud_region: string;
                nodes_in_service: number;
            }[];
        };
        FleetStatus: {
            regions: {
                region: components['schemas']['Region'];
                cloud_region: string;
                in_service: boolean;
            }[];
            nodes: {
                /** @description Null until the node has answered a probe. */
                device_id: string | null;
                region: components['schemas']['Region'];
                health: 'healthy' | 'down' | 'unknown';
                /** @description Drained by an operator: healthy, but given no new work. */
                draining: boolean;
                in_service: boolean;
                last_check_at: string | null;
                /** @description Fetches this gateway has running on the node. */
                in_flight: number;
                /** @description Smoothed round trip of the health probe. */
                latency_ms: number | null;
            }[];
        };
        /** @description A real browser User-Agent string and what it identifies as. */
        UserAgent: {
            /**
             * @description Stable slug. An id always names this exact string; a catalog refresh adds new ids.
             * @example chrome-157-windows
             */
            id: string;
            /** @description Send this verbatim as the User-Agent header of your POST /v2/proxy/fetch request. */
            user_agent: string;
            /**
             * @description The browser the string identifies as.
             * @enum {string}
             */
            browser: 'chrome' | 'safari' | 'firefox' | 'edge';
            /** @description As the string's browser token spells it: `157.0.0.0` (Chromium's reduced form), `157.0`, `26.3`. */
            browser_version: string;
            /**
             * @description The operating system the string identifies as.
             * @enum {string}
             */
            os: 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'ipados';
            /** @description Null when the string carries a frozen or no OS version (Windows NT 10.0, Mac OS X 10_15_7, Chromium on Android, Safari 26 and later on iPhone and iPad). */
            os_version: string | null;
            /**
             * @description The kind of device the string identifies as.
             * @enum {string}
             */
            device_type: 'desktop' | 'mobile' | 'tablet';
        };
        UserAgentList: {
            /** @description The matching entries in catalog order: the newest release first on each platform. */
            user_agents: components['schemas']['UserAgent'][];
            /** @description How many entries this answer holds. */
            count: number;
        };
        /** @description Who wrote a post. */
        SocialAuthor: {
            /** @description Bluesky DID, Mastodon account id (of that instance), Hacker News user name. */
            id: string;
            /** @description Bluesky handle, Mastodon `user@instance`, Hacker News user name. */
            handle: string;
            display_name: string | null;
            avatar_url: string | null;
            /** @description The profile's page on the network's own site. */
            url: string | null;
        };
        /** @description One profile shape for Bluesky, Mastodon and Hacker News. */
        SocialProfile: {
            /** @description Bluesky DID, Mastodon account id (of that instance), Hacker News user name. */
            id: string;
            /** @description Bluesky handle, Mastodon `user@instance`, Hacker News user name. */
            handle: string;
            display_name: string | null;
            avatar_url: string | null;
            /** @description The profile's page on the network's own site. */
            url: string | null;
            /**
             * @description The network the profile is on.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            /** @description The bio as plain text. */
            description: string | null;
            /** @description The bio as the network sent it (Mastodon note, HN about). */
            description_html: string | null;
            banner_url: string | null;
            /** @description When the account was created (ISO-8601 UTC). */
            created_at: string | null;
            /** @description Mastodon: the account says it is automated. Null elsewhere. */
            bot: boolean | null;
            /** @description Null where the network does not have the figure. */
            counts: {
                /** @description Null where the network has no followers (Hacker News). */
                followers: number | null;
                /** @description Null where the network has no follows. */
                following: number | null;
                /** @description Posts (Bluesky), statuses (Mastodon), submissions (Hacker News). */
                posts: number | null;
                /** @description Hacker News only. */
                karma: number | null;
            };
            /** @description With `?include=raw` only: the upstream's own object, unchanged. */
            raw?: unknown;
        };
        /** @description A link to another post. */
        SocialPostRef: {
            id: string;
            /** @description Its page, when known. */
            url: string | null;
        };
        SocialMedia: {
            /**
             * @description What the attachment is.
             * @enum {string}
             */
            type: 'image' | 'video' | 'gifv' | 'audio' | 'unknown';
            url: string;
            preview_url: string | null;
            /** @description The alt text its author wrote. */
            alt: string | null;
        };
        /** @description One post shape for Bluesky posts, Mastodon statuses and HN items. */
        SocialPost: {
            /** @description Bluesky at:// URI, Mastodon status id (of that instance), HN item id. */
            id: string;
            /**
             * @description The network the post is on.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            /**
             * @description `post` on Bluesky and Mastodon; the item type on Hacker News.
             * @enum {string}
             */
            kind: 'post' | 'story' | 'comment' | 'job' | 'poll' | 'pollopt';
            /** @description The post's page on the network's own site. */
            url: string | null;
            /** @description Null for deleted Hacker News items. */
            author: components['schemas']['SocialAuthor'] | null;
            /** @description ISO-8601 UTC. */
            created_at: string | null;
            /** @description Hacker News stories, jobs and polls. */
            title: string | null;
            /** @description Plain text (from the HTML where the network sends HTML). */
            text: string;
            /** @description The original HTML: Mastodon content, Hacker News text. Null on Bluesky. */
            html: string | null;
            /** @description The link the post shares (HN story URL, Bluesky link card, Mastodon card). */
            link_url: string | null;
            /** @description The language its author tagged. */
            language: string | null;
            /** @description Null where the network does not have the figure. */
            counts: {
                /** @description Replies (HN stories: all comments below; HN comments: direct replies). */
                replies: number | null;
                /** @description Reposts / boosts. */
                reposts: number | null;
                /** @description Likes / favourites. */
                likes: number | null;
                /** @description Quote posts. */
                quotes: number | null;
                /** @description Hacker News points. */
                score: number | null;
            };
            media: components['schemas']['SocialMedia'][];
            /** @description The post this one answers. */
            reply_to: components['schemas']['SocialPostRef'] | null;
            /** @description The thread's first post, when known. */
            thread_root: components['schemas']['SocialPostRef'] | null;
            /** @description The post this one quotes. */
            quote_of: components['schemas']['SocialPostRef'] | null;
            /** @description Set on a repost (Bluesky) or boost (Mastodon) in a list: the post shown is the original. */
            reposted_by: {
                author: components['schemas']['SocialAuthor'];
                /** @description When it was reposted. */
                at: string | null;
            } | null;
            /** @description Marked sensitive (Mastodon) or labelled adult/graphic (Bluesky). */
            sensitive: boolean;
            /** @description Mastodon spoiler text. */
            content_warning: string | null;
            /** @description Hacker News: the item was deleted. */
            deleted: boolean;
            /** @description Hacker News: the item is dead (flagged or killed). */
            dead: boolean;
            /** @description With `?include=raw` only: the upstream's own object, unchanged. */
            raw?: unknown;
        };
        /** @description A post of a flattened tree, depth first: render in order. */
        SocialThreadEntry: {
            /** @description 1: answers the root directly; 2: answers a depth-1 entry... */
            depth: number;
            post: components['schemas']['SocialPost'];
        };
        /** @description A Mastodon hashtag. */
        SocialTag: {
            name: string;
            /** @description The Mastodon instance that answered. */
            instance: string;
            url: string | null;
            /** @description Daily use on that instance, newest first, as Mastodon reports it. */
            history: {
                /**
                 * Format: date
                 * @description UTC day.
                 */
                day: string;
                uses: number;
                accounts: number;
            }[];
            /** @description With `?include=raw` only: the upstream's own object, unchanged. */
            raw?: unknown;
        };
        /** @description Cursors are opaque and signed: bound to the network, instance, endpoint and query they came from, valid for 24 hours. An altered or borrowed cursor is 422 `invalid_request`. */
        SocialPagination: {
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
            /** @description The page size that applied, after clamping. */
            limit: number;
            /** @description Mastodon: the page of newer posts. */
            prev_cursor?: string | null;
        };
        SocialMeta: {
            /**
             * @description The social API is a beta: shapes may still change.
             * @enum {boolean}
             */
            beta: true;
            /** @description The network's HTTP status for the main call. */
            upstream_status: number;
            /** @description True when the whole answer came from our short cache. */
            cached: boolean;
            /**
             * Format: date-time
             * @description When the oldest data in the answer was fetched.
             */
            fetched_at: string;
            /** @description Threads and comment trees: a depth or size bound cut the answer short. */
            truncated?: boolean;
        };
        /** @description One profile. */
        SocialProfileEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: components['schemas']['SocialProfile'];
            meta: components['schemas']['SocialMeta'];
        };
        /** @description Several profiles at once. */
        SocialProfileBatchEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: {
                /** @description In the order asked, duplicates once (handles compare without regard to case). */
                profiles: components['schemas']['SocialProfile'][];
                /** @description The actors asked for that the network does not know. */
                not_found: string[];
            };
            meta: components['schemas']['SocialMeta'];
        };
        /** @description One post. */
        SocialPostEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: components['schemas']['SocialPost'];
            meta: components['schemas']['SocialMeta'];
        };
        /** @description A page of posts. */
        SocialPostListEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: components['schemas']['SocialPost'][];
            pagination: components['schemas']['SocialPagination'];
            meta: components['schemas']['SocialMeta'];
        };
        /** @description A post with its ancestors and replies. */
        SocialThreadEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: {
                post: components['schemas']['SocialPost'];
                /** @description The posts above it, root first. */
                ancestors: components['schemas']['SocialPost'][];
                /** @description The replies below it, depth first. */
                replies: components['schemas']['SocialThreadEntry'][];
            };
            meta: components['schemas']['SocialMeta'];
        };
        /** @description A page of a comment tree, depth first; pages go over the top-level comments. */
        SocialCommentListEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: components['schemas']['SocialThreadEntry'][];
            pagination: components['schemas']['SocialPagination'];
            meta: components['schemas']['SocialMeta'];
        };
        /** @description A hashtag. */
        SocialTagEnvelope: {
            /** @description Also sent as X-Request-Id; quote it when asking for help. */
            request_id: string;
            /**
             * @description The network that answered.
             * @enum {string}
             */
            network: 'bluesky' | 'mastodon' | 'hackernews';
            data: components['schemas']['SocialTag'];
            meta: components['schemas']['SocialMeta'];
        };
        /** @description The social platforms that serve, what each offers, and what is excluded. */
        SocialPlatforms: {
            request_id: string;
            data: {
                platforms: {
                    /**
                     * @description Network id, as in every envelope.
                     * @enum {string}
                     */
                    network: 'bluesky' | 'mastodon' | 'hackernews';
                    name: string;
                    /** @enum {string} */
                    status: 'beta';
                    /** @description Where the data comes from. */
                    source: string;
                    /** @description Mastodon: the allowlisted instances; the first is the default. */
                    instances?: string[];
                    endpoints: {
                        /** @enum {string} */
                        method: 'GET';
                        path: string;
                        summary: string;
                    }[];
                }[];
                excluded: {
                    /**
                     * @description Network id.
                     * @enum {string}
                     */
                    network: 'bluesky' | 'mastodon' | 'hackernews';
                    feature: string;
                    /** @description The error code these paths answer. */
                    code: string;
                    paths: string[];
                    reason: string;
                }[];
            };
            meta: {
                /** @enum {boolean} */
                beta: true;
            };
        };
        /** @description The signed-in account. */
        Account: {
            /** @example acct_4fQ2x9LmT0aZ8bY1cD3e */
            id: string;
            email: string;
            email_verified: boolean;
            /** @description The plan: `trial` until an operator moves the account to a paid plan. */
            plan: string;
            /** Format: date-time */
            created_at: string;
            /** @description The trial: 30 days and 1,000 requests across all keys of the account. */
            trial: {
                /**
                 * Format: date-time
                 * @description 30 days after the address was verified.
                 */
                ends_at: string;
                days_left: number;
                requests_used: number;
                requests_left: number;
                /** @description Billable requests the trial includes: 1,000. */
                requests_included: number;
            };
        };
        Session: {
            /** @description Send it in `x-csrf-token` with every state-changing call of this session. */
            csrf_token: string;
            account: components['schemas']['Account'];
        };
        /** @description An API key as listed. The key itself is never shown again. */
        ApiKey: {
            /** @example key_7hJ2k4LmN6pQ8rS0tU2v */
            id: string;
            name: string;
            scopes: ('proxy' | 'read')[];
            /**
             * @description The first 12 characters of the key, to recognise it.
             * @example sp_live_AbCd…
             */
            prefix: string;
            /** Format: date-time */
            created_at: string;
            /** @description Last data-plane request with this key, to the minute; null when never used. */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description Revoked keys only (`revoked=include`): when.
             */
            revoked_at?: string;
            /** @description Revoked keys only: from the dashboard, with the account’s deletion, or by an operator. No address is kept. */
            revoked_from?: 'dashboard' | 'account_deleted' | 'admin';
        };
        /** @description An amount in USD, as a decimal string and as integer cents. */
        Money: {
            /**
             * @description Decimal US dollars, always two decimals.
             * @example 25.00
             */
            usd: string;
            /**
             * @description The same amount in integer cents.
             * @example 2500
             */
            cents: number;
        };
        /** @description A plan of the catalog. */
        Plan: {
            /**
             * @description The plan.
             * @enum {string}
             */
            id: 'trial' | 'entry' | 'growth' | 'scale';
            name: string;
            monthly_fee: components['schemas']['Money'];
            /** @description Billable requests included: per calendar month (UTC) on a paid plan, in total on the trial. */
            included_requests: number;
            /** @description The price of 1,000 requests beyond the included ones, prorated per request; the month’s overage is rounded up to the whole cent. Null on the trial, which stops at its allowance instead. */
            overage_per_1000: components['schemas']['Money'] | null;
            /** @description The trial only: days from e-mail verification. */
            trial_days: number | null;
            /** @description Rate limits per account; an operator may raise them for one account by contract. */
            limits: {
                /** @description POST /v2/proxy/fetch per account. */
                fetch_per_minute: number;
                /** @description Fetches to any one target host per account. */
                host_per_minute: number;
                /** @description All other endpoints per account. */
                general_per_minute: number;
                /** @description Fetches of one account running at the same time. */
                in_flight: number;
            };
        };
        /** @description The plan catalog. */
        PlanList: {
            /** @enum {string} */
            currency: 'USD';
            plans: components['schemas']['Plan'][];
        };
        DayUsage: {
            /**
             * Format: date
             * @description A UTC day.
             */
            day: string;
            /** @description Billable requests (fetches that returned an envelope). */
            requests: number;
            /** @description Body bytes of those fetches, after content decoding. */
            bytes: number;
        };
        /** @description The current billing period so far. Counts lag by about a second. */
        Usage: {
            /** @description The billing period: the current calendar month in UTC. */
            period: {
                /** @example 2026-03 */
                month: string;
                /**
                 * Format: date-time
                 * @description The 1st of the month, 00:00 UTC.
                 */
                start: string;
                /**
                 * Format: date-time
                 * @description The 1st of the next month, 00:00 UTC (excluded).
                 */
                end: string;
            };
            /**
             * @description The plan the account is on now.
             * @enum {string}
             */
            plan: 'trial' | 'entry' | 'growth' | 'scale';
            /**
             * @description The plan this month is billed on: the last paid plan the account had this month (a change mid-month bills the whole month on the new plan), else `trial`.
             * @enum {string}
             */
            billed_plan: 'trial' | 'entry' | 'growth' | 'scale';
            requests: {
                /** @description Billable requests this month so far. */
                used: number;
                /** @description Included in the billed plan. */
                included: number;
                /** @description Beyond the included ones. */
                overage: number;
            };
            /** @description Body bytes of this month’s billable requests. */
            bytes: number;
            /** @description What this month costs so far. Excludes taxes. */
            charge: {
                plan_fee: components['schemas']['Money'];
                overage_per_1000: components['schemas']['Money'] | null;
                overage: components['schemas']['Money'];
                total: components['schemas']['Money'];
            };
            /** @description The account’s own monthly cap, or null. Fetches that would pass it get `spend_cap_reached`. */
            spend_cap: components['schemas']['Money'] | null;
            /** @description The trial, for an account on it; null on a paid plan. */
            trial: {
                /**
                 * Format: date-time
                 * @description 30 days after e-mail verification.
                 */
                ends_at: string;
                days_left: number;
                /** @description In total, not per month. */
                requests_used: number;
                requests_left: number;
                requests_included: number;
            } | null;
            /** @description Every day of the period up to today (UTC), days without requests included. */
            days: components['schemas']['DayUsage'][];
        };
        /** @description The account’s monthly spending cap. */
        SpendCap: {
            /** @description The cap now; null: none. */
            spend_cap: components['schemas']['Money'] | null;
        };
        /** @description Every region, in service or not, from the answering gateway's own health probes, sampled each minute and kept in its memory: a gateway that just started has no history yet. */
        PublicStatus: {
            /** @description `operational`: every region in service; `degraded`: some; `outage`: none. */
            summary: 'operational' | 'degraded' | 'outage';
            /** @description The summary in words, e.g. "All systems operational". */
            headline: string;
            regions: {
                region: components['schemas']['Region'];
                cloud_region: string;
                in_service: boolean;
                nodes_in_service: number;
                /** @description Share of the sampled last 24 hours the region was in service. */
                availability_24h: number | null;
                /** @description The last 24 hours, oldest first; the last is now. */
                history: {
                    /**
                     * Format: date-time
                     * @description Start of the hour (UTC).
                     */
                    hour: string;
                    /** @description Share of that hour in service; null when this gateway has no sample. */
                    availability: number | null;
                }[];
            }[];
        };
        /** @description The fetch envelope with the body cut to a preview. */
        PlaygroundResult: {
            /** @description The target's own HTTP status. */
            status: number;
            region_used: components['schemas']['Region'];
            public_ip: string;
            device_id: string;
            final_url: string;
            redirects: number;
            content_type: string;
            bytes: number;
            elapsed_ms: number;
            /** @description The first 16384 characters of the body (`result`). */
            preview: string;
            preview_truncated: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    fetch: {
        parameters: {
            query?: {
                /** @description Where the fetch goes out: us-east (us-east-1), us-west (us-west-2) or europe (eu-west-1). Omitted: the first region in service in the order us-east, us-west, europe. */
                region?: 'us-east' | 'us-west' | 'europe';
            };
            header?: {
                /**
                 * @description Optional. Runs the fetch at most once per key: a retry with the same key, url and region gets the stored answer with `Idempotency-Replayed: true` for 24 h. 1 to 128 visible ASCII characters (a UUID is ideal); the quoted form `"..."` of the IETF draft is accepted too.
                 * @example 8e03978e-40d5-43e8-bc93-6894a57f9324
                 */
                'idempotency-key'?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The body takes `url` and nothing else; `region` here is refused with 422. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description Absolute http or https URL to fetch, without user:password. The body takes nothing else.
                     * @example https://example.com/
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The flat fetch envelope. */
            200: {
                headers: {
                    /** @description Present on a replay: the stored answer of an earlier request with this Idempotency-Key. */
                    'Idempotency-Replayed'?: 'true';
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "result": "<!doctype html><html>…</html>",
                     *       "status": 200,
                     *       "region_used": "us-east",
                     *       "public_ip": "203.0.113.7",
                     *       "device_id": "node_europe_74ca0d0aa3",
                     *       "final_url": "https://example.com/",
                     *       "redirects": 0,
                     *       "content_type": "text/html; charset=UTF-8",
                     *       "bytes": 1256,
                     *       "elapsed_ms": 84
                     *     }
                     */
                    'application/json': components['schemas']['FetchEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `trial_expired` (Trial expired), `trial_exhausted` (Trial requests used up), `spend_cap_reached` (Spending cap reached). */
            402: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#trial_expired",
                     *       "title": "Trial expired",
                     *       "status": 402,
                     *       "detail": "What happened, for people.",
                     *       "code": "trial_expired",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'trial_expired' | 'trial_exhausted' | 'spend_cap_reached';
                    };
                };
            };
            /** @description Error. Codes: `target_not_permitted` (Target not permitted), `missing_scope` (Missing scope). */
            403: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#target_not_permitted",
                     *       "title": "Target not permitted",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "target_not_permitted",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'target_not_permitted' | 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `idempotency_in_flight` (Idempotent request in flight). */
            409: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `idempotency_in_flight`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#idempotency_in_flight",
                     *       "title": "Idempotent request in flight",
                     *       "status": 409,
                     *       "detail": "What happened, for people.",
                     *       "code": "idempotency_in_flight",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'idempotency_in_flight';
                    };
                };
            };
            /** @description Error. Codes: `idempotency_answer_not_kept` (Idempotent answer not kept). */
            410: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#idempotency_answer_not_kept",
                     *       "title": "Idempotent answer not kept",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "idempotency_answer_not_kept",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'idempotency_answer_not_kept';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request), `unknown_region` (Unknown region), `idempotency_key_reused` (Idempotency key reused). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request' | 'unknown_region' | 'idempotency_key_reused';
                    };
                };
            };
            /** @description Error. Codes: `target_rate_limited` (Per-target rate limit exceeded), `idempotency_budget_spent` (Idempotency storage budget spent), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `target_rate_limited`, `idempotency_budget_spent`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#target_rate_limited",
                     *       "title": "Per-target rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "target_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'target_rate_limited' | 'idempotency_budget_spent' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `too_many_redirects` (Too many redirects), `response_too_large` (Response too large), `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_redirects",
                     *       "title": "Too many redirects",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_redirects",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_redirects' | 'response_too_large' | 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `region_out_of_service` (Region out of service), `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#region_out_of_service",
                     *       "title": "Region out of service",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "region_out_of_service",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'region_out_of_service' | 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listRegions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "regions": [
                     *         {
                     *           "region": "us-east",
                     *           "cloud_region": "cloud_region",
                     *           "nodes_in_service": 1
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': components['schemas']['RegionList'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    fleetStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "regions": [
                     *         {
                     *           "region": "us-east",
                     *           "cloud_region": "cloud_region",
                     *           "in_service": true
                     *         }
                     *       ],
                     *       "nodes": [
                     *         {
                     *           "device_id": "node_europe_74ca0d0aa3",
                     *           "region": "us-east",
                     *           "health": "healthy",
                     *           "draining": true,
                     *           "in_service": true,
                     *           "last_check_at": "2026-03-02T09:00:00.000Z",
                     *           "in_flight": 1,
                     *           "latency_ms": 1
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': components['schemas']['FleetStatus'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    publicStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every region, in service or not, from the answering gateway's own health probes, sampled each minute and kept in its memory: a gateway that just started has no history yet. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "summary": "operational",
                     *       "headline": "headline",
                     *       "regions": [
                     *         {
                     *           "region": "us-east",
                     *           "cloud_region": "cloud_region",
                     *           "in_service": true,
                     *           "nodes_in_service": 1,
                     *           "availability_24h": 1,
                     *           "history": [
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "region": "us-east",
                     *           "cloud_region": "cloud_region",
                     *           "in_service": true,
                     *           "nodes_in_service": 1,
                     *           "availability_24h": 1,
                     *           "history": [
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             }
                     *           ]
                     *         },
                     *         {
                     *           "region": "us-east",
                     *           "cloud_region": "cloud_region",
                     *           "in_service": true,
                     *           "nodes_in_service": 1,
                     *           "availability_24h": 1,
                     *           "history": [
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             },
                     *             {
                     *               "hour": "2026-03-02T09:00:00.000Z",
                     *               "availability": 1
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': components['schemas']['PublicStatus'];
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    listUserAgents: {
        parameters: {
            query?: {
                /** @description Only strings of this browser. */
                browser?: 'chrome' | 'safari' | 'firefox' | 'edge';
                /** @description Only strings of this operating system. */
                os?: 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'ipados';
                /** @description Only strings of this kind of device. */
                device_type?: 'desktop' | 'mobile' | 'tablet';
                /**
                 * @description At most this many entries (1 to 100), counted after the other filters. Omitted: all.
                 * @example 1
                 */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching entries. */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_agents": [
                     *         {
                     *           "id": "chrome-157-windows",
                     *           "user_agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
                     *           "browser": "chrome",
                     *           "browser_version": "browser_version",
                     *           "os": "windows",
                     *           "os_version": "os_version",
                     *           "device_type": "desktop"
                     *         }
                     *       ],
                     *       "count": 1
                     *     }
                     */
                    'application/json': components['schemas']['UserAgentList'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'ok';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {}
                     *     }
                     */
                    'application/json': {
                        status: 'ready' | 'not_ready' | 'draining';
                        checks: {
                            [key: string]: 'ok' | 'failing';
                        };
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {}
                     *     }
                     */
                    'application/json': {
                        status: 'ready' | 'not_ready' | 'draining';
                        checks: {
                            [key: string]: 'ok' | 'failing';
                        };
                    };
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in account. */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "acct_4fQ2x9LmT0aZ8bY1cD3e",
                     *       "email": "you@example.com",
                     *       "email_verified": true,
                     *       "plan": "plan",
                     *       "created_at": "2026-03-02T09:00:00.000Z",
                     *       "trial": {
                     *         "ends_at": "2026-03-02T09:00:00.000Z",
                     *         "days_left": 1,
                     *         "requests_used": 1,
                     *         "requests_left": 1,
                     *         "requests_included": 1
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['Account'];
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description An e-mail address, at most 254 characters.
                     * @example ann@example.com
                     */
                    email: string;
                    /** @description 10 to 128 characters; any characters, spaces included. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A confirmation mail is on its way (if the address can have one). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "verification_sent"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'verification_sent';
                    };
                };
            };
            /** @description Error. Codes: `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#csrf_failed",
                     *       "title": "CSRF check failed",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "csrf_failed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `auth_busy` (Password checks busy), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `auth_busy`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#auth_busy",
                     *       "title": "Password checks busy",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "auth_busy",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'auth_busy' | 'database_unavailable';
                    };
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "vf_8a6c1e2b9d4f4e7a"
                 *     }
                 */
                'application/json': {
                    /** @description The token from the link in the mail. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The address is confirmed; sign in. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "verified"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'verified';
                    };
                };
            };
            /** @description Error. Codes: `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#csrf_failed",
                     *       "title": "CSRF check failed",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "csrf_failed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_token` (Invalid or expired link), `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_token",
                     *       "title": "Invalid or expired link",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_token",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_token' | 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#database_unavailable",
                     *       "title": "Database unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "database_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'database_unavailable';
                    };
                };
            };
        };
    };
    resendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description An e-mail address, at most 254 characters.
                     * @example ann@example.com
                     */
                    email: string;
                    /** @description 10 to 128 characters; any characters, spaces included. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description A mail is on its way if the address is waiting for one. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "verification_sent"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'verification_sent';
                    };
                };
            };
            /** @description Error. Codes: `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#csrf_failed",
                     *       "title": "CSRF check failed",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "csrf_failed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `auth_busy` (Password checks busy), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `auth_busy`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#auth_busy",
                     *       "title": "Password checks busy",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "auth_busy",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'auth_busy' | 'database_unavailable';
                    };
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description An e-mail address, at most 254 characters.
                     * @example ann@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description A reset mail is on its way if the address has an account. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "reset_sent"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'reset_sent';
                    };
                };
            };
            /** @description Error. Codes: `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#csrf_failed",
                     *       "title": "CSRF check failed",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "csrf_failed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#database_unavailable",
                     *       "title": "Database unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "database_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'database_unavailable';
                    };
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "vf_8a6c1e2b9d4f4e7a",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    /** @description The token from the link in the mail. */
                    token: string;
                    /** @description 10 to 128 characters; any characters, spaces included. */
                    password: string;
                };
            };
        };
        responses: {
            /** @description The new password is set; sign in with it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "password_changed"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'password_changed';
                    };
                };
            };
            /** @description Error. Codes: `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#csrf_failed",
                     *       "title": "CSRF check failed",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "csrf_failed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_token` (Invalid or expired link), `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_token",
                     *       "title": "Invalid or expired link",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_token",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_token' | 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `auth_busy` (Password checks busy), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `auth_busy`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#auth_busy",
                     *       "title": "Password checks busy",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "auth_busy",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'auth_busy' | 'database_unavailable';
                    };
                };
            };
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "current_password",
                 *       "new_password": "new_password"
                 *     }
                 */
                'application/json': {
                    current_password: string;
                    /** @description 10 to 128 characters; any characters, spaces included. */
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Changed. */
            204: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `invalid_credentials` (Wrong e-mail or password). */
            401: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_credentials",
                     *       "title": "Wrong e-mail or password",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_credentials",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_credentials';
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    changeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "new_email": "ann@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description An e-mail address, at most 254 characters.
                     * @example ann@example.com
                     */
                    new_email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description A link is on its way to the new address. */
            202: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "pending"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'pending';
                    };
                };
            };
            /** @description Error. Codes: `invalid_credentials` (Wrong e-mail or password). */
            401: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_credentials",
                     *       "title": "Wrong e-mail or password",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_credentials",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_credentials';
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    confirmEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "vf_8a6c1e2b9d4f4e7a"
                 *     }
                 */
                'application/json': {
                    /** @description The token from the link in the mail. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description The account uses the new address now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "changed"
                     *     }
                     */
                    'application/json': {
                        /** @enum {string} */
                        status: 'changed';
                    };
                };
            };
            /** @description Error. Codes: `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#csrf_failed",
                     *       "title": "CSRF check failed",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "csrf_failed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_token` (Invalid or expired link), `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_token",
                     *       "title": "Invalid or expired link",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_token",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_token' | 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#database_unavailable",
                     *       "title": "Database unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "database_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'database_unavailable';
                    };
                };
            };
        };
    };
    twoFactorState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "enabled": true,
                     *       "recovery_codes_left": 1
                     *     }
                     */
                    'application/json': {
                        enabled: boolean;
                        recovery_codes_left: number;
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    beginTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "secret",
                     *       "otpauth_uri": "otpauth_uri"
                     *     }
                     */
                    'application/json': {
                        /** @description Base32, for typing into the authenticator app. */
                        secret: string;
                        /** @description The same as an `otpauth://totp/...` URI. */
                        otpauth_uri: string;
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    confirmTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "492039"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description The 6-digit code the app shows.
                     * @example 492039
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "recovery_codes": [
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes",
                     *         "recovery_codes"
                     *       ]
                     *     }
                     */
                    'application/json': {
                        recovery_codes: string[];
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    disableTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Off. */
            204: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `invalid_credentials` (Wrong e-mail or password). */
            401: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_credentials",
                     *       "title": "Wrong e-mail or password",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_credentials",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_credentials';
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Deleted; the session cookie is cleared. */
            204: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `invalid_credentials` (Wrong e-mail or password). */
            401: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_credentials",
                     *       "title": "Wrong e-mail or password",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_credentials",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_credentials';
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "csrf_token": "csrf_token",
                     *       "account": {
                     *         "id": "acct_4fQ2x9LmT0aZ8bY1cD3e",
                     *         "email": "you@example.com",
                     *         "email_verified": true,
                     *         "plan": "plan",
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "trial": {
                     *           "ends_at": "2026-03-02T09:00:00.000Z",
                     *           "days_left": 1,
                     *           "requests_used": 1,
                     *           "requests_left": 1,
                     *           "requests_included": 1
                     *         }
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['Session'];
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ann@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description An e-mail address, at most 254 characters.
                     * @example ann@example.com
                     */
                    email: string;
                    password: string;
                    /** @description Accounts with two-factor sign-in: the 6-digit code of the authenticator app, or a recovery code. Without it such an account gets 401 `totp_required`; a wrong code counts as a failed sign-in. */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "csrf_token": "csrf_token",
                     *       "account": {
                     *         "id": "acct_4fQ2x9LmT0aZ8bY1cD3e",
                     *         "email": "you@example.com",
                     *         "email_verified": true,
                     *         "plan": "plan",
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "trial": {
                     *           "ends_at": "2026-03-02T09:00:00.000Z",
                     *           "days_left": 1,
                     *           "requests_used": 1,
                     *           "requests_left": 1,
                     *           "requests_included": 1
                     *         }
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['Session'];
                };
            };
            /** @description Error. Codes: `invalid_credentials` (Wrong e-mail or password), `totp_required` (Two-factor code required). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_credentials",
                     *       "title": "Wrong e-mail or password",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_credentials",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_credentials' | 'totp_required';
                    };
                };
            };
            /** @description Error. Codes: `email_not_verified` (E-mail address not verified), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#email_not_verified",
                     *       "title": "E-mail address not verified",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "email_not_verified",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'email_not_verified' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `too_many_attempts` (Too many attempts). */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `too_many_attempts`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_attempts",
                     *       "title": "Too many attempts",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_attempts",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_attempts';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `auth_busy` (Password checks busy), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again. Sent with `auth_busy`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#auth_busy",
                     *       "title": "Password checks busy",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "auth_busy",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'auth_busy' | 'database_unavailable';
                    };
                };
            };
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out. */
            204: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    signOutEverywhere: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every session ended. */
            204: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    listKeys: {
        parameters: {
            query?: {
                /** @description `include`: revoked keys too, with when and from where. */
                revoked?: 'include';
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "id": "key_7hJ2k4LmN6pQ8rS0tU2v",
                     *           "name": "ci",
                     *           "scopes": [
                     *             "proxy"
                     *           ],
                     *           "prefix": "sp_live_AbCd…",
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "last_used_at": "2026-03-02T09:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': {
                        keys: components['schemas']['ApiKey'][];
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    createKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "ci",
                 *       "scopes": [
                 *         "proxy"
                 *       ]
                 *     }
                 */
                'application/json': {
                    /** @description For people: where the key is used. */
                    name: string;
                    /** @description `proxy`: fetch, regions, status. `read`: the user-agent catalog and usage. */
                    scopes: ('proxy' | 'read')[];
                };
            };
        };
        responses: {
            /** @description The new key. */
            201: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_2b7c9d1e",
                     *       "key": "sp_live_8sK2mQ9xLr4Tz7Vb1Nc5Yd3Wf6Hj0Ga2Pe1Xu",
                     *       "name": "ci",
                     *       "scopes": [
                     *         "proxy"
                     *       ],
                     *       "prefix": "prefix",
                     *       "created_at": "2026-03-02T09:00:00.000Z"
                     *     }
                     */
                    'application/json': {
                        id: string;
                        /**
                         * @description The API key, shown this once and never again: only its SHA-256 is kept. Keep it server-side.
                         * @example sp_live_8sK2mQ9xLr4Tz7Vb1Nc5Yd3Wf6Hj0Ga2Pe1Xu
                         */
                        key: string;
                        name: string;
                        scopes: ('proxy' | 'read')[];
                        prefix: string;
                        /** Format: date-time */
                        created_at: string;
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    revokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key id, `key_…`. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    playgroundFetch: {
        parameters: {
            query?: {
                /** @description Where the fetch goes out: us-east (us-east-1), us-west (us-west-2) or europe (eu-west-1). Omitted: the first region in service in the order us-east, us-west, europe. */
                region?: 'us-east' | 'us-west' | 'europe';
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The body takes `url` and nothing else; `region` here is refused with 422. */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description Absolute http or https URL to fetch, without user:password. The body takes nothing else.
                     * @example https://example.com/
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The fetch envelope with the body cut to a preview. */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": 200,
                     *       "region_used": "us-east",
                     *       "public_ip": "203.0.113.7",
                     *       "device_id": "node_europe_74ca0d0aa3",
                     *       "final_url": "https://example.com/",
                     *       "redirects": 0,
                     *       "content_type": "text/html; charset=UTF-8",
                     *       "bytes": 1256,
                     *       "elapsed_ms": 84,
                     *       "preview": "preview",
                     *       "preview_truncated": true
                     *     }
                     */
                    'application/json': components['schemas']['PlaygroundResult'];
                };
            };
            /** @description Error. Codes: `trial_expired` (Trial expired), `trial_exhausted` (Trial requests used up), `spend_cap_reached` (Spending cap reached). */
            402: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#trial_expired",
                     *       "title": "Trial expired",
                     *       "status": 402,
                     *       "detail": "What happened, for people.",
                     *       "code": "trial_expired",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'trial_expired' | 'trial_exhausted' | 'spend_cap_reached';
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed), `target_not_permitted` (Target not permitted). */
            403: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed' | 'target_not_permitted';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request), `unknown_region` (Unknown region). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request' | 'unknown_region';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded), `target_rate_limited` (Per-target rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`, `target_rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited' | 'target_rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `too_many_redirects` (Too many redirects), `response_too_large` (Response too large), `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#too_many_redirects",
                     *       "title": "Too many redirects",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "too_many_redirects",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'too_many_redirects' | 'response_too_large' | 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable), `region_out_of_service` (Region out of service), `no_healthy_endpoints` (No healthy endpoints). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`, `no_healthy_endpoints`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable' | 'region_out_of_service' | 'no_healthy_endpoints';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current billing period so far. Counts lag by about a second. */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "period": {
                     *         "month": "2026-03",
                     *         "start": "2026-03-02T09:00:00.000Z",
                     *         "end": "2026-03-02T09:00:00.000Z"
                     *       },
                     *       "plan": "trial",
                     *       "billed_plan": "trial",
                     *       "requests": {
                     *         "used": 1,
                     *         "included": 1,
                     *         "overage": 1
                     *       },
                     *       "bytes": 1256,
                     *       "charge": {
                     *         "plan_fee": {
                     *           "usd": "25.00",
                     *           "cents": 2500
                     *         },
                     *         "overage_per_1000": {
                     *           "usd": "25.00",
                     *           "cents": 2500
                     *         },
                     *         "overage": {
                     *           "usd": "25.00",
                     *           "cents": 2500
                     *         },
                     *         "total": {
                     *           "usd": "25.00",
                     *           "cents": 2500
                     *         }
                     *       },
                     *       "spend_cap": {
                     *         "usd": "25.00",
                     *         "cents": 2500
                     *       },
                     *       "trial": {
                     *         "ends_at": "2026-03-02T09:00:00.000Z",
                     *         "days_left": 1,
                     *         "requests_used": 1,
                     *         "requests_left": 1,
                     *         "requests_included": 1
                     *       },
                     *       "days": [
                     *         {
                     *           "day": "2026-03-02",
                     *           "requests": 1,
                     *           "bytes": 1256
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': components['schemas']['Usage'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    getAccountUsage: {
        parameters: {
            query?: {
                /**
                 * @description How many days, ending today (UTC), `recent_days` holds: 1 to 90. Default 30.
                 * @example 30
                 */
                days?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This month so far, and the last days for a chart. */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "usage": {
                     *         "period": {
                     *           "month": "2026-03",
                     *           "start": "2026-03-02T09:00:00.000Z",
                     *           "end": "2026-03-02T09:00:00.000Z"
                     *         },
                     *         "plan": "trial",
                     *         "billed_plan": "trial",
                     *         "requests": {
                     *           "used": 1,
                     *           "included": 1,
                     *           "overage": 1
                     *         },
                     *         "bytes": 1256,
                     *         "charge": {
                     *           "plan_fee": {
                     *             "usd": "25.00",
                     *             "cents": 2500
                     *           },
                     *           "overage_per_1000": {
                     *             "usd": "25.00",
                     *             "cents": 2500
                     *           },
                     *           "overage": {
                     *             "usd": "25.00",
                     *             "cents": 2500
                     *           },
                     *           "total": {
                     *             "usd": "25.00",
                     *             "cents": 2500
                     *           }
                     *         },
                     *         "spend_cap": {
                     *           "usd": "25.00",
                     *           "cents": 2500
                     *         },
                     *         "trial": {
                     *           "ends_at": "2026-03-02T09:00:00.000Z",
                     *           "days_left": 1,
                     *           "requests_used": 1,
                     *           "requests_left": 1,
                     *           "requests_included": 1
                     *         },
                     *         "days": [
                     *           {
                     *             "day": "2026-03-02",
                     *             "requests": 1,
                     *             "bytes": 1256
                     *           }
                     *         ]
                     *       },
                     *       "recent_days": [
                     *         {
                     *           "day": "2026-03-02",
                     *           "requests": 1,
                     *           "bytes": 1256
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': {
                        usage: components['schemas']['Usage'];
                        /** @description One row per UTC day, oldest first, ending today; days without requests included. */
                        recent_days: components['schemas']['DayUsage'][];
                    };
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    setSpendCap: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "cap_usd": "40.00"
                 *     }
                 */
                'application/json': {
                    /**
                     * @description The most this account may be charged in a calendar month (UTC), in decimal US dollars with at most 2 decimals, from the plan’s monthly fee up to 1000000.00; null removes the cap.
                     * @example 40.00
                     */
                    cap_usd: string | null;
                };
            };
        };
        responses: {
            /** @description The account’s monthly spending cap. */
            200: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "spend_cap": {
                     *         "usd": "25.00",
                     *         "cents": 2500
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SpendCap'];
                };
            };
            /** @description Error. Codes: `session_required` (Dashboard session required), `csrf_failed` (CSRF check failed). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#session_required",
                     *       "title": "Dashboard session required",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "session_required",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'session_required' | 'csrf_failed';
                    };
                };
            };
            /** @description Error. Codes: `payload_too_large` (Request body too large). */
            413: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#payload_too_large",
                     *       "title": "Request body too large",
                     *       "status": 413,
                     *       "detail": "What happened, for people.",
                     *       "code": "payload_too_large",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'payload_too_large';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    listPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan catalog. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "currency": "USD",
                     *       "plans": [
                     *         {
                     *           "id": "trial",
                     *           "name": "ci",
                     *           "monthly_fee": {
                     *             "usd": "25.00",
                     *             "cents": 2500
                     *           },
                     *           "included_requests": 1,
                     *           "overage_per_1000": {
                     *             "usd": "25.00",
                     *             "cents": 2500
                     *           },
                     *           "trial_days": 1,
                     *           "limits": {
                     *             "fetch_per_minute": 1,
                     *             "host_per_minute": 1,
                     *             "general_per_minute": 1,
                     *             "in_flight": 1
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    'application/json': components['schemas']['PlanList'];
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    withdrawnGetSerp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `serp_withdrawn` (Search endpoint withdrawn). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#serp_withdrawn",
                     *       "title": "Search endpoint withdrawn",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "serp_withdrawn",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'serp_withdrawn';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    withdrawnPostSerp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `serp_withdrawn` (Search endpoint withdrawn). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#serp_withdrawn",
                     *       "title": "Search endpoint withdrawn",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "serp_withdrawn",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'serp_withdrawn';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    withdrawnGetSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `serp_withdrawn` (Search endpoint withdrawn). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#serp_withdrawn",
                     *       "title": "Search endpoint withdrawn",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "serp_withdrawn",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'serp_withdrawn';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    withdrawnPostSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `serp_withdrawn` (Search endpoint withdrawn). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#serp_withdrawn",
                     *       "title": "Search endpoint withdrawn",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "serp_withdrawn",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'serp_withdrawn';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    getBlueskyProfiles: {
        parameters: {
            query: {
                /**
                 * @description Comma-separated handles or DIDs, at most 25.
                 * @example bsky.app,atproto.com
                 */
                actors: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Several profiles at once. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "profiles": [
                     *           {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/",
                     *             "network": "bluesky",
                     *             "description": "description",
                     *             "description_html": "description_html",
                     *             "banner_url": "banner_url",
                     *             "created_at": "2026-03-02T09:00:00.000Z",
                     *             "bot": true,
                     *             "counts": {
                     *               "followers": 1,
                     *               "following": 1,
                     *               "posts": 1,
                     *               "karma": 1
                     *             }
                     *           }
                     *         ],
                     *         "not_found": [
                     *           "not_found"
                     *         ]
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialProfileBatchEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getBlueskyProfile: {
        parameters: {
            query?: {
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description A handle (`alice.bsky.social`) or a DID (`did:plc:...`).
                 * @example bsky.app
                 */
                actor: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One profile. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "id": "key_2b7c9d1e",
                     *         "handle": "handle",
                     *         "display_name": "display_name",
                     *         "avatar_url": "avatar_url",
                     *         "url": "https://example.com/",
                     *         "network": "bluesky",
                     *         "description": "description",
                     *         "description_html": "description_html",
                     *         "banner_url": "banner_url",
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "bot": true,
                     *         "counts": {
                     *           "followers": 1,
                     *           "following": 1,
                     *           "posts": 1,
                     *           "karma": 1
                     *         }
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialProfileEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listBlueskyPosts: {
        parameters: {
            query?: {
                /** @description Bluesky's feed filter; default posts_with_replies. */
                filter?: 'posts_with_replies' | 'posts_no_replies' | 'posts_with_media' | 'posts_and_author_threads' | 'posts_with_video';
                /** @description Page size, a whole number from 1 to 999, default 25; values above 100 are clamped to 100 (the answer's `pagination.limit` says which applied), anything else is 422 `invalid_request`. */
                limit?: string;
                /** @description The `next_cursor` (or `prev_cursor`) of the previous page. */
                cursor?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description A handle (`alice.bsky.social`) or a DID (`did:plc:...`).
                 * @example bsky.app
                 */
                actor: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": [
                     *         {
                     *           "id": "key_2b7c9d1e",
                     *           "network": "bluesky",
                     *           "kind": "post",
                     *           "url": "https://example.com/",
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "title": "Short title",
                     *           "text": "text",
                     *           "html": "html",
                     *           "link_url": "link_url",
                     *           "language": "language",
                     *           "counts": {
                     *             "replies": 1,
                     *             "reposts": 1,
                     *             "likes": 1,
                     *             "quotes": 1,
                     *             "score": 1
                     *           },
                     *           "media": [
                     *             {
                     *               "type": "image",
                     *               "url": "https://example.com/",
                     *               "preview_url": "preview_url",
                     *               "alt": "alt"
                     *             }
                     *           ],
                     *           "reply_to": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "thread_root": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "quote_of": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "reposted_by": {
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "at": "2026-03-02T09:00:00.000Z"
                     *           },
                     *           "sensitive": true,
                     *           "content_warning": "content_warning",
                     *           "deleted": true,
                     *           "dead": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor",
                     *         "has_more": true,
                     *         "limit": 1
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostListEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getBlueskyPost: {
        parameters: {
            query?: {
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description A handle (`alice.bsky.social`) or a DID (`did:plc:...`).
                 * @example bsky.app
                 */
                actor: string;
                /** @description The post's record key (the last URL segment). */
                rkey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One post. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "id": "key_2b7c9d1e",
                     *         "network": "bluesky",
                     *         "kind": "post",
                     *         "url": "https://example.com/",
                     *         "author": {
                     *           "id": "key_2b7c9d1e",
                     *           "handle": "handle",
                     *           "display_name": "display_name",
                     *           "avatar_url": "avatar_url",
                     *           "url": "https://example.com/"
                     *         },
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "title": "Short title",
                     *         "text": "text",
                     *         "html": "html",
                     *         "link_url": "link_url",
                     *         "language": "language",
                     *         "counts": {
                     *           "replies": 1,
                     *           "reposts": 1,
                     *           "likes": 1,
                     *           "quotes": 1,
                     *           "score": 1
                     *         },
                     *         "media": [
                     *           {
                     *             "type": "image",
                     *             "url": "https://example.com/",
                     *             "preview_url": "preview_url",
                     *             "alt": "alt"
                     *           }
                     *         ],
                     *         "reply_to": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "thread_root": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "quote_of": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "reposted_by": {
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "at": "2026-03-02T09:00:00.000Z"
                     *         },
                     *         "sensitive": true,
                     *         "content_warning": "content_warning",
                     *         "deleted": true,
                     *         "dead": true
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getBlueskyThread: {
        parameters: {
            query?: {
                /** @description Reply levels, 0 to 10 (default 6). */
                depth?: string;
                /** @description Ancestors, 0 to 50 (default 10). */
                parent_height?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description A handle (`alice.bsky.social`) or a DID (`did:plc:...`).
                 * @example bsky.app
                 */
                actor: string;
                /** @description The post's record key (the last URL segment). */
                rkey: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A post with its ancestors and replies. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "post": {
                     *           "id": "key_2b7c9d1e",
                     *           "network": "bluesky",
                     *           "kind": "post",
                     *           "url": "https://example.com/",
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "title": "Short title",
                     *           "text": "text",
                     *           "html": "html",
                     *           "link_url": "link_url",
                     *           "language": "language",
                     *           "counts": {
                     *             "replies": 1,
                     *             "reposts": 1,
                     *             "likes": 1,
                     *             "quotes": 1,
                     *             "score": 1
                     *           },
                     *           "media": [
                     *             {
                     *               "type": "image",
                     *               "url": "https://example.com/",
                     *               "preview_url": "preview_url",
                     *               "alt": "alt"
                     *             }
                     *           ],
                     *           "reply_to": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "thread_root": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "quote_of": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "reposted_by": {
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "at": "2026-03-02T09:00:00.000Z"
                     *           },
                     *           "sensitive": true,
                     *           "content_warning": "content_warning",
                     *           "deleted": true,
                     *           "dead": true
                     *         },
                     *         "ancestors": [
                     *           {
                     *             "id": "key_2b7c9d1e",
                     *             "network": "bluesky",
                     *             "kind": "post",
                     *             "url": "https://example.com/",
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "created_at": "2026-03-02T09:00:00.000Z",
                     *             "title": "Short title",
                     *             "text": "text",
                     *             "html": "html",
                     *             "link_url": "link_url",
                     *             "language": "language",
                     *             "counts": {
                     *               "replies": 1,
                     *               "reposts": 1,
                     *               "likes": 1,
                     *               "quotes": 1,
                     *               "score": 1
                     *             },
                     *             "media": [
                     *               {
                     *                 "type": "image",
                     *                 "url": "https://example.com/",
                     *                 "preview_url": "preview_url",
                     *                 "alt": "alt"
                     *               }
                     *             ],
                     *             "reply_to": {
                     *               "id": "key_2b7c9d1e",
                     *               "url": "https://example.com/"
                     *             },
                     *             "thread_root": {
                     *               "id": "key_2b7c9d1e",
                     *               "url": "https://example.com/"
                     *             },
                     *             "quote_of": {
                     *               "id": "key_2b7c9d1e",
                     *               "url": "https://example.com/"
                     *             },
                     *             "reposted_by": {
                     *               "author": {
                     *                 "id": "key_2b7c9d1e",
                     *                 "handle": "handle",
                     *                 "display_name": "display_name",
                     *                 "avatar_url": "avatar_url",
                     *                 "url": "https://example.com/"
                     *               },
                     *               "at": "2026-03-02T09:00:00.000Z"
                     *             },
                     *             "sensitive": true,
                     *             "content_warning": "content_warning",
                     *             "deleted": true,
                     *             "dead": true
                     *           }
                     *         ],
                     *         "replies": [
                     *           {
                     *             "depth": 1,
                     *             "post": {
                     *               "id": "key_2b7c9d1e",
                     *               "network": "bluesky",
                     *               "kind": "post",
                     *               "url": "https://example.com/",
                     *               "author": {
                     *                 "id": "key_2b7c9d1e",
                     *                 "handle": "handle",
                     *                 "display_name": "display_name",
                     *                 "avatar_url": "avatar_url",
                     *                 "url": "https://example.com/"
                     *               },
                     *               "created_at": "2026-03-02T09:00:00.000Z",
                     *               "title": "Short title",
                     *               "text": "text",
                     *               "html": "html",
                     *               "link_url": "link_url",
                     *               "language": "language",
                     *               "counts": {
                     *                 "replies": 1,
                     *                 "reposts": 1,
                     *                 "likes": 1,
                     *                 "quotes": 1,
                     *                 "score": 1
                     *               },
                     *               "media": [
                     *                 {
                     *                   "type": "image",
                     *                   "url": "https://example.com/",
                     *                   "preview_url": "preview_url",
                     *                   "alt": "alt"
                     *                 }
                     *               ],
                     *               "reply_to": {
                     *                 "id": "key_2b7c9d1e",
                     *                 "url": "https://example.com/"
                     *               },
                     *               "thread_root": {
                     *                 "id": "key_2b7c9d1e",
                     *                 "url": "https://example.com/"
                     *               },
                     *               "quote_of": {
                     *                 "id": "key_2b7c9d1e",
                     *                 "url": "https://example.com/"
                     *               },
                     *               "reposted_by": {
                     *                 "author": {
                     *                   "id": "key_2b7c9d1e",
                     *                   "handle": "handle",
                     *                   "display_name": "display_name",
                     *                   "avatar_url": "avatar_url",
                     *                   "url": "https://example.com/"
                     *                 },
                     *                 "at": "2026-03-02T09:00:00.000Z"
                     *               },
                     *               "sensitive": true,
                     *               "content_warning": "content_warning",
                     *               "deleted": true,
                     *               "dead": true
                     *             }
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialThreadEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    lookupBlueskyPost: {
        parameters: {
            query: {
                /**
                 * @description A bsky.app post URL or an at:// post URI.
                 * @example https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l
                 */
                url: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One post. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "id": "key_2b7c9d1e",
                     *         "network": "bluesky",
                     *         "kind": "post",
                     *         "url": "https://example.com/",
                     *         "author": {
                     *           "id": "key_2b7c9d1e",
                     *           "handle": "handle",
                     *           "display_name": "display_name",
                     *           "avatar_url": "avatar_url",
                     *           "url": "https://example.com/"
                     *         },
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "title": "Short title",
                     *         "text": "text",
                     *         "html": "html",
                     *         "link_url": "link_url",
                     *         "language": "language",
                     *         "counts": {
                     *           "replies": 1,
                     *           "reposts": 1,
                     *           "likes": 1,
                     *           "quotes": 1,
                     *           "score": 1
                     *         },
                     *         "media": [
                     *           {
                     *             "type": "image",
                     *             "url": "https://example.com/",
                     *             "preview_url": "preview_url",
                     *             "alt": "alt"
                     *           }
                     *         ],
                     *         "reply_to": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "thread_root": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "quote_of": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "reposted_by": {
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "at": "2026-03-02T09:00:00.000Z"
                     *         },
                     *         "sensitive": true,
                     *         "content_warning": "content_warning",
                     *         "deleted": true,
                     *         "dead": true
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    searchBluesky: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `search_excluded` (Search excluded). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#search_excluded",
                     *       "title": "Search excluded",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "search_excluded",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'search_excluded';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    searchBlueskyPosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `search_excluded` (Search excluded). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#search_excluded",
                     *       "title": "Search excluded",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "search_excluded",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'search_excluded';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    searchBlueskyActors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Error. Codes: `search_excluded` (Search excluded). */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#search_excluded",
                     *       "title": "Search excluded",
                     *       "status": 410,
                     *       "detail": "What happened, for people.",
                     *       "code": "search_excluded",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'search_excluded';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    getMastodonAccount: {
        parameters: {
            query?: {
                /**
                 * @description An allowlisted instance (GET /social/platforms lists them). Default: the account's own `@instance`, else the first on the list.
                 * @example mastodon.social
                 */
                instance?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description `user@instance` (a leading `@` is fine), a bare `user` (with `instance`), or a numeric account id of that instance. `@123` forces a user name.
                 * @example Gargron@mastodon.social
                 */
                account: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One profile. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "id": "key_2b7c9d1e",
                     *         "handle": "handle",
                     *         "display_name": "display_name",
                     *         "avatar_url": "avatar_url",
                     *         "url": "https://example.com/",
                     *         "network": "bluesky",
                     *         "description": "description",
                     *         "description_html": "description_html",
                     *         "banner_url": "banner_url",
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "bot": true,
                     *         "counts": {
                     *           "followers": 1,
                     *           "following": 1,
                     *           "posts": 1,
                     *           "karma": 1
                     *         }
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialProfileEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `instance_not_allowed` (Instance not on the allowlist), `missing_scope` (Missing scope). */
            403: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#instance_not_allowed",
                     *       "title": "Instance not on the allowlist",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "instance_not_allowed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'instance_not_allowed' | 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listMastodonPosts: {
        parameters: {
            query?: {
                /**
                 * @description An allowlisted instance (GET /social/platforms lists them). Default: the account's own `@instance`, else the first on the list.
                 * @example mastodon.social
                 */
                instance?: string;
                /** @description Leave out replies to other accounts. */
                exclude_replies?: 'true' | 'false';
                /** @description Leave out boosts. */
                exclude_reblogs?: 'true' | 'false';
                /** @description Only posts with attachments. */
                only_media?: 'true' | 'false';
                /** @description Page size, a whole number from 1 to 999, default 20; values above 40 are clamped to 40 (the answer's `pagination.limit` says which applied), anything else is 422 `invalid_request`. */
                limit?: string;
                /** @description The `next_cursor` (or `prev_cursor`) of the previous page. */
                cursor?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description `user@instance` (a leading `@` is fine), a bare `user` (with `instance`), or a numeric account id of that instance. `@123` forces a user name.
                 * @example Gargron@mastodon.social
                 */
                account: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": [
                     *         {
                     *           "id": "key_2b7c9d1e",
                     *           "network": "bluesky",
                     *           "kind": "post",
                     *           "url": "https://example.com/",
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "title": "Short title",
                     *           "text": "text",
                     *           "html": "html",
                     *           "link_url": "link_url",
                     *           "language": "language",
                     *           "counts": {
                     *             "replies": 1,
                     *             "reposts": 1,
                     *             "likes": 1,
                     *             "quotes": 1,
                     *             "score": 1
                     *           },
                     *           "media": [
                     *             {
                     *               "type": "image",
                     *               "url": "https://example.com/",
                     *               "preview_url": "preview_url",
                     *               "alt": "alt"
                     *             }
                     *           ],
                     *           "reply_to": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "thread_root": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "quote_of": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "reposted_by": {
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "at": "2026-03-02T09:00:00.000Z"
                     *           },
                     *           "sensitive": true,
                     *           "content_warning": "content_warning",
                     *           "deleted": true,
                     *           "dead": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor",
                     *         "has_more": true,
                     *         "limit": 1
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostListEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `instance_not_allowed` (Instance not on the allowlist), `missing_scope` (Missing scope). */
            403: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#instance_not_allowed",
                     *       "title": "Instance not on the allowlist",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "instance_not_allowed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'instance_not_allowed' | 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getMastodonTag: {
        parameters: {
            query?: {
                /**
                 * @description An allowlisted instance (GET /social/platforms lists them). Default: the account's own `@instance`, else the first on the list.
                 * @example mastodon.social
                 */
                instance?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description The hashtag without `#`.
                 * @example rust
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A hashtag. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "name": "ci",
                     *         "instance": "instance",
                     *         "url": "https://example.com/",
                     *         "history": [
                     *           {
                     *             "day": "2026-03-02",
                     *             "uses": 1,
                     *             "accounts": 1
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialTagEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `instance_not_allowed` (Instance not on the allowlist), `missing_scope` (Missing scope). */
            403: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#instance_not_allowed",
                     *       "title": "Instance not on the allowlist",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "instance_not_allowed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'instance_not_allowed' | 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listMastodonTagPosts: {
        parameters: {
            query?: {
                /**
                 * @description An allowlisted instance (GET /social/platforms lists them). Default: the account's own `@instance`, else the first on the list.
                 * @example mastodon.social
                 */
                instance?: string;
                /** @description Only posts with attachments. */
                only_media?: 'true' | 'false';
                /** @description Only the instance's own users' posts. */
                local?: 'true' | 'false';
                /** @description Only posts from other instances. */
                remote?: 'true' | 'false';
                /** @description Page size, a whole number from 1 to 999, default 20; values above 40 are clamped to 40 (the answer's `pagination.limit` says which applied), anything else is 422 `invalid_request`. */
                limit?: string;
                /** @description The `next_cursor` (or `prev_cursor`) of the previous page. */
                cursor?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description The hashtag without `#`.
                 * @example rust
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": [
                     *         {
                     *           "id": "key_2b7c9d1e",
                     *           "network": "bluesky",
                     *           "kind": "post",
                     *           "url": "https://example.com/",
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "title": "Short title",
                     *           "text": "text",
                     *           "html": "html",
                     *           "link_url": "link_url",
                     *           "language": "language",
                     *           "counts": {
                     *             "replies": 1,
                     *             "reposts": 1,
                     *             "likes": 1,
                     *             "quotes": 1,
                     *             "score": 1
                     *           },
                     *           "media": [
                     *             {
                     *               "type": "image",
                     *               "url": "https://example.com/",
                     *               "preview_url": "preview_url",
                     *               "alt": "alt"
                     *             }
                     *           ],
                     *           "reply_to": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "thread_root": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "quote_of": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "reposted_by": {
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "at": "2026-03-02T09:00:00.000Z"
                     *           },
                     *           "sensitive": true,
                     *           "content_warning": "content_warning",
                     *           "deleted": true,
                     *           "dead": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor",
                     *         "has_more": true,
                     *         "limit": 1
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostListEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `instance_not_allowed` (Instance not on the allowlist), `missing_scope` (Missing scope). */
            403: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#instance_not_allowed",
                     *       "title": "Instance not on the allowlist",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "instance_not_allowed",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'instance_not_allowed' | 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getHackerNewsItem: {
        parameters: {
            query?: {
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description The item id.
                 * @example 8863
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One post. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "id": "key_2b7c9d1e",
                     *         "network": "bluesky",
                     *         "kind": "post",
                     *         "url": "https://example.com/",
                     *         "author": {
                     *           "id": "key_2b7c9d1e",
                     *           "handle": "handle",
                     *           "display_name": "display_name",
                     *           "avatar_url": "avatar_url",
                     *           "url": "https://example.com/"
                     *         },
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "title": "Short title",
                     *         "text": "text",
                     *         "html": "html",
                     *         "link_url": "link_url",
                     *         "language": "language",
                     *         "counts": {
                     *           "replies": 1,
                     *           "reposts": 1,
                     *           "likes": 1,
                     *           "quotes": 1,
                     *           "score": 1
                     *         },
                     *         "media": [
                     *           {
                     *             "type": "image",
                     *             "url": "https://example.com/",
                     *             "preview_url": "preview_url",
                     *             "alt": "alt"
                     *           }
                     *         ],
                     *         "reply_to": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "thread_root": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "quote_of": {
                     *           "id": "key_2b7c9d1e",
                     *           "url": "https://example.com/"
                     *         },
                     *         "reposted_by": {
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "at": "2026-03-02T09:00:00.000Z"
                     *         },
                     *         "sensitive": true,
                     *         "content_warning": "content_warning",
                     *         "deleted": true,
                     *         "dead": true
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listHackerNewsComments: {
        parameters: {
            query?: {
                /** @description Levels, 1 to 5 (default 3). */
                depth?: string;
                /** @description Page size, a whole number from 1 to 999, default 10; values above 30 are clamped to 30 (the answer's `pagination.limit` says which applied), anything else is 422 `invalid_request`. */
                limit?: string;
                /** @description The `next_cursor` (or `prev_cursor`) of the previous page. */
                cursor?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description The item id.
                 * @example 8863
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of a comment tree, depth first; pages go over the top-level comments. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": [
                     *         {
                     *           "depth": 1,
                     *           "post": {
                     *             "id": "key_2b7c9d1e",
                     *             "network": "bluesky",
                     *             "kind": "post",
                     *             "url": "https://example.com/",
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "created_at": "2026-03-02T09:00:00.000Z",
                     *             "title": "Short title",
                     *             "text": "text",
                     *             "html": "html",
                     *             "link_url": "link_url",
                     *             "language": "language",
                     *             "counts": {
                     *               "replies": 1,
                     *               "reposts": 1,
                     *               "likes": 1,
                     *               "quotes": 1,
                     *               "score": 1
                     *             },
                     *             "media": [
                     *               {
                     *                 "type": "image",
                     *                 "url": "https://example.com/",
                     *                 "preview_url": "preview_url",
                     *                 "alt": "alt"
                     *               }
                     *             ],
                     *             "reply_to": {
                     *               "id": "key_2b7c9d1e",
                     *               "url": "https://example.com/"
                     *             },
                     *             "thread_root": {
                     *               "id": "key_2b7c9d1e",
                     *               "url": "https://example.com/"
                     *             },
                     *             "quote_of": {
                     *               "id": "key_2b7c9d1e",
                     *               "url": "https://example.com/"
                     *             },
                     *             "reposted_by": {
                     *               "author": {
                     *                 "id": "key_2b7c9d1e",
                     *                 "handle": "handle",
                     *                 "display_name": "display_name",
                     *                 "avatar_url": "avatar_url",
                     *                 "url": "https://example.com/"
                     *               },
                     *               "at": "2026-03-02T09:00:00.000Z"
                     *             },
                     *             "sensitive": true,
                     *             "content_warning": "content_warning",
                     *             "deleted": true,
                     *             "dead": true
                     *           }
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor",
                     *         "has_more": true,
                     *         "limit": 1
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialCommentListEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    getHackerNewsUser: {
        parameters: {
            query?: {
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description The user name (case-sensitive).
                 * @example pg
                 */
                user: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One profile. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": {
                     *         "id": "key_2b7c9d1e",
                     *         "handle": "handle",
                     *         "display_name": "display_name",
                     *         "avatar_url": "avatar_url",
                     *         "url": "https://example.com/",
                     *         "network": "bluesky",
                     *         "description": "description",
                     *         "description_html": "description_html",
                     *         "banner_url": "banner_url",
                     *         "created_at": "2026-03-02T09:00:00.000Z",
                     *         "bot": true,
                     *         "counts": {
                     *           "followers": 1,
                     *           "following": 1,
                     *           "posts": 1,
                     *           "karma": 1
                     *         }
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialProfileEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listHackerNewsSubmissions: {
        parameters: {
            query?: {
                /** @description Page size, a whole number from 1 to 999, default 20; values above 30 are clamped to 30 (the answer's `pagination.limit` says which applied), anything else is 422 `invalid_request`. */
                limit?: string;
                /** @description The `next_cursor` (or `prev_cursor`) of the previous page. */
                cursor?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /**
                 * @description The user name (case-sensitive).
                 * @example pg
                 */
                user: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": [
                     *         {
                     *           "id": "key_2b7c9d1e",
                     *           "network": "bluesky",
                     *           "kind": "post",
                     *           "url": "https://example.com/",
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "title": "Short title",
                     *           "text": "text",
                     *           "html": "html",
                     *           "link_url": "link_url",
                     *           "language": "language",
                     *           "counts": {
                     *             "replies": 1,
                     *             "reposts": 1,
                     *             "likes": 1,
                     *             "quotes": 1,
                     *             "score": 1
                     *           },
                     *           "media": [
                     *             {
                     *               "type": "image",
                     *               "url": "https://example.com/",
                     *               "preview_url": "preview_url",
                     *               "alt": "alt"
                     *             }
                     *           ],
                     *           "reply_to": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "thread_root": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "quote_of": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "reposted_by": {
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "at": "2026-03-02T09:00:00.000Z"
                     *           },
                     *           "sensitive": true,
                     *           "content_warning": "content_warning",
                     *           "deleted": true,
                     *           "dead": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor",
                     *         "has_more": true,
                     *         "limit": 1
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostListEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listHackerNewsStories: {
        parameters: {
            query?: {
                /** @description Page size, a whole number from 1 to 999, default 20; values above 30 are clamped to 30 (the answer's `pagination.limit` says which applied), anything else is 422 `invalid_request`. */
                limit?: string;
                /** @description The `next_cursor` (or `prev_cursor`) of the previous page. */
                cursor?: string;
                /** @description `raw` adds each record's upstream object as `raw`. */
                include?: 'raw';
            };
            header?: never;
            path: {
                /** @description Which list. */
                list: 'top' | 'new' | 'best' | 'ask' | 'show' | 'job';
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "network": "bluesky",
                     *       "data": [
                     *         {
                     *           "id": "key_2b7c9d1e",
                     *           "network": "bluesky",
                     *           "kind": "post",
                     *           "url": "https://example.com/",
                     *           "author": {
                     *             "id": "key_2b7c9d1e",
                     *             "handle": "handle",
                     *             "display_name": "display_name",
                     *             "avatar_url": "avatar_url",
                     *             "url": "https://example.com/"
                     *           },
                     *           "created_at": "2026-03-02T09:00:00.000Z",
                     *           "title": "Short title",
                     *           "text": "text",
                     *           "html": "html",
                     *           "link_url": "link_url",
                     *           "language": "language",
                     *           "counts": {
                     *             "replies": 1,
                     *             "reposts": 1,
                     *             "likes": 1,
                     *             "quotes": 1,
                     *             "score": 1
                     *           },
                     *           "media": [
                     *             {
                     *               "type": "image",
                     *               "url": "https://example.com/",
                     *               "preview_url": "preview_url",
                     *               "alt": "alt"
                     *             }
                     *           ],
                     *           "reply_to": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "thread_root": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "quote_of": {
                     *             "id": "key_2b7c9d1e",
                     *             "url": "https://example.com/"
                     *           },
                     *           "reposted_by": {
                     *             "author": {
                     *               "id": "key_2b7c9d1e",
                     *               "handle": "handle",
                     *               "display_name": "display_name",
                     *               "avatar_url": "avatar_url",
                     *               "url": "https://example.com/"
                     *             },
                     *             "at": "2026-03-02T09:00:00.000Z"
                     *           },
                     *           "sensitive": true,
                     *           "content_warning": "content_warning",
                     *           "deleted": true,
                     *           "dead": true
                     *         }
                     *       ],
                     *       "pagination": {
                     *         "next_cursor": "next_cursor",
                     *         "has_more": true,
                     *         "limit": 1
                     *       },
                     *       "meta": {
                     *         "beta": true,
                     *         "upstream_status": 1,
                     *         "cached": true,
                     *         "fetched_at": "2026-03-02T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPostListEnvelope'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `not_found` (Not found). */
            404: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#not_found",
                     *       "title": "Not found",
                     *       "status": 404,
                     *       "detail": "What happened, for people.",
                     *       "code": "not_found",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'not_found';
                    };
                };
            };
            /** @description Error. Codes: `invalid_request` (Invalid request). */
            422: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#invalid_request",
                     *       "title": "Invalid request",
                     *       "status": 422,
                     *       "detail": "What happened, for people.",
                     *       "code": "invalid_request",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'invalid_request';
                    };
                };
            };
            /** @description Error. Codes: `upstream_rate_limited` (Upstream rate limit reached), `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `upstream_rate_limited`, `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_rate_limited",
                     *       "title": "Upstream rate limit reached",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_rate_limited' | 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            502: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 502,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `no_healthy_endpoints` (No healthy endpoints), `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `no_healthy_endpoints`, `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#no_healthy_endpoints",
                     *       "title": "No healthy endpoints",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "no_healthy_endpoints",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'no_healthy_endpoints' | 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
            /** @description Error. Codes: `upstream_unavailable` (Target unavailable). */
            504: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#upstream_unavailable",
                     *       "title": "Target unavailable",
                     *       "status": 504,
                     *       "detail": "What happened, for people.",
                     *       "code": "upstream_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'upstream_unavailable';
                    };
                };
            };
        };
    };
    listSocialPlatforms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The social platforms that serve, what each offers, and what is excluded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "data": {
                     *         "platforms": [
                     *           {
                     *             "network": "bluesky",
                     *             "name": "ci",
                     *             "status": "beta",
                     *             "source": "source",
                     *             "endpoints": [
                     *               {
                     *                 "method": "GET",
                     *                 "path": "path",
                     *                 "summary": "summary"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "excluded": [
                     *           {
                     *             "network": "bluesky",
                     *             "feature": "feature",
                     *             "code": "code",
                     *             "paths": [
                     *               "paths"
                     *             ],
                     *             "reason": "reason"
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "beta": true
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPlatforms'];
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    listSocialPlatformsV2: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The social platforms that serve, what each offers, and what is excluded. */
            200: {
                headers: {
                    /** @description The same value as the envelope’s `request_id`. */
                    'X-Request-Id'?: string;
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "request_id": "req_6f1c2a9e0b7d4c3a",
                     *       "data": {
                     *         "platforms": [
                     *           {
                     *             "network": "bluesky",
                     *             "name": "ci",
                     *             "status": "beta",
                     *             "source": "source",
                     *             "endpoints": [
                     *               {
                     *                 "method": "GET",
                     *                 "path": "path",
                     *                 "summary": "summary"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "excluded": [
                     *           {
                     *             "network": "bluesky",
                     *             "feature": "feature",
                     *             "code": "code",
                     *             "paths": [
                     *               "paths"
                     *             ],
                     *             "reason": "reason"
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "beta": true
                     *       }
                     *     }
                     */
                    'application/json': components['schemas']['SocialPlatforms'];
                };
            };
            /** @description Error. Codes: `missing_api_key` (API key required), `invalid_api_key` (Invalid API key). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_api_key",
                     *       "title": "API key required",
                     *       "status": 401,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_api_key",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_api_key' | 'invalid_api_key';
                    };
                };
            };
            /** @description Error. Codes: `missing_scope` (Missing scope). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#missing_scope",
                     *       "title": "Missing scope",
                     *       "status": 403,
                     *       "detail": "What happened, for people.",
                     *       "code": "missing_scope",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'missing_scope';
                    };
                };
            };
            /** @description Error. Codes: `rate_limited` (Rate limit exceeded). */
            429: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `rate_limited`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#rate_limited",
                     *       "title": "Rate limit exceeded",
                     *       "status": 429,
                     *       "detail": "What happened, for people.",
                     *       "code": "rate_limited",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'rate_limited';
                    };
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
            /** @description Error. Codes: `store_unavailable` (Rate-limit store unavailable), `database_unavailable` (Database unavailable). */
            503: {
                headers: {
                    /** @description The budgets of the account that apply to this route (draft-ietf-httpapi-ratelimit-headers): `"general";q=300;w=60` on most routes; the fetch route also lists `"fetch"` and `"host"`. Sent on every answer once the caller is authenticated. */
                    'RateLimit-Policy'?: string;
                    /** @description What is left of each budget this request consulted and the seconds until its window frees up, e.g. `"general";r=299;t=60`. Sent once a budget has been consulted. */
                    RateLimit?: string;
                    /** @description Seconds to wait before trying again. Sent with `store_unavailable`, `database_unavailable`. */
                    'Retry-After'?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#store_unavailable",
                     *       "title": "Rate-limit store unavailable",
                     *       "status": 503,
                     *       "detail": "What happened, for people.",
                     *       "code": "store_unavailable",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'store_unavailable' | 'database_unavailable';
                    };
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Sallyport API",
                     *         "version": "2.0.0"
                     *       },
                     *       "paths": {}
                     *     }
                     */
                    'application/json': Record<string, never>;
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
    errorReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The error guide: every code, its HTTP status, when it happens and whether to retry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example <!doctype html>
                     *     <html lang="en">…</html>
                     */
                    'text/html': string;
                };
            };
            /** @description Error. Codes: `internal_error` (Internal error). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "/v2/docs/errors#internal_error",
                     *       "title": "Internal error",
                     *       "status": 500,
                     *       "detail": "What happened, for people.",
                     *       "code": "internal_error",
                     *       "request_id": "req_6f1c2a9e0b7d4c3a"
                     *     }
                     */
                    'application/problem+json': components['schemas']['Problem'] & {
                        /** @enum {string} */
                        code?: 'internal_error';
                    };
                };
            };
        };
    };
}
