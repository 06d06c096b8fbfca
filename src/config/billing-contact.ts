/**
 * SALLYPORT_BILLING_CONTACT: the address a person writes to about a paid plan (SPEC 5.8, docs/billing.md),
 * shown on the dashboard's account page as a mailto link. Checked as accounts check a sign-up address.
 */
import { normaliseEmail } from '../gateway/accounts/email-address.ts'
import { ConfigError, optional, type Env } from './env-parsing.ts'

/**
 * Unset: `billing@` the host of SALLYPORT_PUBLIC_URL when that is a domain name, else `billing@localhost`
 * (the embedded default, where nobody reads it).
 */
export function billingContact(env: Env, publicBaseUrl: string | undefined): string {
  const value = optional(env.SALLYPORT_BILLING_CONTACT)
  if (value === undefined) {
    const host = publicBaseUrl === undefined ? 'localhost' : new URL(publicBaseUrl).hostname
    // An IP address or a single label (localhost) is no mail domain: the documented fallback then.
    return normaliseEmail(`billing@${host}`)?.address ?? 'billing@localhost'
  }
  const address = normaliseEmail(value)
  if (address === undefined) {
    throw new ConfigError(
      `SALLYPORT_BILLING_CONTACT must be one e-mail address (name@example.com), got ${JSON.stringify(value)}`,
    )
  }
  return address.address
}
