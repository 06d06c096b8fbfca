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
import { Caller } from "./call.js";
import { defaultRetry } from "./retry.js";
import { socialApi } from "./social.js";
export { SallyportError, transientCodes } from "./errors.js";
export { RetryBudget, retryDelayMs } from "./retry.js";
export const defaultBaseUrl = 'http://127.0.0.1:8080';
export class Sallyport {
    baseUrl;
    #api;
    #retryAttempts;
    #caller;
    /** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. */
    social;
    constructor(options = {}) {
        const env = typeof process === 'undefined' ? {} : process.env;
        this.baseUrl = (options.baseUrl ?? env.SALLYPORT_BASE_URL ?? defaultBaseUrl).replace(/\/+$/, '');
        const retry = { ...defaultRetry, ...options.retry };
        this.#retryAttempts = retry.maxAttempts;
        this.#caller = new Caller({
            baseUrl: this.baseUrl,
            apiKey: options.apiKey ?? env.SALLYPORT_API_KEY,
            timeoutMs: options.timeoutMs ?? 60_000,
            retry,
        });
        this.#api = createClient({
            baseUrl: this.baseUrl,
            headers: {
                accept: 'application/json',
                ...(options.userAgent !== undefined && { 'user-agent': options.userAgent }),
            },
            ...(options.fetch !== undefined && { fetch: options.fetch }),
        });
        this.social = socialApi(this.#api, (options, attempt) => this.#call(options, attempt));
    }
    /** Fetch a URL from an egress node in a region; resolves to the envelope (the target's own status in it). */
    async fetch(request) {
        const key = request.idempotencyKey ?? (this.#retryAttempts > 1 ? randomUUID() : undefined);
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
    #call(options, attempt) {
        return this.#caller.call(options, attempt);
    }
}
