import type { CallOptions, FetchEnvelope, FetchRequest, FleetStatus, Ok, Plans, RegionsAnswer, SallyportOptions, UserAgentQuery, UserAgents, Usage } from './api-types.ts';
import { type SocialApi } from './social.ts';
export { SallyportError, transientCodes, type SallyportErrorCode, type ServiceErrorCode } from './errors.ts';
export { RetryBudget, retryDelayMs, type RetryOptions } from './retry.ts';
export type { components, operations, paths } from './openapi-types.ts';
export type { CallOptions, FetchEnvelope, FetchRequest, FleetStatus, Plans, Region, RegionsAnswer, SallyportOptions, Usage, UserAgentQuery, UserAgents, } from './api-types.ts';
export declare const defaultBaseUrl = "http://127.0.0.1:8080";
export declare class Sallyport {
    #private;
    readonly baseUrl: string;
    /** The beta social API: Bluesky, Mastodon (allowlisted instances), Hacker News. */
    readonly social: SocialApi;
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
}
