/**
 * The deadline chain of one fetch, worked out here and nowhere else. The node gives a target
 * `fetchTimeoutMs`; the gateway waits for a node 5 s longer; one fetch on the gateway, fail-over across nodes
 * included, ends 5 s after that; the idempotency claim and the in-flight slot are leased for longer still, so
 * neither runs out under a live fetch; and each process gets 5 s past its longest request to shut down.
 * With the 30 s default: the 40 s deadline and the 45 s idempotency lease of docs/idempotency.md.
 */
import { defaults } from './defaults.ts'
import { integer, type Env } from './env-parsing.ts'

export type FetchDeadlines = Readonly<{
  /** How long a node spends on one target, redirects included (SALLYPORT_FETCH_TIMEOUT_MS). */
  fetchTimeoutMs: number
  /** How long the gateway waits for a node's answer. */
  nodeTimeoutMs: number
  /** The longest one fetch may take on the gateway, fail-over included. */
  fetchDeadlineMs: number
  /** Lease of an idempotency claim. */
  idempotencyLeaseMs: number
  /** Lease of an in-flight slot. */
  inFlightLeaseMs: number
  /** Default SALLYPORT_SHUTDOWN_TIMEOUT_MS of a gateway. */
  gatewayShutdownMs: number
  /** Default SALLYPORT_SHUTDOWN_TIMEOUT_MS of a node. */
  nodeShutdownMs: number
}>

/** SALLYPORT_FETCH_TIMEOUT_MS, the one setting the chain starts from. */
export function fetchTimeout(env: Env): number {
  return integer('SALLYPORT_FETCH_TIMEOUT_MS', env.SALLYPORT_FETCH_TIMEOUT_MS, defaults.fetchTimeoutMs, 1)
}

export function fetchDeadlines(fetchTimeoutMs: number = defaults.fetchTimeoutMs): FetchDeadlines {
  const nodeTimeoutMs = fetchTimeoutMs + 5_000
  const fetchDeadlineMs = nodeTimeoutMs + 5_000
  return Object.freeze({
    fetchTimeoutMs,
    nodeTimeoutMs,
    fetchDeadlineMs,
    idempotencyLeaseMs: fetchDeadlineMs + 5_000,
    inFlightLeaseMs: Math.max(120_000, fetchDeadlineMs + 10_000),
    gatewayShutdownMs: fetchDeadlineMs + 5_000,
    nodeShutdownMs: fetchTimeoutMs + 5_000,
  })
}
