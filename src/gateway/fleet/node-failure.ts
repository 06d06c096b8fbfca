import type { CancelSignal } from '../../shared/cancellation.ts'

/**
 * The node itself could not serve a call (unreachable, crashed, reset, refused our signature, or answered
 * outside the fleet contract): a reason to mark it down and fail over. A target's failure never is one.
 */
export class NodeFailure extends Error {
  override name = 'NodeFailure'
}

/** What a node call its caller cancelled rejects with: the signal's reason when it is an error. */
export function abortReason(signal: CancelSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new Error('the node call was cancelled')
}
