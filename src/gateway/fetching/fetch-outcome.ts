/** What one fetch comes to, for the caller to answer with: the use case never throws what it can say. */
import type { StoredResponse } from '../idempotency/idempotency-store.ts'
import type { RuleState } from '../rate-limits/admission.ts'

/** The states of the budgets the fetch consulted (the `RateLimit` field); absent when none was reached. */
type Reported = { rateLimit?: readonly RuleState[] | undefined }

export type FetchOutcome = Reported &
  (
    | /** The node's envelope with `region_used` spliced in, as the caller gets it. */
      { kind: 'envelope'; body: Buffer }
      /** The stored answer of an earlier request with the same Idempotency-Key. */
    | { kind: 'replay'; response: StoredResponse }
    /** Refused or failed: an AppError for the caller, or a fault (a bug) for the error handler. */
    | { kind: 'error'; error: unknown }
  )

export const envelopeType = 'application/json; charset=utf-8'
