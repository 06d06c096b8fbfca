import { randomBytes } from 'node:crypto'

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Uniform base62 string from rejection-sampled random bytes. */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes at or above it would bias the first characters.
      if (byte < 248) out += alphabet[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

export type IdPrefix = 'acct' | 'key' | 'sess' | 'req' | 'node' | 'pchg'

export function newId(prefix: IdPrefix, length = 20): string {
  return `${prefix}_${randomBase62(length)}`
}

/**
 * Request ids on the hot path: a random per-process prefix and a counter, so ids stay unique across
 * processes without a random draw per request. Ids identify; they are not secrets.
 */
export function createRequestIds(prefixLength = 8, counterLength = 12): () => string {
  const base = `req_${randomBase62(prefixLength)}`
  let counter = 0
  return () => {
    let n = counter++
    let digits = ''
    for (let i = 0; i < counterLength; i++) {
      digits = alphabet[n % 62]! + digits
      n = Math.floor(n / 62)
    }
    return base + digits
  }
}
