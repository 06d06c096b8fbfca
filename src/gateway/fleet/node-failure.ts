/**
 * The node itself could not serve a call (unreachable, crashed, reset, refused our signature, or answered
 * outside the fleet contract): a reason to mark it down and fail over. A target's failure never is one.
 */
export class NodeFailure extends Error {
  override name = 'NodeFailure'
}
