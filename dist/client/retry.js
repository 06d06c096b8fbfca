/**
 * When and how long to wait before trying again (SPEC 7): exponential backoff with full jitter, the
 * service's `Retry-After` when it gives one, and a retry budget shared by every call of one client, so a
 * service in trouble is not hammered by retries on top of the traffic.
 */
export const defaultRetry = {
    maxAttempts: 4,
    baseDelayMs: 500,
    maxDelayMs: 20_000,
    maxRetryAfterMs: 60_000,
    budget: 20,
};
/** Full jitter (a uniformly random wait up to the exponential ceiling), or the service's Retry-After. */
export function retryDelayMs(policy, retry, retryAfterSeconds, random = Math.random) {
    if (retryAfterSeconds !== undefined)
        return retryAfterSeconds * 1000;
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
    return Math.floor(random() * ceiling);
}
export class RetryBudget {
    #tokens;
    #capacity;
    constructor(capacity) {
        this.#capacity = capacity;
        this.#tokens = capacity;
    }
    /** Takes a token for a retry; false when there is none left. */
    take() {
        if (this.#tokens < 1)
            return false;
        this.#tokens -= 1;
        return true;
    }
    succeeded() {
        this.#tokens = Math.min(this.#capacity, this.#tokens + 0.1);
    }
    get remaining() {
        return this.#tokens;
    }
}
/** `Retry-After` in seconds (the service sends whole seconds; an HTTP date is honoured too). */
export function parseRetryAfter(header, now = Date.now()) {
    if (header === null || header.trim() === '')
        return undefined;
    if (/^\d+$/.test(header.trim()))
        return Number(header.trim());
    const at = Date.parse(header);
    return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
/** Waits, unless the signal aborts first (then rejects with its reason). */
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
