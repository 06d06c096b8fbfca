import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  idempotencyFingerprint,
  idempotencyKeyError,
  parseIdempotencyKey,
  type IdempotencyKeyParse,
} from './idempotency-key.ts'

function keyOf(parse: IdempotencyKeyParse): string | undefined {
  return parse.ok ? parse.key : undefined
}

function reasonOf(parse: IdempotencyKeyParse): string | undefined {
  return parse.ok ? undefined : parse.reason
}

describe('Idempotency-Key header', () => {
  it('accepts a bare key of visible ASCII', () => {
    assert.equal(
      keyOf(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')),
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    )
    assert.equal(keyOf(parseIdempotencyKey('!~{}[]:/?#@=+,;x')), '!~{}[]:/?#@=+,;x')
  })

  it('accepts the draft RFC 8941 sf-string form and unquotes it to the same key', () => {
    assert.equal(keyOf(parseIdempotencyKey('"8e03978e-40d5"')), '8e03978e-40d5')
    assert.equal(keyOf(parseIdempotencyKey('"a\\"b\\\\c"')), 'a"b\\c')
  })

  it('ignores the whitespace around a field value (RFC 9110 5.5), not inside it', () => {
    assert.equal(keyOf(parseIdempotencyKey(' \tabc \t')), 'abc')
    assert.equal(keyOf(parseIdempotencyKey(' "abc" ')), 'abc')
  })

  it('takes 128 characters and refuses 129, quoted or not', () => {
    assert.equal(keyOf(parseIdempotencyKey('k'.repeat(128))), 'k'.repeat(128))
    assert.equal(reasonOf(parseIdempotencyKey('k'.repeat(129))), 'too_long')
    assert.equal(keyOf(parseIdempotencyKey(`"${'k'.repeat(128)}"`)), 'k'.repeat(128))
    assert.equal(reasonOf(parseIdempotencyKey(`"${'k'.repeat(129)}"`)), 'too_long')
  })

  it('refuses an empty key', () => {
    assert.equal(reasonOf(parseIdempotencyKey('')), 'empty')
    assert.equal(reasonOf(parseIdempotencyKey('   ')), 'empty')
    assert.equal(reasonOf(parseIdempotencyKey('""')), 'empty')
  })

  it('refuses spaces inside the key, quoted or not', () => {
    assert.equal(reasonOf(parseIdempotencyKey('a b')), 'invalid_character')
    assert.equal(reasonOf(parseIdempotencyKey('"a b"')), 'invalid_character')
    // Node joins a repeated field with ", ": refused as well.
    assert.equal(reasonOf(parseIdempotencyKey('one, two')), 'invalid_character')
  })

  it('refuses control characters', () => {
    for (const control of ['\x00', '\x01', '\t', '\n', '\r', '\x1b', '\x1f', '\x7f']) {
      assert.equal(parseIdempotencyKey(`a${control}b`).ok, false, JSON.stringify(control))
      assert.equal(parseIdempotencyKey(`"a${control}b"`).ok, false, JSON.stringify(control))
    }
  })

  it('refuses anything outside ASCII, as Node hands it over (latin1) or as UTF-16', () => {
    for (const value of ['clé', 'ключ', 'key✓', '\u00a0key', 'k\u00ffey', 'emoji😀']) {
      assert.equal(reasonOf(parseIdempotencyKey(value)), 'invalid_character', value)
      assert.equal(parseIdempotencyKey(`"${value}"`).ok, false, value)
    }
  })

  it('refuses a quoted value that is not exactly one sf-string', () => {
    for (const value of ['"abc', '"abc"x', '"a"b"', '"a\\x"', '"abc\\"', '"']) {
      assert.equal(reasonOf(parseIdempotencyKey(value)), 'malformed_string', value)
    }
  })

  it('takes a field sent once, refuses one sent twice', () => {
    assert.equal(keyOf(parseIdempotencyKey(['abc'])), 'abc')
    assert.equal(reasonOf(parseIdempotencyKey(['abc', 'def'])), 'repeated')
    assert.equal(reasonOf(parseIdempotencyKey([])), 'repeated')
  })

  it('maps every failure to 422 invalid_request naming the header', () => {
    const parse = parseIdempotencyKey('a b')
    assert.equal(parse.ok, false)
    if (parse.ok) return
    const error = idempotencyKeyError(parse)
    assert.equal(error.code, 'invalid_request')
    assert.equal(error.status, 422)
    assert.match(error.message, /^Idempotency-Key /)
  })
})

describe('request fingerprint', () => {
  it('is a SHA-256 hex digest that does not contain the url', () => {
    const fingerprint = idempotencyFingerprint('https://secret-host.example/path', 'europe')
    assert.match(fingerprint, /^[0-9a-f]{64}$/)
    assert.ok(!fingerprint.includes('secret-host'))
  })

  it('is the same for urls that WHATWG normalises to one', () => {
    const canonical = idempotencyFingerprint('https://example.com/b?x=1', 'us-east')
    for (const spelling of [
      'HTTPS://EXAMPLE.com:443/b?x=1',
      'https://example.com/a/../b?x=1',
      'https://example.com/./b?x=1',
      new URL('https://example.com/b?x=1'),
    ]) {
      assert.equal(idempotencyFingerprint(spelling, 'us-east'), canonical, String(spelling))
    }
    assert.equal(
      idempotencyFingerprint('http://example.com', undefined),
      idempotencyFingerprint('http://example.com:80/', undefined),
    )
  })

  it('differs by url, by region, and between an omitted and an explicit region', () => {
    const all = [
      idempotencyFingerprint('https://example.com/a', 'us-east'),
      idempotencyFingerprint('https://example.com/b', 'us-east'),
      idempotencyFingerprint('https://example.com/a', 'europe'),
      idempotencyFingerprint('https://example.com/a', undefined),
      idempotencyFingerprint('https://example.com/a?', undefined),
    ]
    assert.equal(new Set(all).size, all.length)
    assert.equal(
      idempotencyFingerprint('https://example.com/a', undefined),
      idempotencyFingerprint('https://example.com/a', ''),
    )
  })
})
