/** What the client throws: one class, `SallyportError`, carrying the service's stable `code`. */
import type { components } from './openapi-types.ts';
/** A code the service answers with (docs/errors.md). */
export type ServiceErrorCode = components['schemas']['Problem']['code'];
/**
 * The service's codes, and three of the client's own: `network_error` (no answer: refused, reset, DNS),
 * `timeout` (no answer within `timeoutMs`) and `unexpected_response` (an answer that is not the documented
 * JSON, e.g. from a proxy in between).
 */
export type SallyportErrorCode = ServiceErrorCode | 'network_error' | 'timeout' | 'unexpected_response';
/** Codes worth retrying with backoff (SPEC 7): the service may answer differently in a moment. */
export declare const transientCodes: ReadonlySet<SallyportErrorCode>;
export type SallyportErrorInit = {
    code: SallyportErrorCode;
    /** The HTTP status; 0 when no answer came. */
    status: number;
    detail: string;
    title?: string;
    type?: string;
    requestId?: string;
    /** Seconds the service asked to wait (`Retry-After`), when it said. */
    retryAfter?: number;
    /** How many requests were made, retries included. */
    attempts?: number;
    cause?: unknown;
};
export declare class SallyportError extends Error {
    name: string;
    /** Stable, machine-readable: branch on this, never on `message`. */
    readonly code: SallyportErrorCode;
    /** The HTTP status of the answer; 0 when none came (`network_error`, `timeout`). */
    readonly status: number;
    /** For people; may change. */
    readonly detail: string;
    readonly title: string | undefined;
    /** Link to this code in the error reference. */
    readonly type: string | undefined;
    /** Quote it when asking for help (also the `x-request-id` header). */
    readonly requestId: string | undefined;
    /** Seconds to wait before trying again, from `Retry-After`. */
    readonly retryAfter: number | undefined;
    /** Requests made for this call, retries included. */
    readonly attempts: number;
    constructor(init: SallyportErrorInit);
    /** The field names of the problem document. */
    get request_id(): string | undefined;
    get retry_after(): number | undefined;
    /** Whether trying again later may succeed (the client has done so already, within its budget). */
    get transient(): boolean;
    /** The same error, counting the requests made. */
    withAttempts(attempts: number): SallyportError;
}
