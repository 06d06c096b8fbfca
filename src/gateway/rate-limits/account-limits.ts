/**
 * The limits one account's requests are admitted under: the deployment's (SPEC 8, SALLYPORT_GLOBAL_HOST_LIMIT,
 * SALLYPORT_MAX_IN_FLIGHT) with the account's own overrides on top (`sallyport admin set-limits`, stored in
 * `account_limits`).
 *
 * Asked on every data-plane request, so it answers from memory: an account's overrides are reused for
 * `cacheMs` (5 s), so a change made with the CLI reaches every gateway within that time, and the accounts in
 * use are read again together in the background, one statement for all (batched-reads.ts). That is
 * fine for limits (an operator's change, not a security decision; keys are never cached like this). Accounts
 * without overrides, nearly all of them, share one frozen object.
 */
import { createBatchedReads } from '../../shared/batched-reads.ts'
import type { Clock } from '../../shared/clock.ts'
import { defaultLimits, type AdmissionLimits, type AdmissionStore } from './admission.ts'
import type { AccountLimitsRepository, LimitOverrides } from './account-limits-repository.ts'

export type AccountLimitsSource = {
  /** A value when cached (the hot path awaits nothing), else a promise of it. */
  limitsFor(accountId: string): AdmissionLimits | Promise<AdmissionLimits>
}

/** What admission needs besides the request: the store, each account's limits, the host-key secret. */
export type RateLimitDeps = {
  store: AdmissionStore
  limits: AccountLimitsSource
  /** HMAC secret of the per-host keys (DESIGN 7); the same on every gateway that shares the store. */
  hostKeySecret: string
}

/** The deployment's limits: SPEC 8's figures with the operator's global ceiling, in-flight cap and lease. */
export function deploymentLimits(settings: {
  globalHostPerMinute: number
  maxInFlight: number
  inFlightLeaseMs: number
}): Readonly<AdmissionLimits> {
  return Object.freeze({
    ...defaultLimits,
    globalHostPerWindow: settings.globalHostPerMinute,
    inFlight: settings.maxInFlight,
    inFlightLeaseMs: settings.inFlightLeaseMs,
  })
}

export function withOverrides(
  base: Readonly<AdmissionLimits>,
  overrides: LimitOverrides | undefined,
): Readonly<AdmissionLimits> {
  if (overrides === undefined || Object.keys(overrides).length === 0) return base
  return Object.freeze({
    ...base,
    fetchPerWindow: overrides.fetchPerMinute ?? base.fetchPerWindow,
    targetHostPerWindow: overrides.hostPerMinute ?? base.targetHostPerWindow,
    generalPerWindow: overrides.generalPerMinute ?? base.generalPerWindow,
    inFlight: overrides.maxInFlight ?? base.inFlight,
  })
}

/** The same limits for every account: tests and tools without a database. */
export function fixedLimits(limits: Readonly<AdmissionLimits> = defaultLimits): AccountLimitsSource {
  return { limitsFor: () => limits }
}

export type AccountLimitsOptions = {
  repo: Pick<AccountLimitsRepository, 'findMany'>
  defaults: Readonly<AdmissionLimits>
  clock: Clock
  cacheMs?: number
  /** Accounts kept in memory at most; the least recently read go first. */
  maxAccounts?: number
  /** How long a batch of background reads waits for more accounts (batched-reads.ts; default there). */
  refreshGatherMs?: number
}

export const accountLimitsCacheMs = 5_000

export function createAccountLimits({
  repo,
  defaults,
  clock,
  cacheMs = accountLimitsCacheMs,
  maxAccounts = 100_000,
  refreshGatherMs,
}: AccountLimitsOptions): AccountLimitsSource {
  // Every account in use is read again in one statement with the others (batched-reads.ts).
  const reads = createBatchedReads<Readonly<AdmissionLimits>>({
    read: async (accountIds) => {
      const overrides = await repo.findMany(accountIds)
      return new Map(accountIds.map((id) => [id, withOverrides(defaults, overrides.get(id))]))
    },
    ttlMs: cacheMs,
    maxEntries: maxAccounts,
    refreshGatherMs,
  })
  return { limitsFor: (accountId) => reads.get(accountId, clock.now()) }
}
