/**
 * Bluesky routes: profiles (one or several), an actor's posts, a post by handle and record key or by its
 * bsky.app URL, a post's thread. Bluesky search is excluded (SPEC 1.6): those paths answer 410
 * `search_excluded`, with or without a key.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../../../shared/errors.ts'
import { actorPattern, isActor, rkeyPattern } from '../../../social/bluesky/bluesky-ids.ts'
import { blueskyLimits, feedFilters, type BlueskyService } from '../../../social/bluesky/bluesky-service.ts'
import { errorResponses } from '../../schemas.ts'
import { cursorParam, includeRaw, integerOf, limitParam } from './social-params.ts'
import { plainJson, socialRoute, upstreamErrors, type EndpointEntry } from './social-route.ts'

const actor = Type.String({
  pattern: actorPattern,
  maxLength: 253,
  description: 'A handle (`alice.bsky.social`) or a DID (`did:plc:...`).',
  examples: ['bsky.app'],
})
const rkey = Type.String({
  pattern: rkeyPattern,
  maxLength: 512,
  description: "The post's record key (the last URL segment).",
})

const ActorParams = Type.Object({ actor })
const PostParams = Type.Object({ actor, rkey })
const ReadQuery = Type.Object({ include: includeRaw }, { additionalProperties: false })

export const blueskySearchPaths = [
  '/v2/social/bluesky/search',
  '/v2/social/bluesky/search/posts',
  '/v2/social/bluesky/search/actors',
]

export function registerBlueskyRoutes(
  app: FastifyInstance,
  bluesky: BlueskyService,
  catalog: EndpointEntry[],
): void {
  socialRoute(
    app,
    catalog,
    {
      network: 'bluesky',
      url: '/v2/social/bluesky/profiles',
      operationId: 'getBlueskyProfiles',
      summary: 'Several Bluesky profiles at once',
      description: `Up to ${blueskyLimits.profilesMax} handles or DIDs, comma-separated, in one upstream call. Actors Bluesky does not know are listed in \`data.not_found\`.`,
      querystring: Type.Object(
        {
          actors: Type.String({
            minLength: 1,
            maxLength: 6400,
            description: `Comma-separated handles or DIDs, at most ${blueskyLimits.profilesMax}.`,
            examples: ['bsky.app,atproto.com'],
          }),
          include: includeRaw,
        },
        { additionalProperties: false },
      ),
      response: 'SocialProfileBatchEnvelope',
      errors: upstreamErrors,
    },
    ({ query, raw }) => {
      const actors = query.actors
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
      if (actors.length === 0 || actors.length > blueskyLimits.profilesMax || !actors.every(isActor)) {
        throw new AppError(
          'invalid_request',
          `actors must be 1 to ${blueskyLimits.profilesMax} comma-separated handles or DIDs.`,
        )
      }
      return bluesky.profiles(actors, { raw })
    },
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'bluesky',
      url: '/v2/social/bluesky/profiles/:actor',
      operationId: 'getBlueskyProfile',
      summary: 'A Bluesky profile by handle or DID',
      description: 'From app.bsky.actor.getProfile. Cached for 60 s.',
      params: ActorParams,
      querystring: ReadQuery,
      response: 'SocialProfileEnvelope',
      errors: upstreamErrors,
    },
    ({ params, raw }) => bluesky.profile(params.actor, { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'bluesky',
      url: '/v2/social/bluesky/profiles/:actor/posts',
      operationId: 'listBlueskyPosts',
      summary: "A Bluesky actor's posts, newest first",
      description:
        'From app.bsky.feed.getAuthorFeed: posts and reposts (a repost shows the original with `reposted_by`). Cached for 30 s.',
      params: ActorParams,
      querystring: Type.Object(
        {
          filter: Type.Optional(
            Type.Unsafe<(typeof feedFilters)[number]>({
              type: 'string',
              enum: [...feedFilters],
              description: "Bluesky's feed filter; default posts_with_replies.",
            }),
          ),
          limit: limitParam(blueskyLimits.feedDefault, blueskyLimits.feedMax),
          cursor: cursorParam,
          include: includeRaw,
        },
        { additionalProperties: false },
      ),
      response: 'SocialPostListEnvelope',
      errors: upstreamErrors,
    },
    ({ params, query, raw }) =>
      bluesky.authorPosts(
        params.actor,
        {
          filter: query.filter ?? 'posts_with_replies',
          ...(query.limit !== undefined ? { limit: Number(query.limit) } : {}),
          ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
        },
        { raw },
      ),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'bluesky',
      url: '/v2/social/bluesky/profiles/:actor/posts/:rkey',
      operationId: 'getBlueskyPost',
      summary: 'A Bluesky post by handle (or DID) and record key',
      description:
        'The two parts of its bsky.app URL: `https://bsky.app/profile/{actor}/post/{rkey}`. From app.bsky.feed.getPosts.',
      params: PostParams,
      querystring: ReadQuery,
      response: 'SocialPostEnvelope',
      errors: upstreamErrors,
    },
    ({ params, raw }) => bluesky.post(params, { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'bluesky',
      url: '/v2/social/bluesky/profiles/:actor/posts/:rkey/thread',
      operationId: 'getBlueskyThread',
      summary: "A Bluesky post's thread",
      description: `The post, the posts above it (root first) and the replies below it, depth first, from app.bsky.feed.getPostThread. At most ${blueskyLimits.threadEntriesMax} replies; \`meta.truncated\` says when that or the depth cut the answer.`,
      params: PostParams,
      querystring: Type.Object(
        {
          depth: Type.Optional(
            Type.String({
              pattern: '^[0-9]{1,2}$',
              maxLength: 2,
              description: `Reply levels, 0 to ${blueskyLimits.threadDepthMax} (default ${blueskyLimits.threadDepthDefault}).`,
            }),
          ),
          parent_height: Type.Optional(
            Type.String({
              pattern: '^[0-9]{1,2}$',
              maxLength: 2,
              description: `Ancestors, 0 to ${blueskyLimits.parentHeightMax} (default ${blueskyLimits.parentHeightDefault}).`,
            }),
          ),
          include: includeRaw,
        },
        { additionalProperties: false },
      ),
      response: 'SocialThreadEnvelope',
      errors: upstreamErrors,
    },
    ({ params, query, raw }) => {
      const depth = integerOf(query.depth)
      const parentHeight = integerOf(query.parent_height)
      return bluesky.thread(
        params,
        {
          ...(depth !== undefined ? { depth } : {}),
          ...(parentHeight !== undefined ? { parentHeight } : {}),
        },
        { raw },
      )
    },
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'bluesky',
      url: '/v2/social/bluesky/posts/lookup',
      operationId: 'lookupBlueskyPost',
      summary: 'A Bluesky post by its bsky.app URL or at:// URI',
      description:
        "Paste the post's URL as shown in the app: `https://bsky.app/profile/{handle}/post/{rkey}`.",
      querystring: Type.Object(
        {
          url: Type.String({
            minLength: 1,
            maxLength: 2048,
            description: 'A bsky.app post URL or an at:// post URI.',
            examples: ['https://bsky.app/profile/bsky.app/post/3l6oveex3ii2l'],
          }),
          include: includeRaw,
        },
        { additionalProperties: false },
      ),
      response: 'SocialPostEnvelope',
      errors: upstreamErrors,
    },
    ({ query, raw }) => bluesky.postByUrl(query.url, { raw }),
  )

  for (const [index, url] of blueskySearchPaths.entries()) {
    app.get(
      url,
      {
        serializerCompiler: plainJson,
        schema: {
          operationId: ['searchBluesky', 'searchBlueskyPosts', 'searchBlueskyActors'][index]!,
          tags: ['social'],
          summary: 'Bluesky search (excluded)',
          description:
            'Bluesky search is not part of the social API. Every call answers 410 `search_excluded`, with or without a key.',
          response: errorResponses(['search_excluded']),
        },
      },
      async () => {
        throw new AppError('search_excluded', 'Bluesky search is excluded from the social API.')
      },
    )
  }
}
