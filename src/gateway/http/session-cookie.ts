/**
 * The dashboard session cookie (DESIGN 4): HttpOnly, SameSite=Lax, Path=/. Behind https (the public URL
 * says so) it is also Secure and carries the `__Host-` prefix, which browsers only accept from a secure
 * origin, with Path=/ and no Domain: a sibling subdomain cannot plant or overwrite it.
 */
export type SessionCookie = { name: string; secure: boolean; maxAgeSeconds: number }

export function sessionCookieFor(publicBaseUrl: string | undefined, maxAgeMs: number): SessionCookie {
  const secure = publicBaseUrl?.startsWith('https:') === true
  return {
    name: secure ? '__Host-sallyport_session' : 'sallyport_session',
    secure,
    maxAgeSeconds: Math.floor(maxAgeMs / 1000),
  }
}

export function serializeSessionCookie(cookie: SessionCookie, value: string): string {
  return [
    `${cookie.name}=${value}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${cookie.maxAgeSeconds}`,
    ...(cookie.secure ? ['Secure'] : []),
  ].join('; ')
}

export function clearedSessionCookie(cookie: SessionCookie): string {
  return [
    `${cookie.name}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    ...(cookie.secure ? ['Secure'] : []),
  ].join('; ')
}

/** The cookie's value from a Cookie header, or undefined. The first one wins, as browsers send the most specific first. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}
