/**
 * The beta social API (SPEC 1.6) as one service: Bluesky, Mastodon on an allowlist, Hacker News, each
 * read through the egress fleet with per-upstream budgets, short caches and signed cursors.
 *
 * With several gateways (docs/social.md, "Several gateways"): the budgets are in the store given here (Redis,
 * from rate-limits/limit-stores.ts), the cursor secret comes from SALLYPORT_CURSOR_SECRET and must be the
 * same on every gateway, and the caches stay per process.
 */
import type { Logger } from 'pino'
import type { SocialSettings } from '../../config/social-config.ts'
import { systemClock, type Clock } from '../../shared/clock.ts'
import type { FetchDispatcher } from '../fleet/fetch-dispatcher.ts'
import { createBlueskyService } from './bluesky/bluesky-service.ts'
import { createCursorCodec } from './cursor-codec.ts'
import { createHackerNewsService } from './hackernews/hackernews-service.ts'
import { createInstanceDirectory } from './mastodon/mastodon-instances.ts'
import { createMastodonService } from './mastodon/mastodon-service.ts'
import { defaultCacheTtls, type CacheTtls, type NetworkDeps } from './network-deps.ts'
import type { Network } from './social-types.ts'
import { createMemoryUpstreamBudget } from './memory-upstream-budget.ts'
import type { BudgetPolicy, UpstreamBudgetStore } from './upstream-budget.ts'
import { createUpstreamClient } from './upstream-client.ts'

const fiveMinutes = 5 * 60_000

/** Per egress address. Hacker News publishes no limit: this is our own courtesy ceiling. */
export const publishedBudgets: Record<Network, BudgetPolicy> = {
  // docs.joinmastodon.org/api/rate-limits: 300 requests per 5 minutes per IP, unauthenticated.
  mastodon: { limit: 300, windowMs: fiveMinutes },
  // docs.bsky.app/docs/advanced-guides/rate-limits: 3000 requests per 5 minutes per IP.
  bluesky: { limit: 3000, windowMs: fiveMinutes },
  hackernews: { limit: 3000, windowMs: fiveMinutes },
}

export type SocialServiceOptions = {
  settings: SocialSettings
  dispatcher: Pick<FetchDispatcher, 'dispatch'>
  clock?: Clock
  /** Tests lower these to see the budget hold. */
  budgets?: Partial<Record<Network, BudgetPolicy>>
  /** Where the budgets live: shared by every gateway (Redis). Default: in this process (embedded default). */
  budgetStore?: UpstreamBudgetStore
  log?: Pick<Logger, 'warn'>
  ttl?: Partial<CacheTtls>
  /** Concurrent Hacker News item fetches per request (default 8). */
  hackerNewsConcurrency?: number
}

export function createSocialService(options: SocialServiceOptions) {
  const clock = options.clock ?? systemClock
  const budgets = { ...publishedBudgets, ...options.budgets }
  const policyOf = (upstream: string): BudgetPolicy =>
    upstream.startsWith('mastodon:')
      ? budgets.mastodon
      : upstream === 'bluesky'
        ? budgets.bluesky
        : budgets.hackernews
  const deps: NetworkDeps = {
    upstream: createUpstreamClient({
      dispatcher: options.dispatcher,
      budget: options.budgetStore ?? createMemoryUpstreamBudget(),
      policyOf,
      clock,
      ...(options.log !== undefined && { log: options.log }),
    }),
    codec: createCursorCodec(options.settings.cursorSecret, clock),
    clock,
    ttl: { ...defaultCacheTtls, ...options.ttl },
  }
  const directory = createInstanceDirectory({
    instances: options.settings.mastodonInstances,
    overrides: options.settings.mastodonUrlOverrides,
  })
  return {
    bluesky: createBlueskyService({ ...deps, baseUrl: options.settings.blueskyAppViewUrl }),
    mastodon: createMastodonService({ ...deps, directory }),
    hackernews: createHackerNewsService({
      ...deps,
      baseUrl: options.settings.hackerNewsApiUrl,
      ...(options.hackerNewsConcurrency !== undefined ? { concurrency: options.hackerNewsConcurrency } : {}),
    }),
  }
}

export type SocialService = ReturnType<typeof createSocialService>
