/**
 * The Idempotency-Key request header and the request fingerprint (SPEC 3 and 8, DESIGN 6).
 *
 * draft-ietf-httpapi-idempotency-key-header makes the field an RFC 8941 Item whose value is a String
 * (`Idempotency-Key: "8e03978e-..."`); most clients send the bare value instead. Both are accepted and
 * name the same key: `"abc"` and `abc` are one key. The key itself, quotes removed and escapes resolved,
 * must be 1 to 128 visible ASCII characters (0x21-0x7E): no spaces, no control characters, nothing
 * outside ASCII.
 */
import { hash } from 'node:crypto'
import { AppError } from '../../shared/errors.ts'

export const maxIdempotencyKeyLength = 128

export type IdempotencyKeyFailure = {
  ok: false
  reason: 'repeated' | 'empty' | 'too_long' | 'invalid_character' | 'malformed_string'
  detail: string
}

export type IdempotencyKeyParse = { ok: true; key: string } | IdempotencyKeyFailure

const visibleAscii = /^[\x21-\x7e]+$/

function fail(reason: IdempotencyKeyFailure['reason'], detail: string): IdempotencyKeyFailure {
  return { ok: false, reason, detail: `Idempotency-Key ${detail}` }
}

/**
 * Validates the header as it arrives (`request.headers['idempotency-key']`: a string, or a list when the
 * field was sent more than once). The caller handles an absent header: that is simply no idempotency.
 */
export function parseIdempotencyKey(headerValue: string | readonly string[]): IdempotencyKeyParse {
  if (typeof headerValue !== 'string') {
    // The draft: a client MUST NOT send more than one Idempotency-Key field.
    if (headerValue.length !== 1) return fail('repeated', 'must be sent once.')
    return parseIdempotencyKey(headerValue[0] ?? '')
  }
  // Leading and trailing SP / HTAB are not part of a field value (RFC 9110 5.5; RFC 8941 4.2 discards them).
  const value = headerValue.replace(/^[ \t]+|[ \t]+$/g, '')
  let key = value
  if (value.startsWith('"')) {
    const unquoted = unquoteString(value)
    if (unquoted === undefined) {
      return fail('malformed_string', 'starts with a quote but is not one well-formed quoted string.')
    }
    key = unquoted
  }
  if (key === '') return fail('empty', 'must not be empty.')
  if (key.length > maxIdempotencyKeyLength) {
    return fail('too_long', `must be at most ${maxIdempotencyKeyLength} characters.`)
  }
  if (!visibleAscii.test(key)) {
    return fail(
      'invalid_character',
      'may hold only visible ASCII characters (no spaces or control characters).',
    )
  }
  return { ok: true, key }
}

/** The 422 `invalid_request` the HTTP layer answers a malformed header with (DESIGN 3). */
export function idempotencyKeyError(failure: IdempotencyKeyFailure): AppError {
  return new AppError('invalid_request', failure.detail)
}

/**
 * RFC 8941 3.3.3 sf-string: DQUOTE *( %x20-21 / %x23-5B / %x5D-7E / "\" ( DQUOTE / "\" ) ) DQUOTE,
 * and nothing after the closing quote. Undefined when `value` is not exactly that.
 */
function unquoteString(value: string): string | undefined {
  let out = ''
  for (let at = 1; at < value.length; at++) {
    const char = value[at] ?? ''
    if (char === '\\') {
      const next = value[++at]
      if (next !== '"' && next !== '\\') return undefined
      out += next
    } else if (char === '"') {
      return at === value.length - 1 ? out : undefined
    } else {
      const code = char.charCodeAt(0)
      if (code < 0x20 || code > 0x7e) return undefined
      out += char
    }
  }
  return undefined // no closing quote
}

/**
 * SHA-256 over the canonical request: the url after WHATWG normalisation (`new URL(url).href`: scheme
 * and host lower-cased, default port and dot segments removed, percent-encoding applied) and the region
 * as requested, '' when omitted (so an omitted region and an explicit one are different requests, even when
 * the default happens to pick the same region). Only this digest is stored, never the URL (DESIGN 7).
 */
export function idempotencyFingerprint(url: string | URL, region: string | undefined): string {
  const href = new URL(url).href
  // A WHATWG href never holds a raw NUL, so the separator cannot be forged from inside the url.
  return hash('sha256', `sallyport-idempotency-v1\0${href}\0${region ?? ''}`, 'hex')
}
