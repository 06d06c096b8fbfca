/**
 * Bearer secrets (mailed tokens, session ids) and their digests. Only the SHA-256 digest is ever stored:
 * a copy of the database opens no account, no session and no mailed link.
 */
import { Buffer } from 'node:buffer'
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/** Constant-time equality of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}

/** Shape check before any lookup: a base64url secret of exactly 32 bytes. */
export function isSecretShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value)
}
