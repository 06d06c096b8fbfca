/**
 * The cookies of ONE fetch (docs/egress.md): what the responses of a redirect chain set is sent on its later
 * hops, as a browser following the chain would (RFC 6265bis sections 5.7 and 5.8.3, SameSite ignored for a
 * top-level chain). The jar is created empty for every fetch and dropped with it: nothing comes from the
 * caller and nothing is kept between fetches (SPEC 1.4).
 */
import { isIP } from 'node:net'
import { isPublicSuffix } from './public-suffix.ts'
import { parseSetCookie } from './set-cookie.ts'

type Cookie = {
  name: string
  value: string
  domain: string
  hostOnly: boolean
  path: string
  secure: boolean
  expiresAt: number | undefined
  /** Creation order; a replaced cookie keeps the place of the one it replaces (5.7 step 18). */
  order: number
}

export type CookieJar = {
  /** Stores what the response from `url` set; cookies it may not set are ignored, as browsers do. */
  store(url: URL, setCookieFields: readonly string[]): void
  /** The Cookie header for a request to `url`, '' when no cookie applies. */
  cookieHeader(url: URL): string
  /**
   * The jar's cookies, for a chain the gateway drives one hop at a time (ADR 0010): handed back with the
   * next hop, they make the jar this one was. JSON-safe.
   */
  exportState(): CookieJarState
}

/** What `exportState()` gives and `createCookieJar()` takes back: the cookies in their creation order. */
export type CookieJarState = { cookies: Cookie[]; sequence: number }

function isCookie(value: unknown): value is Cookie {
  if (typeof value !== 'object' || value === null) return false
  const c = value as Record<string, unknown>
  return (
    typeof c.name === 'string' &&
    typeof c.value === 'string' &&
    typeof c.domain === 'string' &&
    typeof c.hostOnly === 'boolean' &&
    typeof c.path === 'string' &&
    typeof c.secure === 'boolean' &&
    (c.expiresAt === undefined || (typeof c.expiresAt === 'number' && Number.isFinite(c.expiresAt))) &&
    Number.isSafeInteger(c.order)
  )
}

/** A jar's state as a hop job carries it, checked; undefined for anything else. */
export function parseCookieJarState(value: unknown): CookieJarState | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { cookies, sequence } = value as Record<string, unknown>
  if (!Array.isArray(cookies) || cookies.length > maxCookies || !Number.isSafeInteger(sequence))
    return undefined
  if (!cookies.every(isCookie)) return undefined
  return { cookies: cookies.map((c) => ({ ...c })), sequence: sequence as number }
}

/** A chain has at most a dozen hops; this bounds what a hostile one can make the node send. */
const maxCookies = 100

export function createCookieJar(now: () => number, state?: CookieJarState): CookieJar {
  const cookies: Cookie[] = state === undefined ? [] : state.cookies.map((c) => ({ ...c }))
  let sequence = state?.sequence ?? 0

  function store(url: URL, fields: readonly string[]): void {
    for (const field of fields) storeOne(url, field)
  }

  function storeOne(url: URL, field: string): void {
    const time = now()
    const parsed = parseSetCookie(field, time)
    if (parsed === undefined) return
    const host = canonicalHost(url)
    const secureOrigin = url.protocol === 'https:'
    let domain = host
    let hostOnly = true
    if (parsed.domain !== undefined) {
      // A public suffix as Domain: host-only when it is the host itself, else refused (5.7 step 9).
      if (isPublicSuffix(parsed.domain) && parsed.domain !== host) return
      if (!domainMatches(host, parsed.domain)) return
      if (parsed.domain !== host) {
        domain = parsed.domain
        hostOnly = false
      }
    }
    const path = parsed.path ?? defaultPath(url)
    if (parsed.secure && !secureOrigin) return
    // Cookie name prefixes (RFC 6265bis 4.1.3), matched without regard to case as browsers now do.
    const lowerName = parsed.name.toLowerCase()
    if (lowerName.startsWith('__secure-') && !parsed.secure) return
    if (lowerName.startsWith('__host-') && (!parsed.secure || parsed.domain !== undefined || path !== '/'))
      return
    // An http response may not shadow a Secure cookie set over https (5.7 step 16).
    if (!secureOrigin && !parsed.secure) {
      const shadows = cookies.some(
        (c) =>
          c.secure &&
          c.name === parsed.name &&
          (domainMatches(c.domain, domain) || domainMatches(domain, c.domain)) &&
          pathMatches(path, c.path),
      )
      if (shadows) return
    }
    const existing = cookies.findIndex(
      (c) => c.name === parsed.name && c.domain === domain && c.path === path,
    )
    const order = existing === -1 ? sequence++ : (cookies[existing]?.order ?? sequence++)
    if (existing !== -1) cookies.splice(existing, 1)
    if (parsed.expiresAt !== undefined && parsed.expiresAt <= time) return
    cookies.push({
      name: parsed.name,
      value: parsed.value,
      domain,
      hostOnly,
      path,
      secure: parsed.secure,
      expiresAt: parsed.expiresAt,
      order,
    })
    if (cookies.length > maxCookies) cookies.splice(0, cookies.length - maxCookies)
  }

  function cookieHeader(url: URL): string {
    const time = now()
    const host = canonicalHost(url)
    const path = url.pathname === '' ? '/' : url.pathname
    const matching = cookies.filter(
      (c) =>
        (c.expiresAt === undefined || c.expiresAt > time) &&
        (c.hostOnly ? c.domain === host : domainMatches(host, c.domain)) &&
        pathMatches(path, c.path) &&
        (!c.secure || url.protocol === 'https:'),
    )
    // Longer paths first, then the earliest created (5.8.3 step 2).
    matching.sort((a, b) => b.path.length - a.path.length || a.order - b.order)
    return matching.map((c) => (c.name === '' ? c.value : `${c.name}=${c.value}`)).join('; ')
  }

  function exportState(): CookieJarState {
    // JSON has no undefined: a session cookie simply has no expiresAt.
    return { cookies: cookies.map((c) => ({ ...c })), sequence }
  }

  return { store, cookieHeader, exportState }
}

/** The URL parser already lower-cased and punycoded the host; an IPv6 literal loses its brackets. */
function canonicalHost(url: URL): string {
  const host = url.hostname
  return host.startsWith('[') ? host.slice(1, -1) : host
}

/** RFC 6265bis 5.1.3: identical, or a dot-separated suffix of a host name (never of an IP address). */
export function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true
  return isIP(host) === 0 && host.endsWith(`.${domain}`)
}

/** RFC 6265bis 5.1.4. */
export function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true
  if (!requestPath.startsWith(cookiePath)) return false
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/'
}

/** RFC 6265bis 5.1.4: the request path up to, not including, its last '/'; '/' when that leaves nothing. */
function defaultPath(url: URL): string {
  const path = url.pathname
  if (!path.startsWith('/')) return '/'
  const last = path.lastIndexOf('/')
  return last <= 0 ? '/' : path.slice(0, last)
}
