/** What a dashboard page is: a path and a render function of the (untrusted) query string. */
import type { Notice } from '../layout.ts'

export type Query = Readonly<Record<string, string>>

export type DashboardPage = {
  path: string
  /** Only for a signed-in person: a browser with no session cookie at all is sent to sign in first. */
  signedIn?: true
  /** `notice` replaces the page's own notice, if it has one. */
  render(query: Query, notice?: Notice): string
}

/** Only the first value of a repeated parameter counts; anything that is not text is dropped. */
export function queryOf(raw: unknown): Query {
  const query: Record<string, string> = {}
  if (typeof raw !== 'object' || raw === null) return query
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const first: unknown = Array.isArray(value) ? value[0] : value
    // A mailed token or an address is short; a page never echoes more than this.
    if (typeof first === 'string') query[name] = first.slice(0, 512)
  }
  return query
}
