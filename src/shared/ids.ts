import { randomBytes } from 'node:crypto'

/** The base62 digits, in the order of their values. */
export const base62Alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const alphabet = base62Alphabet

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

/** Every two-digit base62 string, in order: the last two digits of a request id. */
let digitPairs: readonly string[] | undefined

/** `value` in `width` base62 digits, most significant first (API key checksums, request ids). */
export function base62Digits(value: number, width: number): string {
  let digits = ''
  for (let i = 0, rest = value; i < width; i++, rest = Math.floor(rest / 62))
    digits = alphabet[rest % 62]! + digits
  return digits
}

/**
 * Request ids on the hot path: a random per-process prefix and a counter, so ids stay unique across
 * processes without a random draw per request. Ids identify; they are not secrets. The counter is written
 * in `counterLength` base62 digits, of which all but the last two change once every 3,844 ids: they are
 * kept with the prefix, and an id is that and a pair of digits from a table (one join, where a digit at a
 * time made twelve).
 */
export function createRequestIds(prefixLength = 8, counterLength = 12): () => string {
  if (!Number.isInteger(counterLength) || counterLength < 2)
    throw new RangeError('counterLength must be >= 2')
  const base = `req_${randomBase62(prefixLength)}`
  const pairs = (digitPairs ??= Array.from({ length: 62 * 62 }, (_, pair) => base62Digits(pair, 2)))
  let counter = 0
  let block = -1
  let head = ''
  return () => {
    const n = counter++
    const high = Math.floor(n / pairs.length)
    if (high !== block) {
      block = high
      head = base + base62Digits(high, counterLength - 2)
    }
    return head + pairs[n - high * pairs.length]!
  }
}
