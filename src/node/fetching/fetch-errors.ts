/**
 * Failures the guarded connector raises before any byte reaches the target. Each is a class with a stable
 * code, so the fetcher tells a policy refusal from a connect failure without reading messages. The codes
 * must not be `UND_ERR_SOCKET` / `UND_ERR_INFO`: undici would then keep the queued requests waiting
 * instead of failing them with this error (undici lib/dispatcher/client.js `onError`).
 * Messages never name the target: they may surface in a stack trace.
 */
export class TargetNotPermittedError extends Error {
  readonly code = 'SALLYPORT_TARGET_NOT_PERMITTED'
  constructor() {
    super('The target address is not permitted.')
    this.name = 'TargetNotPermittedError'
  }
}

export class TargetUnresolvedError extends Error {
  readonly code = 'SALLYPORT_TARGET_UNRESOLVED'
  constructor(cause?: unknown) {
    super("The target's name could not be resolved.", cause === undefined ? undefined : { cause })
    this.name = 'TargetUnresolvedError'
  }
}

/** The target only has addresses of the other family than the egress address (IPv6 target, IPv4 egress). */
export class NoEgressRouteError extends Error {
  readonly code = 'SALLYPORT_NO_EGRESS_ROUTE'
  constructor() {
    super('No address of the target is reachable from the egress address.')
    this.name = 'NoEgressRouteError'
  }
}
