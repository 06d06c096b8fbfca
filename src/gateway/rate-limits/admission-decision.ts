/**
 * What both admission stores share inside their atomic step (admission.ts has the contract): the check of a
 * request before it reaches a store, the admission rule itself (`admits`; the Redis script applies the same
 * test in Lua), and the answer built from what the store saw (`settle`), so the twins cannot drift apart.
 */
import { randomBytes } from 'node:crypto'
import type { Clock } from '../../shared/clock.ts'
import { remembered } from '../../shared/remembered.ts'
import {
  isAdvertised,
  isHostRule,
  type Admission,
  type AdmissionRequest,
  type KeyRefusal,
  type RefusalReason,
  type RuleState,
} from './admission.ts'

/**
 * A host rule's key is a `hostKey()`, optionally after a `:`-separated scope (the account). The answer is
 * kept for the keys checked last: a fetch's keys are the same strings each time (admission.ts).
 */
const hostKeyPattern = /^(?:[^.]*:)?[A-Za-z0-9_-]{22}$/
const hashedHostKey = remembered((key) => hostKeyPattern.test(key), 16_384)

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
    if (isHostRule(rule.name) && !hashedHostKey(rule.key)) {
      throw new TypeError(`admission: ${rule.name} key must be a hostKey() hash, not a host name`)
    }
    for (let j = 0; j < i; j++) {
      if (rules[j]!.name === rule.name && rules[j]!.key === rule.key) {
        throw new TypeError(`admission: ${rule.name} appears twice for one key`)
      }
    }
  }
  const { inFlight, quota, key } = request
  if (key !== undefined && (key.scope === '' || key.keyId === '' || key.epoch === '')) {
    throw new TypeError('admission: key needs a scope, a key id and an epoch')
  }
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
 * For in-flight leases the time is the lease's expiry. A store may leave the time out while the log has room
 * for a rule the `RateLimit` field does not report (`isAdvertised`) and for the in-flight leases: nothing
 * reads it then (`settle` does not), and the Redis script saves a command per admission.
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
  const { now, rules } = request
  // A loop, not `rules.map`: every admission runs it, and the callback's calls were a tenth of its cost.
  const states: RuleState[] = []
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!
    const log = seen.rules[i]!
    const count = log.count + (admitted ? 1 : 0)
    // Whether a store read it or not, a rule no header reports dates nothing while it has room (LogSeen).
    const seenPivot = isAdvertised(rule.name) || log.count >= rule.limit ? log.pivot : undefined
    const pivot = seenPivot ?? (admitted ? now : undefined)
    states.push({
      name: rule.name,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetMs: pivot === undefined ? rule.windowMs : Math.max(0, pivot + rule.windowMs - now),
    })
  }
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
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!
    if (seen.rules[i]!.count < rule.limit) continue
    if (isHostRule(rule.name)) hostRefused = true
    else accountRefused = true
    // The request passes only once every refusing rule has room: the latest of their moments.
    retryAfterMs = Math.max(retryAfterMs, states[i]!.resetMs)
  }
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

/** A key refusal answers before any rule is consulted: nothing recorded, no budget state to report. */
export function keyRefused(reason: KeyRefusal): Admission {
  return { admitted: false, reason, retryAfterMs: 0, states: [] }
}

/** The key part of the step, as the Redis script decides it: a marker wins over a changed epoch. */
export function keyVerdict(
  expected: string,
  state: { epoch: string | undefined; revoked: boolean },
): KeyRefusal | undefined {
  if (state.revoked) return 'key_revoked'
  if (state.epoch !== expected) return 'key_unconfirmed'
  return undefined
}

/** A new key epoch: random, so a store that restarted empty can never hand out one a cache still holds. */
export function newKeyEpoch(): string {
  return randomBytes(9).toString('base64url')
}
