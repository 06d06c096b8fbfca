/**
 * Schemas of the social API: the normalized records and the one envelope every answer comes in
 * (`request_id`, `network`, `data`, `pagination` on lists, `meta`). They are the OpenAPI document's
 * components (SPEC 9) and the response serializers.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import { mediaTypes, networks, postKinds } from '../../../social/social-types.ts'

function nullable<T extends TSchema>(schema: T, description?: string) {
  return Type.Union([schema, Type.Null()], description === undefined ? {} : { description })
}

function stringEnum<T extends string>(values: readonly T[], description: string) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], description })
}

const count = (description: string) => nullable(Type.Integer({ minimum: 0 }), description)
const time = (description: string) => nullable(Type.String({ format: 'date-time' }), description)
const raw = Type.Optional(
  Type.Unknown({ description: "With `?include=raw` only: the upstream's own object, unchanged." }),
)

const authorProperties = {
  id: Type.String({
    description: 'Bluesky DID, Mastodon account id (of that instance), Hacker News user name.',
  }),
  handle: Type.String({ description: 'Bluesky handle, Mastodon `user@instance`, Hacker News user name.' }),
  display_name: nullable(Type.String()),
  avatar_url: nullable(Type.String()),
  url: nullable(Type.String(), "The profile's page on the network's own site."),
}

const SocialAuthor = Type.Object(authorProperties, {
  $id: 'SocialAuthor',
  description: 'Who wrote a post.',
})

const SocialProfile = Type.Object(
  {
    ...authorProperties,
    network: stringEnum(networks, 'The network the profile is on.'),
    description: nullable(Type.String(), 'The bio as plain text.'),
    description_html: nullable(Type.String(), 'The bio as the network sent it (Mastodon note, HN about).'),
    banner_url: nullable(Type.String()),
    created_at: time('When the account was created (ISO-8601 UTC).'),
    bot: nullable(Type.Boolean(), 'Mastodon: the account says it is automated. Null elsewhere.'),
    counts: Type.Object(
      {
        followers: count('Null where the network has no followers (Hacker News).'),
        following: count('Null where the network has no follows.'),
        posts: count('Posts (Bluesky), statuses (Mastodon), submissions (Hacker News).'),
        karma: count('Hacker News only.'),
      },
      { description: 'Null where the network does not have the figure.' },
    ),
    raw,
  },
  { $id: 'SocialProfile', description: 'One profile shape for Bluesky, Mastodon and Hacker News.' },
)

const PostRef = Type.Object(
  { id: Type.String(), url: nullable(Type.String(), 'Its page, when known.') },
  { $id: 'SocialPostRef', description: 'A link to another post.' },
)

const SocialMedia = Type.Object(
  {
    type: stringEnum(mediaTypes, 'What the attachment is.'),
    url: Type.String(),
    preview_url: nullable(Type.String()),
    alt: nullable(Type.String(), 'The alt text its author wrote.'),
  },
  { $id: 'SocialMedia' },
)

const SocialPost = Type.Object(
  {
    id: Type.String({ description: 'Bluesky at:// URI, Mastodon status id (of that instance), HN item id.' }),
    network: stringEnum(networks, 'The network the post is on.'),
    kind: stringEnum(postKinds, '`post` on Bluesky and Mastodon; the item type on Hacker News.'),
    url: nullable(Type.String(), "The post's page on the network's own site."),
    author: nullable(Type.Ref('SocialAuthor'), 'Null for deleted Hacker News items.'),
    created_at: time('ISO-8601 UTC.'),
    title: nullable(Type.String(), 'Hacker News stories, jobs and polls.'),
    text: Type.String({ description: 'Plain text (from the HTML where the network sends HTML).' }),
    html: nullable(Type.String(), 'The original HTML: Mastodon content, Hacker News text. Null on Bluesky.'),
    link_url: nullable(
      Type.String(),
      'The link the post shares (HN story URL, Bluesky link card, Mastodon card).',
    ),
    language: nullable(Type.String(), 'The language its author tagged.'),
    counts: Type.Object(
      {
        replies: count('Replies (HN stories: all comments below; HN comments: direct replies).'),
        reposts: count('Reposts / boosts.'),
        likes: count('Likes / favourites.'),
        quotes: count('Quote posts.'),
        score: count('Hacker News points.'),
      },
      { description: 'Null where the network does not have the figure.' },
    ),
    media: Type.Array(Type.Ref('SocialMedia')),
    reply_to: nullable(Type.Ref('SocialPostRef'), 'The post this one answers.'),
    thread_root: nullable(Type.Ref('SocialPostRef'), "The thread's first post, when known."),
    quote_of: nullable(Type.Ref('SocialPostRef'), 'The post this one quotes.'),
    reposted_by: nullable(
      Type.Object({ author: Type.Ref('SocialAuthor'), at: time('When it was reposted.') }),
      'Set on a repost (Bluesky) or boost (Mastodon) in a list: the post shown is the original.',
    ),
    sensitive: Type.Boolean({
      description: 'Marked sensitive (Mastodon) or labelled adult/graphic (Bluesky).',
    }),
    content_warning: nullable(Type.String(), 'Mastodon spoiler text.'),
    deleted: Type.Boolean({ description: 'Hacker News: the item was deleted.' }),
    dead: Type.Boolean({ description: 'Hacker News: the item is dead (flagged or killed).' }),
    raw,
  },
  { $id: 'SocialPost', description: 'One post shape for Bluesky posts, Mastodon statuses and HN items.' },
)

const ThreadEntry = Type.Object(
  {
    depth: Type.Integer({
      minimum: 1,
      description: '1: answers the root directly; 2: answers a depth-1 entry...',
    }),
    post: Type.Ref('SocialPost'),
  },
  { $id: 'SocialThreadEntry', description: 'A post of a flattened tree, depth first: render in order.' },
)

const SocialTag = Type.Object(
  {
    name: Type.String(),
    instance: Type.String({ description: 'The Mastodon instance that answered.' }),
    url: nullable(Type.String()),
    history: Type.Array(
      Type.Object({
        day: Type.String({ format: 'date', description: 'UTC day.' }),
        uses: Type.Integer({ minimum: 0 }),
        accounts: Type.Integer({ minimum: 0 }),
      }),
      { description: 'Daily use on that instance, newest first, as Mastodon reports it.' },
    ),
    raw,
  },
  { $id: 'SocialTag', description: 'A Mastodon hashtag.' },
)

const Pagination = Type.Object(
  {
    next_cursor: nullable(Type.String(), 'Pass as `cursor` for the next page; null on the last page.'),
    has_more: Type.Boolean(),
    limit: Type.Integer({ minimum: 1, description: 'The page size that applied, after clamping.' }),
    prev_cursor: Type.Optional(nullable(Type.String(), 'Mastodon: the page of newer posts.')),
  },
  {
    $id: 'SocialPagination',
    description:
      'Cursors are opaque and signed: bound to the network, instance, endpoint and query they came from, ' +
      'valid for 24 hours. An altered or borrowed cursor is 422 `invalid_request`.',
  },
)

const Meta = Type.Object(
  {
    beta: Type.Literal(true, { description: 'The social API is a beta: shapes may still change.' }),
    upstream_status: Type.Integer({ description: "The network's HTTP status for the main call." }),
    cached: Type.Boolean({ description: 'True when the whole answer came from our short cache.' }),
    fetched_at: Type.String({
      format: 'date-time',
      description: 'When the oldest data in the answer was fetched.',
    }),
    truncated: Type.Optional(
      Type.Boolean({ description: 'Threads and comment trees: a depth or size bound cut the answer short.' }),
    ),
  },
  { $id: 'SocialMeta' },
)

function envelope($id: string, data: TSchema, list: boolean, description: string) {
  return Type.Object(
    {
      request_id: Type.String({ description: 'Also sent as X-Request-Id; quote it when asking for help.' }),
      network: stringEnum(networks, 'The network that answered.'),
      data,
      ...(list ? { pagination: Type.Ref('SocialPagination') } : {}),
      meta: Type.Ref('SocialMeta'),
    },
    { $id, description },
  )
}

const envelopes = [
  envelope('SocialProfileEnvelope', Type.Ref('SocialProfile'), false, 'One profile.'),
  envelope(
    'SocialProfileBatchEnvelope',
    Type.Object({
      profiles: Type.Array(Type.Ref('SocialProfile'), {
        description: 'In the order asked, duplicates once (handles compare without regard to case).',
      }),
      not_found: Type.Array(Type.String(), {
        description: 'The actors asked for that the network does not know.',
      }),
    }),
    false,
    'Several profiles at once.',
  ),
  envelope('SocialPostEnvelope', Type.Ref('SocialPost'), false, 'One post.'),
  envelope('SocialPostListEnvelope', Type.Array(Type.Ref('SocialPost')), true, 'A page of posts.'),
  envelope(
    'SocialThreadEnvelope',
    Type.Object({
      post: Type.Ref('SocialPost'),
      ancestors: Type.Array(Type.Ref('SocialPost'), { description: 'The posts above it, root first.' }),
      replies: Type.Array(Type.Ref('SocialThreadEntry'), {
        description: 'The replies below it, depth first.',
      }),
    }),
    false,
    'A post with its ancestors and replies.',
  ),
  envelope(
    'SocialCommentListEnvelope',
    Type.Array(Type.Ref('SocialThreadEntry')),
    true,
    'A page of a comment tree, depth first; pages go over the top-level comments.',
  ),
  envelope('SocialTagEnvelope', Type.Ref('SocialTag'), false, 'A hashtag.'),
]

const Platforms = Type.Object(
  {
    request_id: Type.String(),
    data: Type.Object({
      platforms: Type.Array(
        Type.Object({
          network: stringEnum(networks, 'Network id, as in every envelope.'),
          name: Type.String(),
          status: Type.Literal('beta'),
          source: Type.String({ description: 'Where the data comes from.' }),
          instances: Type.Optional(
            Type.Array(Type.String(), {
              description: 'Mastodon: the allowlisted instances; the first is the default.',
            }),
          ),
          endpoints: Type.Array(
            Type.Object({ method: Type.Literal('GET'), path: Type.String(), summary: Type.String() }),
          ),
        }),
      ),
      excluded: Type.Array(
        Type.Object({
          network: stringEnum(networks, 'Network id.'),
          feature: Type.String(),
          code: Type.String({ description: 'The error code these paths answer.' }),
          paths: Type.Array(Type.String()),
          reason: Type.String(),
        }),
      ),
    }),
    meta: Type.Object({ beta: Type.Literal(true) }),
  },
  {
    $id: 'SocialPlatforms',
    description: 'The social platforms that serve, what each offers, and what is excluded.',
  },
)

export const socialSchemas: TSchema[] = [
  SocialAuthor,
  SocialProfile,
  PostRef,
  SocialMedia,
  SocialPost,
  ThreadEntry,
  SocialTag,
  Pagination,
  Meta,
  ...envelopes,
  Platforms,
]

/** Query pieces shared by the routes. Query values are never coerced (DESIGN 3): numbers arrive as strings. */
export const includeRaw = Type.Optional(
  Type.Literal('raw', { description: "`raw` adds each record's upstream object as `raw`." }),
)

export function limitParam(fallback: number, max: number) {
  return Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,2}$',
      maxLength: 3,
      description: `Page size, a whole number from 1 to 999, default ${fallback}; values above ${max} are clamped to ${max} (the answer's \`pagination.limit\` says which applied), anything else is 422 \`invalid_request\`.`,
    }),
  )
}

export const cursorParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'The `next_cursor` (or `prev_cursor`) of the previous page.',
  }),
)

export function booleanParam(description: string) {
  return Type.Optional(stringEnum(['true', 'false'] as const, description))
}

export function integerOf(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value)
}
