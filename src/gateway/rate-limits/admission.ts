/**
 * Admission to the data plane (SPEC 8, DESIGN 6): every limit one request is subject to (account budget,
 * per-target-host budget, global per-host ceiling, concurrent fetches, trial allowance) is checked and, when
 * all pass, recorded, in one atomic step. Two twins pass one suite (test/suites/admission-store-suite.ts):
 * memory-admission-store.ts (the embedded default, one process) and redis-admission-store.ts (every gateway).
 *
 * The windows are sliding-window LOGS, not counters: an admission at time `t` counts against a rule at time
 * `now` while `now - windowMs < t <= now`. An entry exactly `windowMs` old has left the window, so never more
 * than `limit` admissions fall in any half-open span `[s, s + windowMs)`. A refused request records nothing.
 *
 * Privacy (DESIGN 7): stores never see a target host. The caller passes `hostKey(secret, host)` (an HMAC),
 * and the stores refuse a host rule whose key does not end in one. `fetchAdmission()` builds the keys.
 */
import { createHmac } from 'node:crypto'
import { canonicalHost } from '../../shared/canonical-host.ts'
import type { Clock } from '../../shared/clock.ts'

export type LimitRuleName = 'account_fetch' | 'account_general' | 'target_host' | 'global_host'

export type LimitRule = {
  name: LimitRuleName
  /**
   * Opaque to the stores. The CALLER hashes hosts: a host rule's key is a `hostKey()` (optionally after a
   * `<scope>:` such as the account), never a host name; the stores refuse anything else.
   */
  key: string
  limit: number
  windowMs: number
}

export type AdmissionRequest = {
  /** All checked and, if all pass (with in-flight and quota), all recorded: atomically, in one step. */
  rules: LimitRule[]
  /** Concurrent fetches per account: a lease to `release` after the fetch; it expires after `leaseMs`. */
  inFlight?: { key: string; limit: number; leaseMs: number }
  /**
   * A total (no window) that only goes up on admission: the trial's billable requests. `floor` is a count
   * known to be used already (the usage ledger's): the store counts from at least that, so a counter lost
   * with a restarted process or a Redis that kept nothing cannot hand the allowance out a second time.
   */
  quota?: { key: string; limit: number; amount: 1; floor?: number }
  /** Epoch ms from the injected clock; the store's own clock when absent. */
  now?: number
}

export type RefusalReason = 'rate_limited' | 'target_rate_limited' | 'in_flight' | 'quota_exhausted'

export type Admission =
  | { admitted: true; states: RuleState[]; inFlightToken?: string }
  | { admitted: false; reason: RefusalReason; retryAfterMs: number; states: RuleState[] }

/**
 * What the `RateLimit` field reports for one rule (draft-ietf-httpapi-ratelimit-headers): `remaining` is `r`;
 * `resetMs` is the effective window `t`, the time until the entry whose departure frees capacity leaves the
 * window (the full window when the log is empty). Both are after this request.
 */
export type RuleState = { name: LimitRuleName; limit: number; remaining: number; resetMs: number }

export type AdmissionStore = {
  admit(request: AdmissionRequest): Promise<Admission>
  /** End of the fetch: frees the in-flight slot. A token that expired or was released is ignored. */
  release(inFlightKey: string, token: string): Promise<void>
  /** The fetch produced no billable envelope (DESIGN 2): give one unit of the quota back, never below 0. */
  refundQuota(key: string): Promise<void>
  quotaUsed(key: string): Promise<number>
  close(): Promise<void>
}

/**
 * The keyed hash that stands for a target host in every limit key (DESIGN 7): HMAC-SHA256 of the host's
 * canonical form (`canonicalHost()`: lower case, punycode, no trailing dot, an IPv4-mapped IPv6 address as
 * its IPv4 address), base64url, 22 characters (132 bits). The secret must be the same on every gateway that
 * shares a store, and is never stored beside the keys.
 */
export function hostKey(secret: string, host: string): string {
  return createHmac('sha256', secret).update(canonicalHost(host)).digest('base64url').slice(0, 22)
}

/** A host rule's key is a `hostKey()`, optionally after a `:`-separated scope (the account). */
const hashedHostKey = /^(?:[^.]*:)?[A-Za-z0-9_-]{22}$/

export function isHostRule(name: LimitRuleName): boolean {
  return name === 'target_host' || name === 'global_host'
}

export type AdmissionLimits = {
  fetchPerWindow: number
  generalPerWindow: number
  targetHostPerWindow: number
  globalHostPerWindow: number
  windowMs: number
  inFlight: number
  /** Longer than the longest fetch (all hops, fail-over included), or slots are handed out twice. */
  inFlightLeaseMs: number
  trialRequests: number
}

/** SPEC 8; the global per-host ceiling is "not shown" there and ours to choose (an operator changes it). */
export const defaultLimits: Readonly<AdmissionLimits> = Object.freeze({
  fetchPerWindow: 120,
  generalPerWindow: 300,
  targetHostPerWindow: 60,
  globalHostPerWindow: 600,
  windowMs: 60_000,
  inFlight: 20,
  inFlightLeaseMs: 120_000,
  trialRequests: 1_000,
})

/**
 * The admission of one fetch. Account-scoped keys carry the account id in a `{...}` Redis Cluster hash tag so
 * they share a slot; the global per-host key cannot (it is shared by every account).
 */
export function fetchAdmission(input: {
  accountId: string
  hostKey: string
  limits?: AdmissionLimits
  /** Count against the trial allowance (accounts without a paid plan). */
  trial?: boolean
  /** The trial requests the usage ledger holds already: the least the trial counter may start from. */
  trialUsed?: number | undefined
  now?: number
}): AdmissionRequest {
  const limits = input.limits ?? defaultLimits
  const account = `{${input.accountId}}`
  const windowMs = limits.windowMs
  const request: AdmissionRequest = {
    rules: [
      { name: 'account_fetch', key: account, limit: limits.fetchPerWindow, windowMs },
      {
        name: 'target_host',
        key: `${account}:${input.hostKey}`,
        limit: limits.targetHostPerWindow,
        windowMs,
      },
      { name: 'global_host', key: input.hostKey, limit: limits.globalHostPerWindow, windowMs },
    ],
    inFlight: { key: account, limit: limits.inFlight, leaseMs: limits.inFlightLeaseMs },
  }
  if (input.trial === true) {
    request.quota = { key: account, limit: limits.trialRequests, amount: 1 }
    if (input.trialUsed !== undefined) request.quota.floor = input.trialUsed
  }
  if (input.now !== undefined) request.now = input.now
  return request
}

/**
 * The admission of one redirect hop after the first (ADR 0010): only the two host rules, for the hop's host.
 * The account's fetch budget, in-flight slot and trial were taken once for the fetch.
 */
export function hopAdmission(input: {
  accountId: string
  hostKey: string
  limits?: AdmissionLimits
  now?: number
}): AdmissionRequest {
  const request = fetchAdmission({ ...input, trial: false })
  request.rules = request.rules.filter((rule) => isHostRule(rule.name))
  delete request.inFlight
  return request
}

/** Every other data-plane endpoint (SPEC 8 "general rate"). */
export function generalAdmission(input: {
  accountId: string
  limits?: AdmissionLimits
  now?: number
}): AdmissionRequest {
  const limits = input.limits ?? defaultLimits
  const request: AdmissionRequest = {
    rules: [
      {
        name: 'account_general',
        key: `{${input.accountId}}`,
        limit: limits.generalPerWindow,
        windowMs: limits.windowMs,
      },
    ],
  }
  if (input.now !== undefined) request.now = input.now
  return request
}

/** A request after `checkRequest`: validated, with its `now` fixed. */
export type CheckedRequest = Omit<AdmissionRequest, 'now'> & { now: number }

const ruleNames: ReadonlySet<string> = new Set([
  'account_fetch',
  'account_general',
  'target_host',
  'global_host',
])

function positiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0
}

/**
 * Programming errors (a bad limit, a host name where a keyed hash belongs) throw a TypeError: they are
 * bugs in the caller, not outcomes to branch on.
 */
export function checkRequest(request: AdmissionRequest, clock: Clock): CheckedRequest {
  const now = request.now ?? clock.now()
  if (!Number.isSafeInteger(now) || now < 0)
    throw new TypeError(`admission: now must be epoch ms, got ${now}`)
  const { rules } = request
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!
    if (!ruleNames.has(rule.name)) throw new TypeError(`admission: unknown rule ${String(rule.name)}`)
    if (rule.key === '') throw new TypeError(`admission: ${rule.name} has an empty key`)
    if (!positiveInteger(rule.limit) || !positiveInteger(rule.windowMs)) {
      throw new TypeError(`admission: ${rule.name} needs a positive whole limit and windowMs`)
    }
    // Never a host name in a store (DESIGN 7): the message does not repeat the key either.
    if (isHostRule(rule.name) && !hashedHostKey.test(rule.key)) {
      throw new TypeError(`admission: ${rule.name} key must be a hostKey() hash, not a host name`)
    }
    for (let j = 0; j < i; j++) {
      if (rules[j]!.name === rule.name && rules[j]!.key === rule.key) {
        throw new TypeError(`admission: ${rule.name} appears twice for one key`)
      }
    }
  }
  const { inFlight, quota } = request
  if (
    inFlight !== undefined &&
    (inFlight.key === '' || !positiveInteger(inFlight.limit) || !positiveInteger(inFlight.leaseMs))
  ) {
    throw new TypeError('admission: inFlight needs a key, a positive whole limit and leaseMs')
  }
  if (
    quota !== undefined &&
    (quota.key === '' ||
      !Number.isSafeInteger(quota.limit) ||
      quota.limit < 0 ||
      quota.amount !== 1 ||
      (quota.floor !== undefined && (!Number.isSafeInteger(quota.floor) || quota.floor < 0)))
  ) {
    throw new TypeError('admission: quota needs a key, a whole limit >= 0, amount 1 and a whole floor >= 0')
  }
  return { ...request, now }
}

/**
 * What a store saw of one log inside its atomic step, before recording: the entries in the window, and the
 * time of the entry at index `max(0, count - limit)` from the oldest. That is the entry whose departure
 * brings the count under the limit (the oldest one, unless the limit was lowered), or `undefined` when empty.
 * For in-flight leases the time is the lease's expiry.
 */
export type LogSeen = { count: number; pivot: number | undefined }

export type Seen = { rules: readonly LogSeen[]; inFlight: LogSeen | undefined; quotaUsed: number | undefined }

/** Index of the pivot entry (see LogSeen). */
export function pivotIndex(count: number, limit: number): number {
  return count >= limit ? count - limit : 0
}

/** The admission rule itself; the Redis script applies the same test in Lua. */
export function admits(request: CheckedRequest, seen: Seen): boolean {
  for (let i = 0; i < request.rules.length; i++) {
    if (seen.rules[i]!.count >= request.rules[i]!.limit) return false
  }
  if (request.inFlight !== undefined && seen.inFlight!.count >= request.inFlight.limit) return false
  if (request.quota !== undefined && seen.quotaUsed! + request.quota.amount > request.quota.limit)
    return false
  return true
}

/**
 * A full in-flight semaphore frees up when any fetch ends, which is usually long before a lease expires:
 * suggest a short retry, or the lease expiry when that is sooner.
 */
export const inFlightRetryMs = 1_000

/** Turns what the store saw and decided into the answer: states for the headers, reason and Retry-After. */
export function settle(
  request: CheckedRequest,
  seen: Seen,
  admitted: boolean,
  inFlightToken?: string,
): Admission {
  const { now } = request
  const states = request.rules.map((rule, i): RuleState => {
    const log = seen.rules[i]!
    const count = log.count + (admitted ? 1 : 0)
    const pivot = log.pivot ?? (admitted ? now : undefined)
    return {
      name: rule.name,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetMs: pivot === undefined ? rule.windowMs : Math.max(0, pivot + rule.windowMs - now),
    }
  })
  if (admitted)
    return inFlightToken === undefined ? { admitted, states } : { admitted, states, inFlightToken }

  const { quota, inFlight } = request
  if (quota !== undefined && seen.quotaUsed! + quota.amount > quota.limit) {
    // A total, not a window: waiting does not help (the trial's own rules decide what does).
    return { admitted, reason: 'quota_exhausted', retryAfterMs: 0, states }
  }
  let accountRefused = false
  let hostRefused = false
  let retryAfterMs = 0
  request.rules.forEach((rule, i) => {
    const log = seen.rules[i]!
    if (log.count < rule.limit) return
    if (isHostRule(rule.name)) hostRefused = true
    else accountRefused = true
    // The request passes only once every refusing rule has room: the latest of their moments.
    retryAfterMs = Math.max(retryAfterMs, states[i]!.resetMs)
  })
  const inFlightSeen = seen.inFlight
  const inFlightRefused = inFlight !== undefined && inFlightSeen!.count >= inFlight.limit
  if (inFlightRefused) {
    const expiresIn = Math.max(0, (inFlightSeen!.pivot ?? now) - now)
    retryAfterMs = Math.max(retryAfterMs, Math.min(inFlightRetryMs, expiresIn))
  }
  const reason: RefusalReason = accountRefused
    ? 'rate_limited'
    : hostRefused
      ? 'target_rate_limited'
      : 'in_flight'
  return { admitted, reason, retryAfterMs, states }
}
