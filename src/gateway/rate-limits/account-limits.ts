/**
 * The limits one account's requests are admitted under: the deployment's (SPEC 8, SALLYPORT_GLOBAL_HOST_LIMIT,
 * SALLYPORT_MAX_IN_FLIGHT) with the account's own overrides on top (`sallyport admin set-limits`, stored in
 * `account_limits`).
 *
 * Asked on every data-plane request, so it answers from memory: an account's overrides are read once and
 * reused for `cacheMs` (5 s), so a change made with the CLI reaches every gateway within that time. That is
 * fine for limits (an operator's change, not a security decision; keys are never cached like this). Accounts
 * without overrides, nearly all of them, share one frozen object.
 */
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
  repo: Pick<AccountLimitsRepository, 'find'>
  defaults: Readonly<AdmissionLimits>
  clock: Clock
  cacheMs?: number
  /** Accounts kept in memory at most; the least recently loaded go first. */
  maxAccounts?: number
}

type Cached = { limits: Readonly<AdmissionLimits>; loadedAt: number }

export const accountLimitsCacheMs = 5_000

export function createAccountLimits({
  repo,
  defaults,
  clock,
  cacheMs = accountLimitsCacheMs,
  maxAccounts = 100_000,
}: AccountLimitsOptions): AccountLimitsSource {
  const cache = new Map<string, Cached>()
  const loading = new Map<string, Promise<Readonly<AdmissionLimits>>>()

  async function load(accountId: string): Promise<Readonly<AdmissionLimits>> {
    const limits = withOverrides(defaults, await repo.find(accountId))
    cache.delete(accountId)
    cache.set(accountId, { limits, loadedAt: clock.now() })
    if (cache.size > maxAccounts) cache.delete(cache.keys().next().value!)
    return limits
  }

  return {
    limitsFor: (accountId) => {
      const cached = cache.get(accountId)
      const now = clock.now()
      if (cached !== undefined && now - cached.loadedAt < cacheMs && now >= cached.loadedAt)
        return cached.limits
      // Concurrent requests of one account share one read; a failed read is not remembered.
      let pending = loading.get(accountId)
      if (pending === undefined) {
        pending = load(accountId).finally(() => loading.delete(accountId))
        loading.set(accountId, pending)
      }
      return pending
    },
  }
}
