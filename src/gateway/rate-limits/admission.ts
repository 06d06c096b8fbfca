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
 *
 * The same step confirms the API key when the gateway answered it from its in-memory cache (ADR 0011): see
 * `KeyCheck`. The checking and settling the twins share live in admission-decision.ts.
 */
import { createHmac } from 'node:crypto'
import { remembered } from '../../shared/remembered.ts'
import { canonicalHost } from '../../shared/canonical-host.ts'

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

/**
 * The API key a request was authenticated with from the gateway's in-memory key cache (ADR 0011, DESIGN 6).
 * The store refuses with `key_revoked` when a revocation marker names the key (or every key of its account),
 * and with `key_unconfirmed` when the account's key epoch is not `epoch`, the one the cache entry was filled
 * under: a Redis that restarted empty, or key state that expired. The caller then asks the database again
 * (a cache never answers alone). Checked before every rule; a key refusal records nothing.
 */
export type KeyCheck = {
  /** The account's hash tag, `accountScope(accountId)`. */
  scope: string
  keyId: string
  epoch: string
}

/** A revocation marker for every key of the account (its deletion). */
export const allKeys = '*'

/**
 * How long an account's key state (epoch and revocation markers) lives after its epoch is created. Its
 * expiry is always safe: the epoch goes with the markers, so every cache entry filled under it is confirmed
 * against the database again. It only bounds the bytes a revoked key leaves in the store.
 */
export const keyStateTtlMs = 60 * 60_000

/**
 * A revocation marker lives at least this long after it is written: it is written before the database
 * change too, and must outlast that change (a statement time-out is seconds) and the refills that raced it.
 */
export const revocationMarkerMinMs = 10 * 60_000

/**
 * An account's scope and its hosts' keys within it, kept for the accounts and hosts fetched from last: a
 * fetch's keys are then the same strings each time (`remembered`). At most 4,096 accounts of 64 hosts each.
 */
const accountKeys = remembered((accountId) => {
  const scope = `{${accountId}}`
  return { scope, hostScope: remembered((hostKey) => `${scope}:${hostKey}`, 64) }
}, 4096)

/**
 * The hash tag of every account-scoped key (Redis Cluster puts all of them in one slot), the same string each
 * time for the accounts seen last (`accountKeys`).
 */
export function accountScope(accountId: string): string {
  return accountKeys(accountId).scope
}

export type AdmissionRequest = {
  /** Confirms a cached API key in the same step (ADR 0011). */
  key?: KeyCheck
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

export type RefusalReason =
  'rate_limited' | 'target_rate_limited' | 'in_flight' | 'quota_exhausted' | KeyRefusal

/** The key is revoked (invalid_api_key), or its cache entry must be confirmed by the database first. */
export type KeyRefusal = 'key_revoked' | 'key_unconfirmed'

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
  /**
   * Every rule of the request in one step. A store that decides in its own memory (the embedded one)
   * answers at once, others with a promise; a failure is always a rejection, never a throw (ADR 0031).
   */
  admit(request: AdmissionRequest): Admission | Promise<Admission>
  /** End of the fetch: frees the in-flight slot. A token that expired or was released is ignored. */
  release(inFlightKey: string, token: string): Promise<void>
  /** The fetch produced no billable envelope (DESIGN 2): give one unit of the quota back, never below 0. */
  refundQuota(key: string): Promise<void>
  quotaUsed(key: string): Promise<number>
  /**
   * The account's key epoch, created when missing. A cache entry is filled under the epoch read AFTER its
   * database lookup began, so a revocation that raced the lookup left its marker where the entry is checked.
   */
  keyEpoch(scope: string): Promise<string>
  /** Marks `keyId` (or `allKeys`) of the account revoked, for at least `revocationMarkerMinMs`. */
  markRevoked(scope: string, keyId: string): Promise<void>
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

/**
 * `hostKey` for one secret, remembering the hosts it hashed last: an HMAC per fetch was about 3% of a fetch's
 * CPU, and callers fetch from few hosts again and again. At most `capacity` hosts are kept (a caller
 * choosing a new host per request gets the HMAC each time, never an unbounded map); the oldest entry goes
 * first. The hosts stay in this process's memory only, as they already do while a fetch runs (DESIGN 7).
 */
export function hostKeys(secret: string, capacity = 4096): (host: string) => string {
  return remembered((host) => hostKey(secret, host), capacity)
}

export function isHostRule(name: LimitRuleName): boolean {
  return name === 'target_host' || name === 'global_host'
}

/**
 * Whether the `RateLimit` field reports the rule. The global per-host ceiling is not advertised (SPEC 8 keeps
 * its value ours): its state matters only when it refuses, for `Retry-After`.
 */
export function isAdvertised(name: LimitRuleName): boolean {
  return name !== 'global_host'
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
  key?: KeyCheck | undefined
  now?: number
}): AdmissionRequest {
  const limits = input.limits ?? defaultLimits
  const keys = accountKeys(input.accountId)
  const account = keys.scope
  const windowMs = limits.windowMs
  const request: AdmissionRequest = {
    rules: [
      { name: 'account_fetch', key: account, limit: limits.fetchPerWindow, windowMs },
      {
        name: 'target_host',
        key: keys.hostScope(input.hostKey),
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
  if (input.key !== undefined) request.key = input.key
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
  key?: KeyCheck | undefined
  now?: number
}): AdmissionRequest {
  const limits = input.limits ?? defaultLimits
  const request: AdmissionRequest = {
    rules: [
      {
        name: 'account_general',
        key: accountScope(input.accountId),
        limit: limits.generalPerWindow,
        windowMs: limits.windowMs,
      },
    ],
  }
  if (input.key !== undefined) request.key = input.key
  if (input.now !== undefined) request.now = input.now
  return request
}
