/**
 * The beta social API (SPEC 1.6, 4.5): the Bluesky, Mastodon and Hacker News routes under /v2/social/,
 * and the platform list at `GET /social/platforms` (public, SPEC 4.5's path) and `GET /v2/social/platforms`
 * (with a key, beside the data routes). The list is built from the routes as registered, so it cannot
 * drift from what is served.
 */
import type { FastifyInstance } from 'fastify'
import type { SocialService } from '../../../social/social-service.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'
import { blueskySearchPaths, registerBlueskyRoutes } from './bluesky-routes.ts'
import { registerHackerNewsRoutes } from './hackernews-routes.ts'
import { registerMastodonRoutes } from './mastodon-routes.ts'
import { budgetHeaders, budgetNote, plainJson, type EndpointEntry } from './social-route.ts'

export { socialSchemas } from './social-schemas.ts'

const sources = {
  bluesky: { name: 'Bluesky', source: 'The public Bluesky AppView XRPC API (app.bsky.*), no sign-in.' },
  mastodon: { name: 'Mastodon', source: 'The public REST API of each allowlisted instance, no sign-in.' },
  hackernews: { name: 'Hacker News', source: 'The official Hacker News Firebase API (v0).' },
} as const

export function registerSocialRoutes(app: FastifyInstance, social: SocialService): void {
  const catalog: EndpointEntry[] = []
  registerBlueskyRoutes(app, social.bluesky, catalog)
  registerMastodonRoutes(app, social.mastodon, catalog)
  registerHackerNewsRoutes(app, social.hackernews, catalog)

  const platforms = () => ({
    platforms: (['bluesky', 'mastodon', 'hackernews'] as const).map((network) => ({
      network,
      ...sources[network],
      status: 'beta' as const,
      ...(network === 'mastodon' ? { instances: [...social.mastodon.instances] } : {}),
      endpoints: catalog
        .filter((entry) => entry.network === network)
        .map(({ method, path, summary }) => ({ method, path, summary })),
    })),
    excluded: [
      {
        network: 'bluesky' as const,
        feature: 'search',
        code: 'search_excluded',
        paths: blueskySearchPaths,
        reason: 'Bluesky search is not part of the social API.',
      },
    ],
  })

  for (const [url, scoped] of [
    ['/social/platforms', false],
    ['/v2/social/platforms', true],
  ] as const) {
    app.get(
      url,
      {
        ...(scoped ? { config: { scope: 'proxy' as const } } : {}),
        serializerCompiler: plainJson,
        schema: {
          operationId: scoped ? 'listSocialPlatformsV2' : 'listSocialPlatforms',
          tags: ['social'],
          summary: 'Social platforms that serve, what each offers, and what is excluded',
          description:
            'The networks of the beta social API with their endpoints, the Mastodon allowlist, and the excluded features (Bluesky search).' +
            (scoped ? `\n\n${budgetNote}` : ' Public: no key needed, and no budget drawn on.'),
          response: {
            200: scoped ? { $ref: 'SocialPlatforms', headers: budgetHeaders } : { $ref: 'SocialPlatforms' },
            ...errorResponses(scoped ? dataPlaneErrors : ['internal_error']),
          },
        },
      },
      async (request) => ({ request_id: request.id, data: platforms(), meta: { beta: true } }),
    )
  }
}
