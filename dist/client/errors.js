/** Codes worth retrying with backoff (SPEC 7): the service may answer differently in a moment. */
export const transientCodes = new Set([
    'region_out_of_service',
    'no_healthy_endpoints',
    'upstream_unavailable',
    'store_unavailable',
    'database_unavailable',
    'rate_limited',
    'target_rate_limited',
    'upstream_rate_limited',
    'idempotency_in_flight',
    'internal_error',
    'network_error',
    'timeout',
]);
export class SallyportError extends Error {
    name = 'SallyportError';
    /** Stable, machine-readable: branch on this, never on `message`. */
    code;
    /** The HTTP status of the answer; 0 when none came (`network_error`, `timeout`). */
    status;
    /** For people; may change. */
    detail;
    title;
    /** Link to this code in the error reference. */
    type;
    /** Quote it when asking for help (also the `x-request-id` header). */
    requestId;
    /** Seconds to wait before trying again, from `Retry-After`. */
    retryAfter;
    /** Requests made for this call, retries included. */
    attempts;
    constructor(init) {
        super(`${init.code}: ${init.detail}`, init.cause === undefined ? undefined : { cause: init.cause });
        this.code = init.code;
        this.status = init.status;
        this.detail = init.detail;
        this.title = init.title;
        this.type = init.type;
        this.requestId = init.requestId;
        this.retryAfter = init.retryAfter;
        this.attempts = init.attempts ?? 1;
    }
    /** The field names of the problem document. */
    get request_id() {
        return this.requestId;
    }
    get retry_after() {
        return this.retryAfter;
    }
    /** Whether trying again later may succeed (the client has done so already, within its budget). */
    get transient() {
        return transientCodes.has(this.code);
    }
    /** The same error, counting the requests made. */
    withAttempts(attempts) {
        return new SallyportError({
            code: this.code,
            status: this.status,
            detail: this.detail,
            ...(this.title !== undefined && { title: this.title }),
            ...(this.type !== undefined && { type: this.type }),
            ...(this.requestId !== undefined && { requestId: this.requestId }),
            ...(this.retryAfter !== undefined && { retryAfter: this.retryAfter }),
            attempts,
            ...(this.cause !== undefined && { cause: this.cause }),
        });
    }
}
