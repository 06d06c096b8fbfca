import type { components, operations } from './openapi-types.ts';
import { type RetryOptions } from './retry.ts';
export { SallyportError, transientCodes, type SallyportErrorCode, type ServiceErrorCode } from './errors.ts';
export { RetryBudget, retryDelayMs, type RetryOptions } from './retry.ts';
export type { components, operations, paths } from './openapi-types.ts';
type Schemas = components['schemas'];
/** What a successful operation answers, by operationId. */
type Ok<Op extends keyof operations> = operations[Op]['responses'] extends {
    200: infer R;
} ? R extends {
    content: {
        'application/json': infer Body;
    };
} ? Body : never : never;
/** An operation's query parameters, by operationId. */
type Query<Op extends keyof operations> = operations[Op]['parameters'] extends {
    query?: infer Q;
} ? NonNullable<Q> : never;
export type Region = Schemas['Region'];
export type FetchEnvelope = Schemas['FetchEnvelope'];
export type RegionsAnswer = Ok<'listRegions'>;
export type FleetStatus = Ok<'fleetStatus'>;
export type Usage = Ok<'getUsage'>;
export type Plans = Ok<'listPlans'>;
export type UserAgents = Ok<'listUserAgents'>;
export type UserAgentQuery = Query<'listUserAgents'>;
export type SallyportOptions = {
    /** Sent as `x-api-key`. Default: the SALLYPORT_API_KEY environment variable. */
    apiKey?: string | undefined;
    /** Default: SALLYPORT_BASE_URL, else http://127.0.0.1:8080 (what `npm start` serves). */
    baseUrl?: string | undefined;
    /** Per request (each retry gets its own). A fetch takes up to 30 s on the service. Default 60 s. */
    timeoutMs?: number;
    retry?: RetryOptions;
    /** The User-Agent of API requests, which the service sends on to targets. Default: Node's. */
    userAgent?: string;
    /** Another fetch implementation (a proxy agent, a test double). Default: the global fetch. */
    fetch?: typeof globalThis.fetch;
};
/** Options every call takes. */
export type CallOptions = {
    /** Cancels the call, its retries and waits included; the promise rejects with the signal's reason. */
    signal?: AbortSignal;
    /** Overrides the client's per-request time-out for this call. */
    timeoutMs?: number;
};
export type FetchRequest = CallOptions & {
    url: string;
    /** Omitted: the first region in service in the order us-east, us-west, europe. */
    region?: Region;
    /**
     * Runs the fetch at most once per key (docs/idempotency.md). Default: a new UUID per call, reused by
     * every retry of that call, when retries are on.
     */
    idempotencyKey?: string;
};
export declare const defaultBaseUrl = "http://127.0.0.1:8080";
export declare class Sallyport {
    #private;
    readonly baseUrl: string;
    constructor(options?: SallyportOptions);
    /** Fetch a URL from an egress node in a region; resolves to the envelope (the target's own status in it). */
    fetch(request: FetchRequest): Promise<FetchEnvelope>;
    /** Regions that can serve right now. */
    regions(options?: CallOptions): Promise<RegionsAnswer>;
    /** Every egress node: region, health, last check, in-flight, latency. */
    status(options?: CallOptions): Promise<FleetStatus>;
    /** This month so far: requests, bytes, charge, cap, trial, per day. Needs the `read` scope. */
    usage(options?: CallOptions): Promise<Usage>;
    /** Plans and prices (public). */
    plans(options?: CallOptions): Promise<Plans>;
    /** Browser User-Agent strings to send with fetches. */
    userAgents(query?: UserAgentQuery, options?: CallOptions): Promise<UserAgents>;
    /** Liveness (public). */
    health(options?: CallOptions): Promise<Ok<'liveness'>>;
    /** Readiness (public); a service that is not ready answers 503, thrown as an error. */
    ready(options?: CallOptions): Promise<Ok<'readiness'>>;
    /** The OpenAPI 3.1 document the service publishes. */
    openapi(options?: CallOptions): Promise<Record<string, unknown>>;
    /** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. */
    readonly social: {
        platforms: (options?: CallOptions) => Promise<Ok<"listSocialPlatformsV2">>;
        blueskyProfiles: (query: Query<"getBlueskyProfiles">, options?: CallOptions) => Promise<Ok<"getBlueskyProfiles">>;
        blueskyProfile: (actor: string, query?: Query<"getBlueskyProfile">, options?: CallOptions) => Promise<Ok<"getBlueskyProfile">>;
        blueskyPosts: (actor: string, query?: Query<"listBlueskyPosts">, options?: CallOptions) => Promise<Ok<"listBlueskyPosts">>;
        blueskyPost: (actor: string, rkey: string, query?: Query<"getBlueskyPost">, options?: CallOptions) => Promise<Ok<"getBlueskyPost">>;
        blueskyThread: (actor: string, rkey: string, query?: Query<"getBlueskyThread">, options?: CallOptions) => Promise<Ok<"getBlueskyThread">>;
        lookupBlueskyPost: (query: Query<"lookupBlueskyPost">, options?: CallOptions) => Promise<Ok<"lookupBlueskyPost">>;
        mastodonAccount: (account: string, query?: Query<"getMastodonAccount">, options?: CallOptions) => Promise<Ok<"getMastodonAccount">>;
        mastodonPosts: (account: string, query?: Query<"listMastodonPosts">, options?: CallOptions) => Promise<Ok<"listMastodonPosts">>;
        mastodonTag: (tag: string, query?: Query<"getMastodonTag">, options?: CallOptions) => Promise<Ok<"getMastodonTag">>;
        mastodonTagPosts: (tag: string, query?: Query<"listMastodonTagPosts">, options?: CallOptions) => Promise<Ok<"listMastodonTagPosts">>;
        hackerNewsItem: (id: string, query?: Query<"getHackerNewsItem">, options?: CallOptions) => Promise<Ok<"getHackerNewsItem">>;
        hackerNewsComments: (id: string, query?: Query<"listHackerNewsComments">, options?: CallOptions) => Promise<Ok<"listHackerNewsComments">>;
        hackerNewsUser: (user: string, query?: Query<"getHackerNewsUser">, options?: CallOptions) => Promise<Ok<"getHackerNewsUser">>;
        hackerNewsSubmissions: (user: string, query?: Query<"listHackerNewsSubmissions">, options?: CallOptions) => Promise<Ok<"listHackerNewsSubmissions">>;
        hackerNewsStories: (list: operations["listHackerNewsStories"]["parameters"]["path"]["list"], query?: Query<"listHackerNewsStories">, options?: CallOptions) => Promise<Ok<"listHackerNewsStories">>;
    };
}
