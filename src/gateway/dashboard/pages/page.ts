/**
 * What a dashboard page is: a path and a render function of the (untrusted) query string and of the
 * deployment's settings the pages show.
 */
import type { Notice } from '../layout.ts'

export type Query = Readonly<Record<string, string>>

/** What the pages say about this deployment, from its config (gateway/deps.ts). */
export type DashboardSettings = Readonly<{
  /** SALLYPORT_BILLING_CONTACT: where a person writes about a paid plan. */
  billingContact: string
  /**
   * Where account mail goes when no SMTP server is configured: the outbox directory its `.eml` files are
   * written to (infra/mail/mailer.ts). Undefined: mail is sent, and the pages speak of an inbox.
   */
  outboxDir: string | undefined
}>

export type DashboardPage = {
  path: string
  /** Only for a signed-in person: a browser with no session cookie at all is sent to sign in first. */
  signedIn?: true
  /** `notice` replaces the page's own notice, if it has one. */
  render(query: Query, settings: DashboardSettings, notice?: Notice): string
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
