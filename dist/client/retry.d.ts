/**
 * When and how long to wait before trying again (SPEC 7): exponential backoff with full jitter, the
 * service's `Retry-After` when it gives one, and a retry budget shared by every call of one client, so a
 * service in trouble is not hammered by retries on top of the traffic.
 */
export type RetryOptions = {
    /** Requests per call, the first included; 1 turns retries off. Default 4. */
    maxAttempts?: number;
    /** The backoff's first ceiling; the n-th retry waits a random time up to base * 2^(n-1). Default 500 ms. */
    baseDelayMs?: number;
    /** No backoff wait is longer than this. Default 20 s. */
    maxDelayMs?: number;
    /** A `Retry-After` longer than this is not waited for: the error is thrown. Default 60 s. */
    maxRetryAfterMs?: number;
    /**
     * Backoff retries the client may make (waits asked for with Retry-After are not counted): each takes a
     * token, each call that succeeds puts a tenth of one back, up to this many. Default 20.
     */
    budget?: number;
};
export type RetryPolicy = Required<RetryOptions>;
export declare const defaultRetry: RetryPolicy;
/** Full jitter (a uniformly random wait up to the exponential ceiling), or the service's Retry-After. */
export declare function retryDelayMs(policy: RetryPolicy, retry: number, retryAfterSeconds: number | undefined, random?: () => number): number;
export declare class RetryBudget {
    #private;
    constructor(capacity: number);
    /** Takes a token for a retry; false when there is none left. */
    take(): boolean;
    succeeded(): void;
    get remaining(): number;
}
/** `Retry-After` in seconds (the service sends whole seconds; an HTTP date is honoured too). */
export declare function parseRetryAfter(header: string | null, now?: number): number | undefined;
/** Waits, unless the signal aborts first (then rejects with its reason). */
export declare function sleep(ms: number, signal: AbortSignal | undefined): Promise<void>;
