/** The beta social API (SPEC 1.6): upstream base URLs, the Mastodon allowlist, the cursor secret. */
import { randomBytes } from 'node:crypto'
import process from 'node:process'
import { ConfigError, list, optional, type Env } from './env-parsing.ts'

export type SocialSettings = Readonly<{
  /** SALLYPORT_BLUESKY_APPVIEW_URL: the Bluesky AppView whose XRPC API answers (no trailing slash). */
  blueskyAppViewUrl: string
  /** SALLYPORT_HN_API_URL: the Hacker News Firebase API (no trailing slash). */
  hackerNewsApiUrl: string
  /** SALLYPORT_MASTODON_INSTANCES: the allowlist, host names in lower case; the first is the default. */
  mastodonInstances: readonly string[]
  /** SALLYPORT_MASTODON_URL_OVERRIDES `instance=url,...`: where an allowlisted instance is reached (tests). */
  mastodonUrlOverrides: Readonly<Record<string, string>>
  /**
   * SALLYPORT_CURSOR_SECRET (32+ characters) signs page cursors. Unset: random per process, so cursors die
   * with it; gateways behind one load balancer must share a set secret.
   */
  cursorSecret: string
  /** False when `cursorSecret` is the random one: `sallyport gateway` warns at start-up (docs/social.md). */
  cursorSecretSet: boolean
}>

export const socialDefaults = {
  blueskyAppViewUrl: 'https://public.api.bsky.app',
  hackerNewsApiUrl: 'https://hacker-news.firebaseio.com',
  mastodonInstances: ['mastodon.social', 'fosstodon.org', 'hachyderm.io', 'mas.to', 'infosec.exchange'],
} as const

function baseUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = optional(raw) ?? fallback
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got ${JSON.stringify(value)}`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.search !== '') {
    throw new ConfigError(
      `${name} must be an http(s) URL without credentials or query, got ${JSON.stringify(value)}`,
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

const hostName = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

export function loadSocialSettings(env: Env = process.env): SocialSettings {
  const raw = optional(env.SALLYPORT_MASTODON_INSTANCES)
  const instances = raw === undefined ? [...socialDefaults.mastodonInstances] : list(raw.toLowerCase())
  for (const instance of instances) {
    if (!hostName.test(instance)) {
      throw new ConfigError(`SALLYPORT_MASTODON_INSTANCES holds host names, got ${JSON.stringify(instance)}`)
    }
  }
  const overrides: Record<string, string> = {}
  for (const item of list(env.SALLYPORT_MASTODON_URL_OVERRIDES)) {
    const at = item.indexOf('=')
    const instance = item.slice(0, at).toLowerCase()
    if (at < 1 || !instances.includes(instance)) {
      throw new ConfigError(
        `SALLYPORT_MASTODON_URL_OVERRIDES entries are instance=url for an allowlisted instance, got ${JSON.stringify(item)}`,
      )
    }
    overrides[instance] = baseUrl('SALLYPORT_MASTODON_URL_OVERRIDES', item.slice(at + 1), '')
  }
  const secret = optional(env.SALLYPORT_CURSOR_SECRET)
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError('SALLYPORT_CURSOR_SECRET must be at least 32 characters')
  }
  return Object.freeze({
    blueskyAppViewUrl: baseUrl(
      'SALLYPORT_BLUESKY_APPVIEW_URL',
      env.SALLYPORT_BLUESKY_APPVIEW_URL,
      socialDefaults.blueskyAppViewUrl,
    ),
    hackerNewsApiUrl: baseUrl(
      'SALLYPORT_HN_API_URL',
      env.SALLYPORT_HN_API_URL,
      socialDefaults.hackerNewsApiUrl,
    ),
    mastodonInstances: Object.freeze(instances),
    mastodonUrlOverrides: Object.freeze(overrides),
    cursorSecret: secret ?? randomBytes(32).toString('base64url'),
    cursorSecretSet: secret !== undefined,
  })
}
