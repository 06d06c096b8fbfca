/**
 * API key format (DESIGN 2): `sp_live_` + 30 base62 characters of randomness (~178 bits) + 6 base62
 * characters of the CRC32 of everything before them, GitHub's scheme
 * (https://github.blog/2021-04-05-behind-githubs-new-authentication-token-formats/): secret scanners can
 * recognise a leaked key, and a mistyped or made-up key is refused before any database lookup.
 */
import { Buffer } from 'node:buffer'
import { base62Alphabet, base62Digits, randomBase62 } from '../../shared/ids.ts'

export const apiKeyPrefix = 'sp_live_'
const randomLength = 30
const checksumLength = 6
const keyLength = apiKeyPrefix.length + randomLength + checksumLength

/** Each ASCII character's base62 digit, -1 for those that are none. */
const digits = Int8Array.from({ length: 128 }, (_, code) => base62Alphabet.indexOf(String.fromCharCode(code)))

// zlib.crc32 only arrived in Node 22.2: the classic table-driven CRC-32 (IEEE 802.3, reflected).
const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** CRC-32 of the UTF-8 bytes of `text`; a key is ASCII, so its characters are its bytes (no Buffer). */
export function crc32(text: string): number {
  let crc = 0xffffffff
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f) return crc32Bytes(Buffer.from(text, 'utf8'))
    crc = crcTable[(crc ^ code) & 0xff]! ^ (crc >>> 8)
  }
  return (crc ^ 0xffffffff) >>> 0
}

function crc32Bytes(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function checksumOf(body: string): string {
  // 62^6 > 2^32: six digits hold any CRC32.
  return base62Digits(crc32(body), checksumLength)
}

export function mintApiKey(): string {
  const body = apiKeyPrefix + randomBase62(randomLength)
  return body + checksumOf(body)
}

/**
 * Shape and checksum: a key failing this cannot exist, so it is refused without a lookup. It runs on every
 * request with a key, so in one pass over the characters: the prefix, base62 after it, the CRC of all but
 * the last six, and those six read as the number they write (their base62 digits are that number's, as
 * `mintApiKey` writes it, exactly when the two are equal: no regular expression, no string made).
 */
export function isWellFormedApiKey(key: string): boolean {
  if (key.length !== keyLength || !key.startsWith(apiKeyPrefix)) return false
  const split = keyLength - checksumLength
  let crc = 0xffffffff
  for (let i = 0; i < apiKeyPrefix.length; i++)
    crc = crcTable[(crc ^ key.charCodeAt(i)) & 0xff]! ^ (crc >>> 8)
  for (let i = apiKeyPrefix.length; i < split; i++) {
    const code = key.charCodeAt(i)
    if (code > 0x7f || digits[code]! < 0) return false
    crc = crcTable[(crc ^ code) & 0xff]! ^ (crc >>> 8)
  }
  let written = 0
  for (let i = split; i < keyLength; i++) {
    const code = key.charCodeAt(i)
    const digit = code > 0x7f ? -1 : digits[code]!
    if (digit < 0) return false
    written = written * 62 + digit
  }
  return written === (crc ^ 0xffffffff) >>> 0
}

/** What lists show: the first 12 characters and an ellipsis, `sp_live_AbCd…`. */
export function displayPrefix(key: string): string {
  return `${key.slice(0, 12)}…`
}
