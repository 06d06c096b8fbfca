/**
 * One call of the API as the client makes it: a time-out per attempt, transient errors retried within the
 * retry budget (retry.ts), waits the caller's signal can cut short, and an error answer thrown as a
 * `SallyportError` built from its problem document.
 */
import { SallyportError, transientCodes } from "./errors.js";
import { parseRetryAfter, RetryBudget, retryDelayMs, sleep } from "./retry.js";
export class Caller {
    #baseUrl;
    #apiKey;
    #timeoutMs;
    #retry;
    #budget;
    constructor({ baseUrl, apiKey, timeoutMs, retry }) {
        this.#baseUrl = baseUrl;
        this.#apiKey = apiKey;
        this.#timeoutMs = timeoutMs;
        this.#retry = retry;
        this.#budget = new RetryBudget(retry.budget);
    }
    /** One call: attempts, retries of transient errors within the budget, waits that the signal can cut short. */
    async call(options, attempt) {
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
                    detail: `no answer from ${this.#baseUrl} within ${timeoutMs} ms`,
                    cause: error,
                });
            }
            throw new SallyportError({
                code: 'network_error',
                status: 0,
                detail: `could not reach ${this.#baseUrl}: ${describeCause(error)}`,
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
