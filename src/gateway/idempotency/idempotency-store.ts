/**
 * Idempotent fetches (SPEC 3, DESIGN 6): one interface, two twins that pass one suite
 * (test/suites/idempotency-store-suite.ts): `memory-idempotency-store.ts` for the embedded default and
 * `redis-idempotency-store.ts` for gateways that share state.
 *
 * An entry lives under (account, Idempotency-Key) and is either a claim (a request is running; only the
 * holder of its random token may finish it) or a record (the stored answer, replayed for 24 h). Both
 * carry the request's fingerprint, which is compared FIRST: a key reused for another url or region is
 * `mismatch` whether the first request is still running or done.
 *
 * Privacy (DESIGN 7): an entry holds the fingerprint digest, the token, timestamps and, for a record, the
 * stored response. The Idempotency-Key itself is digested too before it becomes part of a storage key, as a
 * caller may well put a URL in it. Expiry is decided by the `now` the caller passes (one clock for both
 * twins, injectable in tests); the storage's own TTLs only purge.
 *
 * Bounds (docs/adr/0008-bounded-idempotency-records.md): a stored body is compressed (gzip, level 1); each
 * account may hold `accountBudgetBytes` of stored answers (compressed body + headers + a fixed overhead per
 * entry) over the retention period. A new key is refused up front while the account's budget is spent
 * (`budget_spent`), and an answer that does not fit the rest of it is not kept: a small marker takes its place
 * (`not_kept`), so a retry is told the first attempt completed and was billed and never fetches again.
 */
import { Buffer } from 'node:buffer'
import { hash, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzip, gzip } from 'node:zlib'

/** What a replay sends back: the service's own answer, not the target's. */
export type StoredResponse = Readonly<{
  status: number
  /** Lower-case names; only those in `storedHeaderNames`. */
  headers: Readonly<Record<string, string>>
  body: Buffer
}>

/** What `complete` takes: headers outside `storedHeaderNames` are dropped, a string body is UTF-8. */
export type CompletedResponse = Readonly<{
  status: number
  headers: Readonly<Record<string, string | undefined>>
  body: Buffer | string
}>

export type BeginOutcome =
  /** Go ahead: the request is yours; end it with `complete` or `abandon`, passing `token`. */
  | { kind: 'claimed'; token: string }
  /** Answer with `response` and `Idempotency-Replayed: true`; no egress, no billing. */
  | { kind: 'replay'; response: StoredResponse }
  /** 409 `idempotency_in_flight` with `Retry-After: retryAfterSeconds`. */
  | { kind: 'in_flight'; retryAfterSeconds: number }
  /** 422 `idempotency_key_reused`. */
  | { kind: 'mismatch' }
  /**
   * 410 `idempotency_answer_not_kept`: the first request with this key completed and was billed, but its
   * answer did not fit the account's budget. No egress, no billing; the key is spent for its 24 hours.
   */
  | { kind: 'not_kept' }
  /**
   * 429 `idempotency_budget_spent` with `Retry-After: retryAfterSeconds` (when the oldest stored answer
   * expires): the account's stored answers fill its budget, so nothing is claimed and nothing runs.
   */
  | { kind: 'budget_spent'; retryAfterSeconds: number }

export type IdempotencyStore = {
  /** Decides, atomically, what a request carrying `key` does. `fingerprint` comes from `idempotencyFingerprint`. */
  begin(accountId: string, key: string, fingerprint: string, now: number): Promise<BeginOutcome>
  /**
   * Stores `response` (compressed) in place of the claim, for the retention period from `now`; when it does
   * not fit the account's budget, a `not_kept` marker instead. True either way: the claim is ended. False,
   * and nothing stored, when `token` no longer holds the claim (its lease ran out and another request may
   * have taken the key): the caller still answers its own client, only the replay is lost.
   */
  complete(
    accountId: string,
    key: string,
    token: string,
    response: CompletedResponse,
    now: number,
  ): Promise<boolean>
  /** Releases the claim so a retry with the same key runs again. False when `token` no longer holds it. */
  abandon(accountId: string, key: string, token: string): Promise<boolean>
  /** Deletes every claim and record expired at `now`; answers how many went. */
  purgeExpired(now: number): Promise<number>
  /** Stops background work. Does not close a client the store was given. */
  close(): Promise<void>
}

export type IdempotencyOptions = {
  /**
   * How long a claim holds the key before another request may take it over (its holder crashed):
   * the fetch time-out (30 s) plus the gateway's margin and some slack.
   */
  leaseMs?: number
  /** How long a completed response is replayed (SPEC 8: 24 hours), counted from completion. */
  retentionMs?: number
  /** Stored bytes (`chargeOf`) one account may hold at a time; a record lives `retentionMs`. */
  accountBudgetBytes?: number
}

export const idempotencyDefaults = {
  leaseMs: 45_000,
  retentionMs: 24 * 60 * 60 * 1000,
  sweepIntervalMs: 60_000,
  keyPrefix: 'sallyport:idem:',
  /** 64 MiB of compressed answers per account: a few thousand web pages, six 10 MiB binary bodies. */
  accountBudgetBytes: 64 * 1024 * 1024,
  /** The memory twin only: every account of the process together (`sallyport dev`). */
  processBudgetBytes: 256 * 1024 * 1024,
} as const

/**
 * What an entry costs besides its body and headers: the storage key, fingerprint, status, expiry, the
 * ledger's entry and the store's own bookkeeping (a Redis hash and a sorted-set member, or a Map entry).
 * A `not_kept` marker costs this alone. It also bounds the number of entries: budget / 512.
 */
export const entryOverheadBytes = 512

/** Bodies below this are stored as they are: gzip would save little and `opaque` stays readable. */
const compressFromBytes = 1024

export type BodyEncoding = 'gzip' | 'identity'

/** A stored answer as it is kept: the body as `encoding` says, `charge` being what the budget counts. */
export type PackedResponse = Readonly<{
  status: number
  headers: Readonly<Record<string, string>>
  encoding: BodyEncoding
  body: Buffer
  charge: number
}>

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/**
 * Compresses `response` for storage, off the event loop (zlib runs on the thread pool): gzip level 1 turns
 * the 60 MiB envelope of 10 MiB of control characters into well under 1 MiB, and costs little on text
 * that does not compress. The body is always a fresh buffer, never the caller's.
 */
export async function packResponse(response: CompletedResponse): Promise<PackedResponse> {
  assertStorable(response)
  const raw = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body
  const headers = storedHeaders(response.headers)
  let encoding: BodyEncoding = 'identity'
  let body = Buffer.from(raw)
  if (raw.length >= compressFromBytes) {
    const packed = await gzipAsync(raw, { level: 1 })
    if (packed.length < raw.length) {
      encoding = 'gzip'
      body = packed
    }
  }
  const charge = body.length + Buffer.byteLength(JSON.stringify(headers)) + entryOverheadBytes
  return { status: response.status, headers, encoding, body, charge }
}

/** The answer a replay sends: the stored body as it was before `packResponse`, byte for byte. */
export async function unpackBody(encoding: string, body: Buffer): Promise<Buffer> {
  switch (encoding) {
    case 'identity':
      return body
    case 'gzip':
      return gunzipAsync(body)
    default:
      throw new TypeError(`an idempotency record has an unknown body encoding: ${encoding}`)
  }
}

/** Response headers a replay repeats. Everything else is dropped before storage. */
export const storedHeaderNames: readonly string[] = ['content-type']

export function storedHeaders(headers: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (value !== undefined && storedHeaderNames.includes(lower)) kept[lower] = value
  }
  return kept
}

/** Only completed fetches are stored: an error answer releases the claim instead (docs/idempotency.md). */
export function assertStorable(response: CompletedResponse): void {
  if (!Number.isInteger(response.status) || response.status < 200 || response.status > 299) {
    throw new RangeError(`only successful answers are stored, not status ${String(response.status)}`)
  }
}

/**
 * Where an entry lives, below the store's prefix. The account id stays readable (an operator can find an
 * account's entries); the Idempotency-Key is digested (a caller may put a URL in it, DESIGN 7).
 */
export function entryName(accountId: string, key: string): string {
  return `${accountId}:${hash('sha256', key, 'hex')}`
}

/** The claim's owner token: unguessable, so only the request that claimed can complete or abandon. */
export function newClaimToken(): string {
  return randomBytes(18).toString('base64url')
}

/** `Retry-After` of an in-flight answer: the claim's remaining lease in whole seconds, at least 1. */
export function retryAfterSeconds(leaseUntil: number, now: number): number {
  return Math.max(1, Math.ceil((leaseUntil - now) / 1000))
}

export function positiveBytes(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${name} must be a positive whole number`)
  return value
}

export function positiveDuration(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`${name} must be a positive whole number of milliseconds`)
  }
  return value
}
