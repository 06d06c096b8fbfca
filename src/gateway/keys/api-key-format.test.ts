import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
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

  it('shows the first 12 characters and an ellipsis', () => {
    const key = mintApiKey()
    assert.equal(displayPrefix(key), `${key.slice(0, 12)}…`)
    assert.match(displayPrefix(key), /^sp_live_[0-9A-Za-z]{4}…$/)
  })
})
