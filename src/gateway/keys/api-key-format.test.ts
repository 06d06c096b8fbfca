import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import { apiKeyPrefix, crc32, displayPrefix, isWellFormedApiKey, mintApiKey } from './api-key-format.ts'

describe('API key format', () => {
  it('computes the standard CRC-32 (IEEE) check value', () => {
    assert.equal(crc32('123456789'), 0xcbf43926)
    assert.equal(crc32(''), 0)
    // Beyond ASCII: the CRC of the UTF-8 bytes, as Python's zlib.crc32 gives it.
    assert.equal(crc32('é'), 0x0e048d3e)
    assert.equal(crc32('sp_live_€'), 0xadfb2a32)
  })

  it('mints sp_live_ + 30 random base62 characters + a 6-character checksum', () => {
    const key = mintApiKey()
    assert.match(key, /^sp_live_[0-9A-Za-z]{36}$/)
    assert.ok(key.startsWith(apiKeyPrefix))
    assert.ok(isWellFormedApiKey(key))
    assert.notEqual(mintApiKey(), key)
  })

  it('refuses a key whose any one character was changed', () => {
    const key = mintApiKey()
    for (let i = apiKeyPrefix.length; i < key.length; i++) {
      const swapped = key[i] === 'a' ? 'b' : 'a'
      assert.equal(isWellFormedApiKey(key.slice(0, i) + swapped + key.slice(i + 1)), false, `position ${i}`)
    }
  })

  it('refuses wrong prefixes, lengths and characters', () => {
    const key = mintApiKey()
    for (const bad of [
      '',
      key.slice(0, -1),
      `${key}0`,
      key.replace('sp_live_', 'sp_test_'),
      key.replace('sp_live_', 'SP_LIVE_'),
      `${key.slice(0, 10)}-${key.slice(11)}`,
      ` ${key}`,
    ]) {
      assert.equal(isWellFormedApiKey(bad), false, bad)
    }
  })

  it('accepts exactly the keys of the prefix, 36 base62 characters and the base62 CRC of the rest', () => {
    // The definition, written the plain way: the shape by a regular expression, the checksum as the six
    // base62 digits of the CRC-32 of everything before them.
    const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
    const checksum = (body: string) => {
      let out = ''
      for (let rest = crc32(body); out.length < 6; rest = Math.floor(rest / 62))
        out = base62[rest % 62]! + out
      return out
    }
    const defined = (key: string) =>
      /^sp_live_[0-9A-Za-z]{36}$/.test(key) && checksum(key.slice(0, -6)) === key.slice(-6)
    const ascii = (min: number, max: number) =>
      fc.integer({ min, max }).map((code) => String.fromCharCode(code))
    const keyOf = (body: string) => apiKeyPrefix + body + checksum(apiKeyPrefix + body)
    const bodyOf = (unit: fc.Arbitrary<string>) => fc.string({ unit, minLength: 30, maxLength: 30 })
    const wellFormed = bodyOf(fc.constantFrom(...base62)).map(keyOf)
    const key = fc.oneof(
      wellFormed,
      // One character changed to anything (non-ASCII, '_', a digit...).
      fc
        .tuple(wellFormed, fc.nat(43), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
        .map(([minted, at, char]) => minted.slice(0, at) + char + minted.slice(at + 1)),
      // The checksum's six characters set to any six base62 digits: right only for the one the CRC writes.
      fc
        .tuple(wellFormed, fc.string({ unit: fc.constantFrom(...base62), minLength: 6, maxLength: 6 }))
        .map(([minted, tail]) => minted.slice(0, -6) + tail),
      // Any printable ASCII after the prefix, with the checksum of what is there: only base62 passes.
      bodyOf(ascii(0x20, 0x7e)).map(keyOf),
      fc.string({ unit: 'binary', maxLength: 50 }),
    )
    fc.assert(
      fc.property(key, (candidate) => isWellFormedApiKey(candidate) === defined(candidate)),
      { numRuns: 5000 },
    )
  })

  it('shows the first 12 characters and an ellipsis', () => {
    const key = mintApiKey()
    assert.equal(displayPrefix(key), `${key.slice(0, 12)}…`)
    assert.match(displayPrefix(key), /^sp_live_[0-9A-Za-z]{4}…$/)
  })
})
