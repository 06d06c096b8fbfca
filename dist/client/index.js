/**
 * `sallyport/client`: a typed client of the Sallyport API for Node 20+ and server code.
 *
 *   import { Sallyport } from 'sallyport/client'
 *   const sallyport = new Sallyport({ apiKey: process.env.SALLYPORT_API_KEY })
 *   const envelope = await sallyport.fetch({ url: 'https://example.com/', region: 'europe' })
 *
 * Types come from the service's OpenAPI document (openapi-types.ts, generated); calls go through
 * openapi-fetch. One method per operation of the API-key surface. An error answer is thrown as a
 * `SallyportError`; transient ones are retried first (retry.ts), a fetch always with an Idempotency-Key so
 * that a retry is never executed or billed twice.
 */
import { randomUUID } from 'node:crypto';
import createClient, {} from 'openapi-fetch';
import { SallyportError, transientCodes } from "./errors.js";
import { defaultRetry, parseRetryAfter, RetryBudget, retryDelayMs, sleep, } from "./retry.js";
export { SallyportError, transientCodes } from "./errors.js";
export { RetryBudget, retryDelayMs } from "./retry.js";
export const defaultBaseUrl = 'http://127.0.0.1:8080';
export class Sallyport {
    baseUrl;
    #api;
    #apiKey;
    #timeoutMs;
    #retry;
    #budget;
    constructor(options = {}) {
        const env = typeof process === 'undefined' ? {} : process.env;
        this.baseUrl = (options.baseUrl ?? env.SALLYPORT_BASE_URL ?? defaultBaseUrl).replace(/\/+$/, '');
        this.#apiKey = options.apiKey ?? env.SALLYPORT_API_KEY;
        this.#timeoutMs = options.timeoutMs ?? 60_000;
        this.#retry = { ...defaultRetry, ...options.retry };
        this.#budget = new RetryBudget(this.#retry.budget);
        this.#api = createClient({
            baseUrl: this.baseUrl,
            headers: {
                accept: 'application/json',
                ...(options.userAgent !== undefined && { 'user-agent': options.userAgent }),
            },
            ...(options.fetch !== undefined && { fetch: options.fetch }),
        });
    }
    /** Fetch a URL from an egress node in a region; resolves to the envelope (the target's own status in it). */
    async fetch(request) {
        const key = request.idempotencyKey ?? (this.#retry.maxAttempts > 1 ? randomUUID() : undefined);
        return this.#call(request, (init) => this.#api.POST('/v2/proxy/fetch', {
            params: { query: request.region === undefined ? {} : { region: request.region } },
            body: { url: request.url },
            signal: init.signal,
            headers: { ...init.headers, ...(key !== undefined && { 'idempotency-key': key }) },
        }));
    }
    /** Regions that can serve right now. */
    regions(options = {}) {
        return this.#call(options, (init) => this.#api.GET('/v2/proxy/regions', init));
    }
    /** Every egress node: region, health, last check, in-flight, latency. */
    status(options = {}) {
        return this.#call(options, (init) => this.#api.GET('/v2/proxy/status', init));
    }
    /** This month so far: requests, bytes, charge, cap, trial, per day. Needs the `read` scope. */
    usage(options = {}) {
        return this.#call(options, (init) => this.#api.GET('/v2/usage', init));
    }
    /** Plans and prices (public). */
    plans(options = {}) {
        return this.#call(options, (init) => this.#api.GET('/v2/plans', init));
    }
    /** Browser User-Agent strings to send with fetches. */
    userAgents(query = {}, options = {}) {
        return this.#call(options, (init) => this.#api.GET('/v2/user-agents/', { ...init, params: { query } }));
    }
    /** Liveness (public). */
    health(options = {}) {
        return this.#call(options, (init) => this.#api.GET('/healthz', init));
    }
    /** Readiness (public); a service that is not ready answers 503, thrown as an error. */
    ready(options = {}) {
        return this.#call(options, (init) => this.#api.GET('/readyz', init));
    }
    /** The OpenAPI 3.1 document the service publishes. */
    openapi(options = {}) {
        return this.#call(options, async (init) => {
            const result = await this.#api.GET('/v2/docs/openapi.json', { ...init, parseAs: 'json' });
            return { ...result, data: result.data };
        });
    }
    /** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. */
    social = {
        platforms: (options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/platforms', init)),
        blueskyProfiles: (query, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/bluesky/profiles', { ...init, params: { query } })),
        blueskyProfile: (actor, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/bluesky/profiles/{actor}', { ...init, params: { path: { actor }, query } })),
        blueskyPosts: (actor, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/bluesky/profiles/{actor}/posts', {
            ...init,
            params: { path: { actor }, query },
        })),
        blueskyPost: (actor, rkey, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}', {
            ...init,
            params: { path: { actor, rkey }, query },
        })),
        blueskyThread: (actor, rkey, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/bluesky/profiles/{actor}/posts/{rkey}/thread', {
            ...init,
            params: { path: { actor, rkey }, query },
        })),
        lookupBlueskyPost: (query, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/bluesky/posts/lookup', { ...init, params: { query } })),
        mastodonAccount: (account, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/mastodon/accounts/{account}', {
            ...init,
            params: { path: { account }, query },
        })),
        mastodonPosts: (account, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/mastodon/accounts/{account}/posts', {
            ...init,
            params: { path: { account }, query },
        })),
        mastodonTag: (tag, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/mastodon/tags/{tag}', { ...init, params: { path: { tag }, query } })),
        mastodonTagPosts: (tag, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/mastodon/tags/{tag}/posts', { ...init, params: { path: { tag }, query } })),
        hackerNewsItem: (id, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/hackernews/items/{id}', { ...init, params: { path: { id }, query } })),
        hackerNewsComments: (id, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/hackernews/items/{id}/comments', {
            ...init,
            params: { path: { id }, query },
        })),
        hackerNewsUser: (user, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/hackernews/users/{user}', { ...init, params: { path: { user }, query } })),
        hackerNewsSubmissions: (user, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/hackernews/users/{user}/submissions', {
            ...init,
            params: { path: { user }, query },
        })),
        hackerNewsStories: (list, query = {}, options = {}) => this.#call(options, (init) => this.#api.GET('/v2/social/hackernews/stories/{list}', { ...init, params: { path: { list }, query } })),
    };
    /** One call: attempts, retries of transient errors within the budget, waits that the signal can cut short. */
    async #call(options, attempt) {
        const headers = this.#apiKey === undefined ? {} : { 'x-api-key': this.#apiKey };
        const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
        for (let attempts = 1;; attempts++) {
            let failure;
            try {
                const data = await this.#attempt(attempt, headers, timeoutMs, options.signal);
                this.#budget.succeeded();
                return data;
            }
            catch (error) {
                if (!(error instanceof SallyportError))
                    throw error;
                failure = error.withAttempts(attempts);
            }
            const wait = this.#waitBeforeRetry(failure, attempts);
            if (wait === undefined)
                throw failure;
            await sleep(wait, options.signal);
        }
    }
    /** How long to wait before the next attempt, or undefined to give up with this error. */
    #waitBeforeRetry(failure, attempts) {
        if (!transientCodes.has(failure.code) || attempts >= this.#retry.maxAttempts)
            return undefined;
        const wait = retryDelayMs(this.#retry, attempts, failure.retryAfter);
        if (failure.retryAfter !== undefined) {
            // The service said when to come back: that pacing is its own, so it takes nothing from the budget.
            return wait > this.#retry.maxRetryAfterMs ? undefined : wait;
        }
        return this.#budget.take() ? wait : undefined;
    }
    async #attempt(attempt, headers, timeoutMs, signal) {
        const timeout = AbortSignal.timeout(timeoutMs);
        const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
        let result;
        try {
            result = await attempt({ signal: combined, headers });
        }
        catch (error) {
            // The caller's own abort is theirs to handle: rethrown as it is, never retried.
            if (signal?.aborted)
                throw signal.reason;
            if (timeout.aborted) {
                throw new SallyportError({
                    code: 'timeout',
                    status: 0,
                    detail: `no answer from ${this.baseUrl} within ${timeoutMs} ms`,
                    cause: error,
                });
            }
            throw new SallyportError({
                code: 'network_error',
                status: 0,
                detail: `could not reach ${this.baseUrl}: ${describeCause(error)}`,
                cause: error,
            });
        }
        const { response } = result;
        if (response.ok && result.data !== undefined)
            return result.data;
        throw problemError(response, result.error);
    }
}
function describeCause(error) {
    const cause = error.cause;
    return cause?.code ?? cause?.message ?? error.message;
}
/** The problem document of an error answer as a SallyportError; anything else as `unexpected_response`. */
function problemError(response, body) {
    const problem = (typeof body === 'object' && body !== null ? body : {});
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    const requestId = problem.request_id ?? response.headers.get('x-request-id') ?? undefined;
    const known = typeof problem.code === 'string';
    return new SallyportError({
        code: known ? problem.code : 'unexpected_response',
        status: response.status,
        detail: known
            ? (problem.detail ?? '')
            : `HTTP ${response.status} without a problem document${typeof body === 'string' && body !== '' ? `: ${body.slice(0, 200)}` : ''}`,
        ...(problem.title !== undefined && { title: problem.title }),
        ...(problem.type !== undefined && { type: problem.type }),
        ...(requestId !== undefined && { requestId }),
        ...(retryAfter !== undefined && { retryAfter }),
    });
}
