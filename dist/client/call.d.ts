import type { Attempt, CallOptions } from './api-types.ts';
import { type RetryPolicy } from './retry.ts';
export type CallerOptions = {
    baseUrl: string;
    apiKey: string | undefined;
    timeoutMs: number;
    retry: RetryPolicy;
};
export declare class Caller {
    #private;
    constructor({ baseUrl, apiKey, timeoutMs, retry }: CallerOptions);
    /** One call: attempts, retries of transient errors within the budget, waits that the signal can cut short. */
    call<T>(options: CallOptions, attempt: Attempt<T>): Promise<T>;
}
