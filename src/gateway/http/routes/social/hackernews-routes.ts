/**
 * Hacker News routes: an item, an item's comments (bounded depth and size), a user, a user's submissions,
 * and the story lists with their items, paged.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import {
  hackerNewsLimits,
  storyLists,
  type HackerNewsService,
} from '../../../social/hackernews/hackernews-service.ts'
import { cursorParam, includeRaw, integerOf, limitParam } from './social-params.ts'
import { socialRoute, upstreamErrors, type EndpointEntry } from './social-route.ts'

const ItemParams = Type.Object({
  id: Type.String({
    pattern: '^[1-9][0-9]{0,9}$',
    maxLength: 10,
    description: 'The item id.',
    examples: ['8863'],
  }),
})
const UserParams = Type.Object({
  user: Type.String({
    pattern: '^[A-Za-z0-9_-]{1,32}$',
    maxLength: 32,
    description: 'The user name (case-sensitive).',
    examples: ['pg'],
  }),
})

function paging(limit: string | undefined, cursor: string | undefined) {
  return {
    ...(limit !== undefined ? { limit: Number(limit) } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
  }
}

const PageQuery = Type.Object(
  {
    limit: limitParam(hackerNewsLimits.pageDefault, hackerNewsLimits.pageMax),
    cursor: cursorParam,
    include: includeRaw,
  },
  { additionalProperties: false },
)

export function registerHackerNewsRoutes(
  app: FastifyInstance,
  hackernews: HackerNewsService,
  catalog: EndpointEntry[],
): void {
  socialRoute(
    app,
    catalog,
    {
      network: 'hackernews',
      url: '/v2/social/hackernews/items/:id',
      operationId: 'getHackerNewsItem',
      summary: 'A Hacker News item: story, comment, job, poll or poll option',
      description: 'From /v0/item/<id>.json. Deleted and dead items are answered, flagged. Cached for 60 s.',
      params: ItemParams,
      querystring: Type.Object({ include: includeRaw }, { additionalProperties: false }),
      response: 'SocialPostEnvelope',
      errors: upstreamErrors,
    },
    ({ params, raw }) => hackernews.item(Number(params.id), { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'hackernews',
      url: '/v2/social/hackernews/items/:id/comments',
      operationId: 'listHackerNewsComments',
      summary: "A Hacker News item's comments, depth first",
      description: `Pages go over the top-level comments (\`limit\` of them a page); each is expanded \`depth\` levels. One page fetches at most ${hackerNewsLimits.treeItemsMax} items, ${hackerNewsLimits.concurrency} at a time; \`meta.truncated\` says when that bound or the depth cut replies (a comment's \`counts.replies\` still counts them, and its own comments page lists them).`,
      params: ItemParams,
      querystring: Type.Object(
        {
          depth: Type.Optional(
            Type.String({
              pattern: '^[1-9]$',
              maxLength: 1,
              description: `Levels, 1 to ${hackerNewsLimits.depthMax} (default ${hackerNewsLimits.depthDefault}).`,
            }),
          ),
          limit: limitParam(hackerNewsLimits.commentsDefault, hackerNewsLimits.commentsMax),
          cursor: cursorParam,
          include: includeRaw,
        },
        { additionalProperties: false },
      ),
      response: 'SocialCommentListEnvelope',
      errors: upstreamErrors,
    },
    ({ params, query, raw }) => {
      const depth = integerOf(query.depth)
      return hackernews.comments(
        Number(params.id),
        { ...paging(query.limit, query.cursor), ...(depth !== undefined ? { depth } : {}) },
        { raw },
      )
    },
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'hackernews',
      url: '/v2/social/hackernews/users/:user',
      operationId: 'getHackerNewsUser',
      summary: 'A Hacker News user',
      description: 'From /v0/user/<id>.json: karma, about, creation time. Cached for 60 s.',
      params: UserParams,
      querystring: Type.Object({ include: includeRaw }, { additionalProperties: false }),
      response: 'SocialProfileEnvelope',
      errors: upstreamErrors,
    },
    ({ params, raw }) => hackernews.user(params.user, { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'hackernews',
      url: '/v2/social/hackernews/users/:user/submissions',
      operationId: 'listHackerNewsSubmissions',
      summary: "A Hacker News user's submissions, newest first",
      description: `Stories, comments and polls from the user's \`submitted\` list, ${hackerNewsLimits.pageMax} at most a page.`,
      params: UserParams,
      querystring: PageQuery,
      response: 'SocialPostListEnvelope',
      errors: upstreamErrors,
    },
    ({ params, query, raw }) =>
      hackernews.submissions(params.user, paging(query.limit, query.cursor), { raw }),
  )

  socialRoute(
    app,
    catalog,
    {
      network: 'hackernews',
      url: '/v2/social/hackernews/stories/:list',
      operationId: 'listHackerNewsStories',
      summary: 'Hacker News story lists with their items',
      description:
        'top, new and best (up to 500 stories), ask, show and job (up to 200), in the order HN ranks them, with each item. The list is cached for 30 s; rankings move, so an item can appear on two pages.',
      params: Type.Object({
        list: Type.Unsafe<(typeof storyLists)[number]>({
          type: 'string',
          enum: [...storyLists],
          description: 'Which list.',
        }),
      }),
      querystring: PageQuery,
      response: 'SocialPostListEnvelope',
      errors: upstreamErrors,
    },
    ({ params, query, raw }) => hackernews.stories(params.list, paging(query.limit, query.cursor), { raw }),
  )
}
