/** Deployment-wide rate limits and the plan catalog's overrides (docs/rate-limits.md, docs/billing.md). */
import process from 'node:process'
import { defaults } from './defaults.ts'
import { ConfigError, integer, optional, type Env } from './env-parsing.ts'

/** Deployment-wide rate limits (SPEC 8); per-account overrides come from `sallyport admin set-limits`. */
export type LimitsConfig = Readonly<{
  /** SALLYPORT_GLOBAL_HOST_LIMIT: fetches per minute to one target host, all accounts together. */
  globalHostPerMinute: number
  /** SALLYPORT_MAX_IN_FLIGHT: concurrent fetches per account, unless the account has its own. */
  maxInFlight: number
}>

export function loadLimitsConfig(env: Env = process.env): LimitsConfig {
  return Object.freeze({
    globalHostPerMinute: integer(
      'SALLYPORT_GLOBAL_HOST_LIMIT',
      env.SALLYPORT_GLOBAL_HOST_LIMIT,
      defaults.globalHostPerMinute,
      1,
    ),
    maxInFlight: integer('SALLYPORT_MAX_IN_FLIGHT', env.SALLYPORT_MAX_IN_FLIGHT, defaults.maxInFlight, 1),
  })
}

/** Per plan id, the fields an operator changes (docs/billing.md); validated by the plan catalog. */
export type PlanOverrides = Readonly<Record<string, unknown>>

/** SALLYPORT_PLANS: a JSON object of plan overrides, e.g. `{"entry":{"monthly_fee_usd":"29.00"}}`. */
export function loadPlanOverrides(env: Env = process.env): PlanOverrides {
  const raw = optional(env.SALLYPORT_PLANS)
  if (raw === undefined) return Object.freeze({})
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ConfigError('SALLYPORT_PLANS must be a JSON object (see docs/billing.md)')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('SALLYPORT_PLANS must be a JSON object (see docs/billing.md)')
  }
  return Object.freeze(parsed as Record<string, unknown>)
}
