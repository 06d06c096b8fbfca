/**
 * The in-process twin of the admission store (the embedded default, `sallyport dev`). One `admit` runs to
 * completion without awaiting, so it is atomic within the process; it says nothing about other processes.
 *
 * Each log is an array of admission times, oldest first, read from a moving head: pruning advances the head
 * and the array is compacted once the head passes half of it, so a check is amortised O(1). Logs never hold
 * more than `limit` entries (refusals record nothing). Memory stays bounded: a log or lease set that empties
 * is dropped when touched, and a sweep every max(1024, keys) admissions drops the ones nobody touches again.
 *
 * Key state (ADR 0011) is kept here too: the revoking code runs in this same process (one gateway, DESIGN 1),
 * so a marker written by a revocation is seen by the very next admission, exactly as in Redis.
 */
import { systemClock, type Clock } from '../../shared/clock.ts'
import {
  allKeys,
  keyStateTtlMs,
  revocationMarkerMinMs,
  type Admission,
  type AdmissionRequest,
  type AdmissionStore,
  type LimitRuleName,
} from './admission.ts'
import {
  admits,
  checkRequest,
  keyRefused,
  keyVerdict,
  newKeyEpoch,
  pivotIndex,
  settle,
  type LogSeen,
} from './admission-decision.ts'

type Log = { times: number[]; head: number; windowMs: number }

/**
 * An in-flight semaphore's leases: each token's expiry, and a time at or before the soonest of them. Until
 * then no lease can have expired, so an admission does not look at them: one pass per lease lifetime rather
 * than one per admission, which at hundreds of fetches in flight was most of an admission's work.
 */
type Leases = { expiries: Map<string, number>; soonest: number }

/** An account's key epoch and revoked key ids, as the Redis hash holds them, with the same expiry. */
type KeyState = { epoch: string | undefined; revoked: Set<string>; expiresAt: number }

export type MemoryAdmissionStore = AdmissionStore & {
  /** Every key held, as `kind:key` (for tests and a gauge). */
  keys(): string[]
}

const sweepEveryAtLeast = 1024
const compactAfter = 64

function prune(log: Log, now: number): void {
  const edge = now - log.windowMs
  const { times } = log
  while (log.head < times.length && times[log.head]! <= edge) log.head++
  if (log.head >= compactAfter && log.head * 2 >= times.length) {
    times.splice(0, log.head)
    log.head = 0
  }
}

function record(log: Log, at: number): void {
  const { times } = log
  if (times.length === log.head || times[times.length - 1]! <= at) {
    times.push(at)
    return
  }
  // Only a clock that went backwards lands here: keep the log sorted.
  let low = log.head
  let high = times.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (times[middle]! <= at) low = middle + 1
    else high = middle
  }
  times.splice(low, 0, at)
}

function pruneLeases(leases: Leases, now: number): void {
  if (now < leases.soonest) return
  let soonest = Infinity
  for (const [token, expiresAt] of leases.expiries) {
    if (expiresAt <= now) leases.expiries.delete(token)
    else if (expiresAt < soonest) soonest = expiresAt
  }
  leases.soonest = soonest
}

export function createMemoryAdmissionStore({
  clock = systemClock,
}: { clock?: Clock } = {}): MemoryAdmissionStore {
  const logs: Record<LimitRuleName, Map<string, Log>> = {
    account_fetch: new Map(),
    account_general: new Map(),
    target_host: new Map(),
    global_host: new Map(),
  }
  const leases = new Map<string, Leases>()
  const used = new Map<string, number>()
  const keyStates = new Map<string, KeyState>()
  let nextToken = 0
  let admissionsSinceSweep = 0
  let closed = false

  function keyState(scope: string, now: number): KeyState | undefined {
    const state = keyStates.get(scope)
    if (state !== undefined && state.expiresAt <= now) {
      keyStates.delete(scope)
      return undefined
    }
    return state
  }

  function keyCount(): number {
    let count = leases.size + used.size + keyStates.size
    for (const map of Object.values(logs)) count += map.size
    return count
  }

  function sweep(now: number): void {
    for (const map of Object.values(logs)) {
      for (const [key, log] of map) {
        prune(log, now)
        if (log.head === log.times.length) map.delete(key)
      }
    }
    for (const [key, set] of leases) {
      pruneLeases(set, now)
      if (set.expiries.size === 0) leases.delete(key)
    }
    for (const scope of keyStates.keys()) keyState(scope, now)
  }

  function assertOpen(): void {
    if (closed) throw new Error('admission store is closed')
  }

  function admit(input: AdmissionRequest): Admission {
    assertOpen()
    const request = checkRequest(input, clock)
    const { now, rules, inFlight, quota } = request
    if (++admissionsSinceSweep >= sweepEveryAtLeast && admissionsSinceSweep >= keyCount()) {
      admissionsSinceSweep = 0
      sweep(now)
    }
    if (request.key !== undefined) {
      const state = keyState(request.key.scope, now)
      const refusal = keyVerdict(request.key.epoch, {
        epoch: state?.epoch,
        revoked: state !== undefined && (state.revoked.has(request.key.keyId) || state.revoked.has(allKeys)),
      })
      if (refusal !== undefined) return keyRefused(refusal)
    }

    const found: (Log | undefined)[] = []
    const seenRules: LogSeen[] = []
    for (const rule of rules) {
      const log = logs[rule.name].get(rule.key)
      found.push(log)
      if (log === undefined) {
        seenRules.push({ count: 0, pivot: undefined })
        continue
      }
      log.windowMs = rule.windowMs
      prune(log, now)
      const count = log.times.length - log.head
      seenRules.push({ count, pivot: log.times[log.head + pivotIndex(count, rule.limit)] })
    }
    let seenInFlight: LogSeen | undefined
    const leaseSet = inFlight === undefined ? undefined : leases.get(inFlight.key)
    if (inFlight !== undefined) {
      if (leaseSet === undefined) seenInFlight = { count: 0, pivot: undefined }
      else {
        pruneLeases(leaseSet, now)
        const count = leaseSet.expiries.size
        const pivot =
          count >= inFlight.limit
            ? [...leaseSet.expiries.values()].sort((a, b) => a - b)[pivotIndex(count, inFlight.limit)]
            : undefined
        seenInFlight = { count, pivot }
      }
    }
    const seen = {
      rules: seenRules,
      inFlight: seenInFlight,
      quotaUsed: quota === undefined ? undefined : Math.max(used.get(quota.key) ?? 0, quota.floor ?? 0),
    }

    const admitted = admits(request, seen)
    if (!admitted) {
      // Nothing recorded; drop what pruning emptied so a refused stream of new keys cannot grow memory.
      rules.forEach((rule, i) => {
        const log = found[i]
        if (log !== undefined && log.head === log.times.length) logs[rule.name].delete(rule.key)
      })
      if (inFlight !== undefined && leaseSet?.expiries.size === 0) leases.delete(inFlight.key)
      return settle(request, seen, false)
    }
    rules.forEach((rule, i) => {
      let log = found[i]
      if (log === undefined) {
        log = { times: [], head: 0, windowMs: rule.windowMs }
        logs[rule.name].set(rule.key, log)
      }
      record(log, now)
    })
    let token: string | undefined
    if (inFlight !== undefined) {
      token = `lease_${(++nextToken).toString(36)}`
      let set = leaseSet
      if (set === undefined) {
        set = { expiries: new Map(), soonest: Infinity }
        leases.set(inFlight.key, set)
      }
      const expiresAt = now + inFlight.leaseMs
      set.expiries.set(token, expiresAt)
      // A release leaves `soonest` where it was: still at or before every lease left.
      if (expiresAt < set.soonest) set.soonest = expiresAt
    }
    if (quota !== undefined) used.set(quota.key, seen.quotaUsed! + quota.amount)
    return settle(request, seen, true, token)
  }

  return {
    // Decided here and now: the answer itself, and a failure (a closed store, a malformed request) as a
    // rejection, as the contract has it.
    admit: (input) => {
      try {
        return admit(input)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },

    release: async (inFlightKey, token) => {
      assertOpen()
      const set = leases.get(inFlightKey)
      if (set === undefined) return
      set.expiries.delete(token)
      if (set.expiries.size === 0) leases.delete(inFlightKey)
    },

    refundQuota: async (key) => {
      assertOpen()
      const value = used.get(key) ?? 0
      if (value <= 1) used.delete(key)
      else used.set(key, value - 1)
    },

    quotaUsed: async (key) => {
      assertOpen()
      return used.get(key) ?? 0
    },

    keyEpoch: async (scope) => {
      assertOpen()
      const now = clock.now()
      let state = keyState(scope, now)
      if (state === undefined) {
        state = { epoch: undefined, revoked: new Set(), expiresAt: now + keyStateTtlMs }
        keyStates.set(scope, state)
      }
      state.epoch ??= newKeyEpoch()
      return state.epoch
    },

    markRevoked: async (scope, keyId) => {
      assertOpen()
      const now = clock.now()
      let state = keyState(scope, now)
      if (state === undefined) {
        state = { epoch: undefined, revoked: new Set(), expiresAt: now }
        keyStates.set(scope, state)
      }
      state.revoked.add(keyId)
      state.expiresAt = Math.max(state.expiresAt, now + revocationMarkerMinMs)
    },

    close: async () => {
      closed = true
      keyStates.clear()
      for (const map of Object.values(logs)) map.clear()
      leases.clear()
      used.clear()
    },

    keys: () => [
      ...Object.entries(logs).flatMap(([name, map]) => [...map.keys()].map((key) => `${name}:${key}`)),
      ...[...leases.keys()].map((key) => `inflight:${key}`),
      ...[...used.keys()].map((key) => `trial:${key}`),
      ...[...keyStates.keys()].map((key) => `keys:${key}`),
    ],
  }
}
