/**
 * Two-factor sign-in with TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1, the parameters every
 * authenticator app reads) through otpauth. Setup is two steps: a pending secret, then the first good
 * code turns it on and answers ten recovery codes, shown once and stored as SHA-256 digests. A code is
 * accepted one step either side of now, and never twice (the last accepted step is kept).
 */
import { randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'
import type { AccountLifeRepository } from './account-life-repository.ts'
import { digestOf } from './secrets.ts'

const period = 30
const recoveryCodeCount = 10

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: 'Sallyport',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  })
}

/** `abcde-fghij`: ten base32 letters, easy to read out and type. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const bytes = randomBytes(10)
  const letters = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
  return `${letters.slice(0, 5)}-${letters.slice(5)}`
}

/** Recovery codes are compared without case, spaces or dashes. */
export function recoveryDigest(code: string): string {
  return digestOf(code.toLowerCase().replace(/[\s-]/g, ''))
}

export function createTwoFactorService({ repo, clock }: { repo: AccountLifeRepository; clock: Clock }) {
  async function enabled(accountId: string): Promise<boolean> {
    const row = await repo.findTotp(accountId)
    return row !== undefined && row.enabled_at !== null
  }

  /** A new pending secret, for the authenticator app: as base32 and as an otpauth:// URI. */
  async function begin(accountId: string, label: string): Promise<{ secret: string; otpauth_uri: string }> {
    if (await enabled(accountId)) {
      throw new AppError(
        'invalid_request',
        'Two-factor sign-in is on already; turn it off first to start again.',
      )
    }
    const secret = new Secret({ size: 20 }).base32
    await repo.savePendingTotp(accountId, secret, clock.now())
    return { secret, otpauth_uri: totpFor(secret, label).toString() }
  }

  /** The step a code is good for, or undefined. */
  function stepOf(secret: string, code: string): number | undefined {
    const now = clock.now()
    const delta = totpFor(secret, 'check').validate({
      token: code.replace(/\s/g, ''),
      timestamp: now,
      window: 1,
    })
    return delta === null ? undefined : Math.floor(now / 1000 / period) + delta
  }

  /** The first good code turns the pending secret on; answers the recovery codes, once. */
  async function confirm(accountId: string, code: string): Promise<string[]> {
    const row = await repo.findTotp(accountId)
    if (row === undefined || row.enabled_at !== null) {
      throw new AppError('invalid_request', 'Start the two-factor setup first.')
    }
    const step = stepOf(row.secret, code)
    if (step === undefined) {
      throw new AppError(
        'invalid_request',
        'code is not the one your app shows now; check the time on your device.',
      )
    }
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode)
    await repo.enableTotp(accountId, step, codes.map(recoveryDigest), clock.now())
    return codes
  }

  /** A 6-digit code of the app, or an unused recovery code. True once per code. */
  async function check(accountId: string, code: string): Promise<boolean> {
    const row = await repo.findTotp(accountId)
    if (row === undefined || row.enabled_at === null) return false
    const trimmed = code.trim()
    if (/^\d{6}$/.test(trimmed.replace(/\s/g, ''))) {
      const step = stepOf(row.secret, trimmed)
      return step !== undefined && (await repo.claimStep(accountId, step))
    }
    return repo.useRecoveryCode(accountId, recoveryDigest(trimmed), clock.now())
  }

  async function status(accountId: string): Promise<{ enabled: boolean; recovery_codes_left: number }> {
    const on = await enabled(accountId)
    return { enabled: on, recovery_codes_left: on ? await repo.countRecoveryCodes(accountId) : 0 }
  }

  return { enabled, begin, confirm, check, status, disable: repo.disableTotp }
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>
