/**
 * Mastodon routes, on the allowlisted instances only: an account by `user@instance`, `user` or id, its
 * posts, a hashtag and its posts. An instance off the list is 403 `instance_not_allowed`.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { accountPattern, tagPattern } from '../../../social/mastodon/mastodon-instances.ts'
import { mastodonLimits, type MastodonService } from '../../../social/mastodon/mastodon-service.ts'
import { booleanParam, cursorParam, includeRaw, limitParam } from './social-params.ts'
import { socialRoute, upstreamErrors, type EndpointEntry } from './social-route.ts'

const errors = [...upstreamErrors, 'instance_not_allowed'] as const

const instance = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 253,
    description:
      "An allowlisted instance (GET /social/platforms lists them). Default: the account's own `@instance`, else the first on the list.",
    examples: ['mastodon.social'],
  }),
)

const AccountParams = Type.Object({
  account: Type.String({
    pattern: accountPattern,
    maxLength: 320,
    description:
      '`user@instance` (a leading `@` is fine), a bare `user` (with `instance`), or a numeric account id of that instance. `@123` forces a user name.',
    examples: ['Gargron@mastodon.social'],
  }),
})

const TagParams = Type.Object({
  tag: Type.String({
    pattern: tagPattern,
    maxLength: 100,
    description: 'The hashtag without `#`.',
    examples: ['rust'],
  }),
})

const page = {
  limit: limitParam(mastodonLimits.pageDefault, mastodonLimits.pageMax),
  cursor: cursorParam,
  include: includeRaw,
}

function on(value: 'true' | 'false' | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'true'
}

/** Only the flags that were given: optional fields are absent, never undefined. */
function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }
}

export function registerMastodonRoutes(
  app: FastifyInstance,
  mastodon: MastodonService,
  catalog: EndpointEntry[],
): void {
  socialRoute(
    app,
    catalog,
    {
      network: 'mastodon',
      url: '/v2/social/mastodon/accounts/:account',
      operationId: 'getMastodonAccount',
      summary: 'A Mastodon account',
      description: 'From api/v1/accounts/lookup (by user name) or api/v1/accounts/:id. Cached for 60 s.',
      params: AccountParams,
      querystring: Type.Object({ instance, include: includeRaw }, { additionalProperties: false }),
      response: 'SocialProfileEnvelope',
      errors,
    },
    ({ params, query, raw }) => mastodon.account(params.account, query.instance, { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'mastodon',
      url: '/v2/social/mastodon/accounts/:account/posts',
      operationId: 'listMastodonPosts',
      summary: "A Mastodon account's posts, newest first",
      description:
        'From api/v1/accounts/:id/statuses, paged by the `Link` header: `next_cursor` goes older, `prev_cursor` newer. A boost shows the boosted post with `reposted_by`. Cached for 30 s.',
      params: AccountParams,
      querystring: Type.Object(
        {
          instance,
          exclude_replies: booleanParam('Leave out replies to other accounts.'),
          exclude_reblogs: booleanParam('Leave out boosts.'),
          only_media: booleanParam('Only posts with attachments.'),
          ...page,
        },
        { additionalProperties: false },
      ),
      response: 'SocialPostListEnvelope',
      errors,
    },
    ({ params, query, raw }) =>
      mastodon.accountPosts(
        params.account,
        query.instance,
        defined({
          limit: query.limit === undefined ? undefined : Number(query.limit),
          cursor: query.cursor,
          exclude_replies: on(query.exclude_replies),
          exclude_reblogs: on(query.exclude_reblogs),
          only_media: on(query.only_media),
        }),
        { raw },
      ),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'mastodon',
      url: '/v2/social/mastodon/tags/:tag',
      operationId: 'getMastodonTag',
      summary: 'A Mastodon hashtag and its recent use',
      description: 'From api/v1/tags/:name on the instance. Cached for 60 s.',
      params: TagParams,
      querystring: Type.Object({ instance, include: includeRaw }, { additionalProperties: false }),
      response: 'SocialTagEnvelope',
      errors,
    },
    ({ params, query, raw }) => mastodon.tag(params.tag, query.instance, { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'mastodon',
      url: '/v2/social/mastodon/tags/:tag/posts',
      operationId: 'listMastodonTagPosts',
      summary: 'Public posts with a Mastodon hashtag, newest first',
      description:
        "From api/v1/timelines/tag/:hashtag: what the instance knows, its own users' and federated posts. Paged by the `Link` header. Cached for 30 s.",
      params: TagParams,
      querystring: Type.Object(
        {
          instance,
          only_media: booleanParam('Only posts with attachments.'),
          local: booleanParam("Only the instance's own users' posts."),
          remote: booleanParam('Only posts from other instances.'),
          ...page,
        },
        { additionalProperties: false },
      ),
      response: 'SocialPostListEnvelope',
      errors,
    },
    ({ params, query, raw }) =>
      mastodon.tagPosts(
        params.tag,
        query.instance,
        defined({
          limit: query.limit === undefined ? undefined : Number(query.limit),
          cursor: query.cursor,
          only_media: on(query.only_media),
          local: on(query.local),
          remote: on(query.remote),
        }),
        { raw },
      ),
  )
}
