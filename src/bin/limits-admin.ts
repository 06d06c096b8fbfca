/**
 * `sallyport admin set-limits` (DESIGN 4): an account's own rate limits, for enterprise contracts and for
 * benchmarks. Stored in the database (`account_limits`); every gateway reads them within a few seconds
 * (rate-limits/account-limits.ts caches them that long). The global per-host ceiling is not per account:
 * it is SALLYPORT_GLOBAL_HOST_LIMIT.
 */
import { ConfigError } from '../config/env-parsing.ts'
import { loadDatabaseConfig } from '../config/database-config.ts'
import { loadLimitsConfig } from '../config/limits-config.ts'
import { openDatabase } from '../infra/database/database.ts'
import { migrateToLatest } from '../infra/database/migrator.ts'
import { systemClock } from '../shared/clock.ts'
import { createAccountRepository } from '../gateway/accounts/account-repository.ts'
import { normaliseEmail } from '../gateway/accounts/email-address.ts'
import {
  accountLimitsCacheMs,
  deploymentLimits,
  withOverrides,
} from '../gateway/rate-limits/account-limits.ts'
import {
  createAccountLimitsRepository,
  type LimitOverrides,
} from '../gateway/rate-limits/account-limits-repository.ts'

/** A billion a minute is already far past anything a gateway can admit; the column is a 32-bit integer. */
const maxLimit = 1_000_000_000

const flags = {
  'fetch-per-minute': 'fetchPerMinute',
  'host-per-minute': 'hostPerMinute',
  'general-per-minute': 'generalPerMinute',
  'max-in-flight': 'maxInFlight',
} as const satisfies Record<string, keyof LimitOverrides>

/** One limit flag's value: a whole number from 1 to a billion. */
export function parseLimit(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > maxLimit) {
    throw new ConfigError(`'${raw}' is not a whole number from 1 to ${maxLimit.toLocaleString('en-US')}`)
  }
  return Number(raw)
}

export const limitFlags = flags

export async function setLimits(values: LimitOverrides & { email: string; reset: boolean }): Promise<void> {
  const email = normaliseEmail(values.email)
  if (email === undefined) throw new ConfigError(`'${values.email}' is not an e-mail address`)
  const changes: LimitOverrides = {}
  for (const field of Object.values(flags)) {
    const value = values[field]
    if (value !== undefined) changes[field] = value
  }

  const config = loadDatabaseConfig()
  const base = deploymentLimits({ ...loadLimitsConfig(), inFlightLeaseMs: 120_000 })
  const db = openDatabase(config)
  try {
    await migrateToLatest(db)
    const account = await createAccountRepository(db).findByEmailKey(email.key)
    if (account === undefined) throw new ConfigError(`no account for ${email.address}`)
    const repo = createAccountLimitsRepository(db)
    const before = (await repo.find(account.id)) ?? {}
    // --reset drops every override first; flags given with it are the new overrides.
    const after: LimitOverrides = { ...(values.reset ? {} : before), ...changes }
    const changed = values.reset || Object.keys(changes).length > 0
    if (changed) await repo.save(account.id, after, systemClock.now())

    const limits = withOverrides(base, after)
    const show = (value: number, unit: string, field: keyof LimitOverrides) =>
      `${value.toLocaleString('en-US')}${unit}${after[field] === undefined ? ' (default)' : ''}`
    console.log(
      `${changed ? 'set' : 'unchanged:'} limits of ${account.email} (${account.id}): ` +
        `fetch ${show(limits.fetchPerWindow, '/min', 'fetchPerMinute')}, ` +
        `per target host ${show(limits.targetHostPerWindow, '/min', 'hostPerMinute')}, ` +
        `general ${show(limits.generalPerWindow, '/min', 'generalPerMinute')}, ` +
        `in flight ${show(limits.inFlight, '', 'maxInFlight')}`,
    )
    if (changed) {
      console.log(
        `Every gateway applies them within ${accountLimitsCacheMs / 1000} s. The global per-host ceiling ` +
          `(${base.globalHostPerWindow.toLocaleString('en-US')}/min here) is SALLYPORT_GLOBAL_HOST_LIMIT, not per account.`,
      )
    }
  } finally {
    await db.destroy()
  }
}
