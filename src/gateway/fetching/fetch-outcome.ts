/** What one fetch comes to, for the caller to answer with: the use case never throws what it can say. */
import { Buffer } from 'node:buffer'
import type { StoredResponse } from '../idempotency/idempotency-store.ts'
import type { RuleState } from '../rate-limits/admission.ts'

/** The states of the budgets the fetch consulted (the `RateLimit` field); absent when none was reached. */
type Reported = { rateLimit?: readonly RuleState[] | undefined }

export type FetchOutcome = Reported &
  (
    | /** The node's envelope with `region_used` spliced in, as the caller gets it. */
      { kind: 'envelope'; parts: EnvelopeParts }
      /** The stored answer of an earlier request with the same Idempotency-Key. */
    | { kind: 'replay'; response: StoredResponse }
    /** Refused or failed: an AppError for the caller, or a fault (a bug) for the error handler. */
    | { kind: 'error'; error: unknown }
  )

export const envelopeType = 'application/json; charset=utf-8'

/**
 * An envelope as the caller gets it, in two parts written one after the other: `{"region_used":"...",`
 * and the node's JSON after its `{`. Spliced on the way out rather than copied into one buffer: the copy
 * was a tenth of the CPU of a 1 MiB fetch, and as much memory again for the collector (docs/performance.md).
 */
export type EnvelopeParts = readonly [regionField: Buffer, nodeFields: Buffer]

export function envelopeLength(parts: EnvelopeParts): number {
  return parts[0].length + parts[1].length
}

/** The envelope's bytes in one buffer, for what keeps them (an idempotent answer) or takes only one. */
export function joinedEnvelope(parts: EnvelopeParts): Buffer {
  return Buffer.concat(parts, envelopeLength(parts))
}
