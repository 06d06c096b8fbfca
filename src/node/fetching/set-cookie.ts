/**
 * Parsing one Set-Cookie field (RFC 6265bis section 5.6). Lenient like browsers: an attribute that does
 * not parse is ignored, not the cookie; a cookie that cannot be stored at all comes back `undefined`.
 */
import { Buffer } from 'node:buffer'

export type ParsedCookie = {
  name: string
  value: string
  /** Lower-cased, leading dot removed; undefined when the attribute was absent or empty. */
  domain: string | undefined
  /** Undefined when absent or not starting with '/': the default path is then used. */
  path: string | undefined
  secure: boolean
  /** Absolute expiry in epoch ms from Max-Age (which wins) or Expires; undefined for a session cookie. */
  expiresAt: number | undefined
}

/** RFC 6265bis 5.6: name plus value beyond 4096 bytes, or any attribute value beyond 1024, is refused. */
const maxNameValueBytes = 4096
const maxAttributeValueBytes = 1024

/** Control characters other than tab (RFC 6265bis 5.6 step 1). */
function hasControlCharacter(field: string): boolean {
  for (let i = 0; i < field.length; i++) {
    const code = field.charCodeAt(i)
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true
  }
  return false
}

export function parseSetCookie(field: string, now: number): ParsedCookie | undefined {
  if (hasControlCharacter(field)) return undefined
  const [pair = '', ...attributes] = field.split(';')
  const equals = pair.indexOf('=')
  const name = equals === -1 ? '' : pair.slice(0, equals).trim()
  const value = (equals === -1 ? pair : pair.slice(equals + 1)).trim()
  if (name === '' && value === '') return undefined
  if (Buffer.byteLength(name) + Buffer.byteLength(value) > maxNameValueBytes) return undefined
  // A nameless cookie whose value looks like a prefixed name could pass for that name (5.6 step 6).
  if (name === '' && /^__(secure|host)-/i.test(value)) return undefined

  const cookie: ParsedCookie = {
    name,
    value,
    domain: undefined,
    path: undefined,
    secure: false,
    expiresAt: undefined,
  }
  let maxAgeExpiry: number | undefined
  let expiresExpiry: number | undefined
  for (const attribute of attributes) {
    const split = attribute.indexOf('=')
    const key = (split === -1 ? attribute : attribute.slice(0, split)).trim().toLowerCase()
    const raw = split === -1 ? '' : attribute.slice(split + 1).trim()
    if (Buffer.byteLength(raw) > maxAttributeValueBytes) continue
    switch (key) {
      case 'expires': {
        const time = Date.parse(raw)
        if (!Number.isNaN(time)) expiresExpiry = time
        break
      }
      case 'max-age':
        if (/^-?\d+$/.test(raw)) {
          const seconds = Number(raw)
          maxAgeExpiry = seconds <= 0 ? -Infinity : now + Math.min(seconds, 400 * 86_400) * 1000
        }
        break
      case 'domain':
        cookie.domain = raw === '' ? undefined : raw.replace(/^\./, '').toLowerCase()
        break
      case 'path':
        cookie.path = raw.startsWith('/') ? raw : undefined
        break
      case 'secure':
        cookie.secure = true
        break
      default:
        // HttpOnly changes nothing for an HTTP client; SameSite is ignored on a top-level redirect chain;
        // Partitioned and unknown attributes are ignored.
        break
    }
  }
  cookie.expiresAt = maxAgeExpiry ?? expiresExpiry
  return cookie
}
