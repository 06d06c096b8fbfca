/**
 * The decimal text of a whole number, as `String(n)` writes it, for numbers past V8's small integers.
 *
 * V8 keeps a whole number under 2^30 as a small integer, and the text of one it met lately comes from its
 * number-string cache. A time in milliseconds since 1970 is past that: it is a heap number, whose text V8
 * writes in its runtime with its general algorithm for doubles every time (about 1,100 instructions on Node
 * 20). The admission script takes three such times a fetch as text (redis-admission-store.ts). Split into
 * its millions, a small integer that changes every 16 minutes, and two groups of three digits from a table,
 * the same text costs a few hundred (docs/performance.md, "2026-12-07 (fortieth)").
 */

/** Every number under 1,000 as three digits. */
const threeDigits = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'))

/** Past this, V8 holds a whole number as a heap number (2^30: a small integer has 31 bits, sign included). */
const smallIntegerLimit = 2 ** 30

/** `String(n)` for any number; its own way for a safe integer of at least 2^30 (or at most -2^30). */
export function integerText(n: number): string {
  if (n < smallIntegerLimit && n > -smallIntegerLimit) return `${n}`
  if (!Number.isSafeInteger(n)) return `${n}`
  if (n < 0) return `-${integerText(-n)}`
  // Exact: `%` of whole numbers is, and `n - low` is a whole number of millions.
  const low = n % 1_000_000
  const millions = (n - low) / 1_000_000
  const thousands = (low - (low % 1000)) / 1000
  return `${millions}${threeDigits[thousands]!}${threeDigits[low % 1000]!}`
}
