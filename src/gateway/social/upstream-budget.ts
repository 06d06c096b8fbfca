/**
 * Per-upstream budgets, one per lane: (upstream, egress address). The upstream networks count requests per
 * client IP, and the client IP they see is the egress node's public address, whichever gateway sent the job.
 * So a lane is shared by every gateway: in Redis when SALLYPORT_REDIS_URL is set
 * (redis-upstream-budget.ts), in this process for the embedded default (memory-upstream-budget.ts). Both
 * twins pass one suite (test/suites/upstream-budget-suite.ts).
 *
 * Two sources, the stricter wins:
 * - the published limit as a sliding-window log (Mastodon: 300 per 5 minutes per IP; Bluesky's AppView:
 *   3000 per 5 minutes per IP), so we stop before the upstream has to refuse us;
 * - what the upstream last said: `X-RateLimit-Remaining`/`-Reset` (Mastodon, reset as an ISO time),
 *   `RateLimit-Remaining`/`-Reset` (Bluesky, reset in epoch seconds), and `Retry-After` on a 429. Each
 *   admission counts the remaining figure down until the next answer brings a fresh one.
 *
 * A `take` is one atomic step (check and record), so concurrent requests cannot both pass the last slot, on
 * one gateway or on several.
 */
export type BudgetPolicy = { limit: number; windowMs: number }

/** One budget: what one upstream counts for one egress address. */
export type BudgetLane = {
  /** `bluesky`, `mastodon:<instance>`, `hackernews`. */
  upstream: string
  /** The node's public address as the upstream sees it. */
  egress: string
}

export type Verdict = { ok: true } | { ok: false; retryAfterMs: number }

/** What one upstream answer said about its budget; times are epoch ms. Every field is optional. */
export type BudgetObservation = {
  /** With `resetAt`: the upstream's own count, valid until then. */
  remaining?: number
  resetAt?: number
  /** After a 429: nothing goes out before this. */
  blockedUntil?: number
}

export type UpstreamBudgetStore = {
  /** Admits one request on the lane, or says how long to wait. Records nothing when it refuses. */
  take(lane: BudgetLane, policy: BudgetPolicy, now: number): Promise<Verdict>
  /** Learns from an answer. Within one upstream window the lower `remaining` wins (see `mergeRemaining`). */
  observe(lane: BudgetLane, observation: BudgetObservation, now: number): Promise<void>
  close(): Promise<void>
}

/** After a 429 that says nothing of when to come back. */
export const defaultBlockMs = 60_000

/**
 * Two resets closer than this are one upstream window (Mastodon's reset is the end of a fixed period,
 * Bluesky's is in whole seconds).
 */
export const sameWindowMs = 1_000

/**
 * Merges a fresh `remaining` into the stored one. Answers of one window can arrive out of order, on several
 * gateways, and the stored figure has already been counted down for requests still on their way; so within
 * one window the lower figure wins. A later window (a reset more than `sameWindowMs` later) replaces it.
 * The redis twin's script does the same in Lua.
 */
export function mergeRemaining(
  stored: { remaining: number; resetAt: number } | undefined,
  fresh: { remaining: number; resetAt: number },
  now: number,
): { remaining: number; resetAt: number } {
  if (stored === undefined || stored.resetAt <= now || fresh.resetAt > stored.resetAt + sameWindowMs) {
    return fresh
  }
  return {
    remaining: Math.min(stored.remaining, fresh.remaining),
    resetAt: Math.max(stored.resetAt, fresh.resetAt),
  }
}

/** Reads an upstream answer's rate-limit headers (names in lower case). */
export function observationOf(
  status: number,
  headers: Readonly<Record<string, string>>,
  now: number,
): BudgetObservation {
  const observation: BudgetObservation = {}
  const remaining = integer(headers['x-ratelimit-remaining'] ?? headers['ratelimit-remaining'])
  const resetAt = resetTime(headers['x-ratelimit-reset'] ?? headers['ratelimit-reset'], now)
  if (remaining !== undefined && resetAt !== undefined && resetAt > now) {
    observation.remaining = remaining
    observation.resetAt = resetAt
  }
  if (status === 429) {
    const until = retryAfterTime(headers['retry-after'], now) ?? resetAt ?? now + defaultBlockMs
    observation.blockedUntil = until > now ? until : now + defaultBlockMs
  }
  return observation
}

export function isEmptyObservation(observation: BudgetObservation): boolean {
  return observation.resetAt === undefined && observation.blockedUntil === undefined
}

function integer(raw: string | undefined): number | undefined {
  // Up to 12 digits: epoch seconds (10 digits today) as well as small counts.
  if (raw === undefined || !/^\s*\d{1,12}\s*$/.test(raw)) return undefined
  return Number(raw)
}

/**
 * Mastodon sends an ISO timestamp; Bluesky epoch seconds; the IETF draft delta seconds. A bare number
 * above 10^9 can only be epoch seconds.
 */
export function resetTime(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined) return undefined
  const seconds = integer(raw)
  if (seconds !== undefined) return seconds > 1e9 ? seconds * 1000 : now + seconds * 1000
  const at = Date.parse(raw)
  return Number.isNaN(at) ? undefined : at
}

/** RFC 9110 10.2.3: delta seconds or an HTTP date. */
export function retryAfterTime(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined) return undefined
  const seconds = integer(raw)
  if (seconds !== undefined) return now + seconds * 1000
  const at = Date.parse(raw)
  return Number.isNaN(at) ? undefined : at
}
