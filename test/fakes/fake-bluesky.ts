/**
 * A fake Bluesky AppView, after the public XRPC API (docs.bsky.app, lexicons app.bsky.* and
 * com.atproto.identity.resolveHandle): the views' field names, cursors, the 1..100 limit, and the error
 * shape `{error, message}` with 400 for a missing profile ("Profile not found") or post (NotFound), and
 * 400 AccountDeactivated / AccountTakedown for a profile the AppView will not show (getProfiles leaves
 * those out).
 * Every answer carries RateLimit-Limit/-Remaining/-Reset (epoch seconds)/-Policy; over the limit it is
 * 429 RateLimitExceeded.
 */
import type { ServerResponse } from 'node:http'
import { sendJson, startFakeServer, windowCounter, type FakeServer } from './fake-server.ts'

type Json = Record<string, unknown>

export const bsky = {
  alice: { did: 'did:plc:alice0000000000000000000', handle: 'alice.test' },
  bob: { did: 'did:plc:bob00000000000000000000000', handle: 'bob.test' },
  /** Alice's posts: newest first; every 4th a reply, every 5th with an image, every 7th a video. */
  posts: 57,
  threadRoot: '3kthreadroot0',
  /** Accounts the AppView knows but does not show. */
  deactivated: { did: 'did:plc:gone0000000000000000000000', handle: 'gone.test' },
  suspended: { did: 'did:plc:banned00000000000000000000', handle: 'banned.test' },
}

const cdn = 'https://cdn.bsky.app/img'
const base = Date.parse('2025-01-01T00:00:00.000Z')

function profileView(who: { did: string; handle: string }, name: string): Json {
  return {
    did: who.did,
    handle: who.handle,
    displayName: name,
    description: `${name} posts about tests.`,
    avatar: `${cdn}/avatar/plain/${who.did}/a@jpeg`,
    banner: `${cdn}/banner/plain/${who.did}/b@jpeg`,
    followersCount: 120,
    followsCount: 80,
    postsCount: bsky.posts,
    createdAt: '2023-04-01T10:00:00.000Z',
    indexedAt: '2023-04-01T10:00:00.000Z',
    labels: [],
    associated: { lists: 0, feedgens: 0, starterPacks: 0, labeler: false },
  }
}

function basic(who: { did: string; handle: string }, name: string): Json {
  return {
    did: who.did,
    handle: who.handle,
    displayName: name,
    avatar: `${cdn}/avatar/plain/${who.did}/a@jpeg`,
    labels: [],
    createdAt: '2023-04-01T10:00:00.000Z',
  }
}

function postView(
  author: { did: string; handle: string },
  name: string,
  rkey: string,
  index: number,
  extra: Json = {},
): Json {
  const createdAt = new Date(base - index * 60_000).toISOString()
  return {
    uri: `at://${author.did}/app.bsky.feed.post/${rkey}`,
    cid: `bafyrei${rkey}`,
    author: basic(author, name),
    record: { $type: 'app.bsky.feed.post', text: `Post number ${index}`, createdAt, langs: ['en'] },
    replyCount: index % 3,
    repostCount: index % 2,
    likeCount: index * 2,
    quoteCount: 0,
    indexedAt: createdAt,
    labels: [],
    ...extra,
  }
}

/** Alice's author feed, newest first, as feed items ({post, reply?, reason?}). */
function aliceFeed(): Json[] {
  const items: Json[] = []
  for (let index = 0; index < bsky.posts; index++) {
    const rkey = `3kpost${String(index).padStart(7, '0')}`
    const extra: Json = {}
    const record: Json = {
      $type: 'app.bsky.feed.post',
      text: `Post number ${index}`,
      createdAt: new Date(base - index * 60_000).toISOString(),
      langs: ['en'],
    }
    if (index % 4 === 3) {
      const parent = `at://${bsky.bob.did}/app.bsky.feed.post/3kbobpost0001`
      record.reply = {
        root: { uri: parent, cid: 'bafyreiroot' },
        parent: { uri: parent, cid: 'bafyreiroot' },
      }
    }
    if (index % 5 === 0) {
      extra.embed = {
        $type: 'app.bsky.embed.images#view',
        images: [
          {
            thumb: `${cdn}/feed_thumbnail/${index}@jpeg`,
            fullsize: `${cdn}/feed_fullsize/${index}@jpeg`,
            alt: `Image ${index}`,
            aspectRatio: { width: 4, height: 3 },
          },
        ],
      }
    } else if (index % 7 === 0) {
      extra.embed = {
        $type: 'app.bsky.embed.video#view',
        cid: 'bafyvideo',
        playlist: `https://video.bsky.app/watch/${index}/playlist.m3u8`,
        thumbnail: `https://video.bsky.app/watch/${index}/thumbnail.jpg`,
        alt: `Video ${index}`,
      }
    } else if (index === 2) {
      extra.embed = {
        $type: 'app.bsky.embed.record#view',
        record: {
          $type: 'app.bsky.embed.record#viewRecord',
          uri: `at://${bsky.bob.did}/app.bsky.feed.post/3kbobpost0001`,
          cid: 'bafyreibob',
          author: basic(bsky.bob, 'Bob'),
          value: { text: 'quoted' },
          indexedAt: new Date(base).toISOString(),
        },
      }
    } else if (index === 1) {
      extra.embed = {
        $type: 'app.bsky.embed.external#view',
        external: { uri: 'https://example.com/article', title: 'An article', description: 'About things' },
      }
    }
    const post = { ...postView(bsky.alice, 'Alice', rkey, index, extra), record }
    const item: Json = { post }
    if (index === 6) {
      // Alice reposted one of Bob's posts: the feed item is Bob's post with a repost reason.
      items.push({
        post: postView(bsky.bob, 'Bob', '3kbobpost0001', 0),
        reason: {
          $type: 'app.bsky.feed.defs#reasonRepost',
          by: basic(bsky.alice, 'Alice'),
          indexedAt: new Date(base - 6 * 60_000 + 1).toISOString(),
        },
      })
    }
    items.push(item)
  }
  return items
}

/** Feed order: a repost sorts by when it was reposted. */
function sortAt(item: Json): string {
  return ((item.reason as Json | undefined)?.indexedAt ?? (item.post as Json).indexedAt) as string
}

function filtered(items: Json[], filter: string): Json[] {
  const post = (item: Json) => item.post as Json
  const reply = (item: Json) => (post(item).record as Json).reply !== undefined
  const embedType = (item: Json) =>
    ((post(item).embed as Json | undefined)?.$type as string | undefined) ?? ''
  switch (filter) {
    case 'posts_no_replies':
    case 'posts_and_author_threads':
      return items.filter((item) => !reply(item))
    case 'posts_with_media':
      return items.filter((item) => item.reason === undefined && /images|video/.test(embedType(item)))
    case 'posts_with_video':
      return items.filter((item) => item.reason === undefined && embedType(item).includes('video'))
    default:
      return items
  }
}

export type FakeBluesky = FakeServer & { setRateLimit(limit: number, windowMs: number): void }

/** `clock` is what its rate-limit window and RateLimit-Reset read: the service's, in a test that moves it. */
export async function startFakeBluesky(host: string, clock: () => number = Date.now): Promise<FakeBluesky> {
  const feed = aliceFeed()
  const posts = new Map<string, Json>()
  for (const item of feed) posts.set((item.post as Json).uri as string, item.post as Json)
  const actors = [
    { ...bsky.alice, view: profileView(bsky.alice, 'Alice') },
    { ...bsky.bob, view: profileView(bsky.bob, 'Bob') },
  ]
  const find = (actor: string | null) =>
    actors.find((a) => a.did === actor || a.handle === actor?.toLowerCase())
  let counter = windowCounter(3000, 300_000)

  // A thread: Alice's root post, two replies, one of them answered; one reply was deleted.
  const root = postView(bsky.alice, 'Alice', bsky.threadRoot, 1)
  const replying = (author: typeof bsky.alice, name: string, rkey: string, index: number, parent: Json) =>
    postView(author, name, rkey, index, {
      record: {
        $type: 'app.bsky.feed.post',
        text: `Post number ${index}`,
        createdAt: new Date(base - index * 60_000).toISOString(),
        langs: ['en'],
        reply: {
          root: { uri: root.uri, cid: root.cid },
          parent: { uri: parent.uri, cid: parent.cid },
        },
      },
    })
  const replyA = replying(bsky.bob, 'Bob', '3kreplyA00000', 2, root)
  const replyB = replying(bsky.alice, 'Alice', '3kreplyB00000', 3, root)
  const replyA1 = replying(bsky.alice, 'Alice', '3kreplyA10000', 4, replyA)
  const deleted = {
    $type: 'app.bsky.feed.defs#notFoundPost',
    uri: `at://${bsky.bob.did}/app.bsky.feed.post/3kgone0000000`,
    notFound: true,
  }
  const threadParent = new Map<unknown, Json>([
    [replyA.uri, root],
    [replyB.uri, root],
    [replyA1.uri, replyA],
  ])
  const threadReplies = new Map<unknown, Json[]>([
    [root.uri, [replyA, replyB, deleted]],
    [replyA.uri, [replyA1]],
  ])
  for (const post of [root, replyA, replyB, replyA1]) {
    post.replyCount = threadReplies.get(post.uri)?.length ?? 0
    posts.set(post.uri as string, post)
  }
  /** The anchor with its replies `depth` levels down (none listed below that), as threadViewPost nodes. */
  const down = (post: Json, depth: number): Json => ({
    $type: 'app.bsky.feed.defs#threadViewPost',
    post,
    replies:
      depth < 1
        ? []
        : (threadReplies.get(post.uri) ?? []).map((child) =>
            child.$type === 'app.bsky.feed.defs#notFoundPost' ? child : down(child, depth - 1),
          ),
  })
  /** Its parents, `height` of them at most, each with its own parent. */
  const up = (post: Json, height: number): Json | undefined => {
    const parent = threadParent.get(post.uri)
    if (parent === undefined || height < 1) return undefined
    const above = up(parent, height - 1)
    return { $type: 'app.bsky.feed.defs#threadViewPost', post: parent, ...(above ? { parent: above } : {}) }
  }

  function xrpcError(
    response: ServerResponse,
    headers: Record<string, string>,
    error: string,
    message: string,
  ) {
    sendJson(response, 400, { error, message }, headers)
  }

  const fake = (await startFakeServer(host, ({ url }, response) => {
    const now = clock()
    const budget = counter.take(now)
    const headers = {
      'ratelimit-limit': String(counter.limit),
      'ratelimit-remaining': String(budget.remaining),
      'ratelimit-reset': String(Math.ceil(budget.resetAt / 1000)),
      'ratelimit-policy': `${counter.limit};w=300`,
    }
    if (!budget.ok)
      return sendJson(response, 429, { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }, headers)
    const params = url.searchParams
    switch (url.pathname) {
      case '/xrpc/app.bsky.actor.getProfile': {
        const actor = params.get('actor')
        if (actor === null)
          return xrpcError(
            response,
            headers,
            'InvalidRequest',
            'Error: Params must have the property "actor"',
          )
        const found = find(actor)
        if (found === undefined) {
          const hidden = [bsky.deactivated, bsky.suspended].find(
            (a) => a.did === actor || a.handle === actor.toLowerCase(),
          )
          if (hidden === bsky.deactivated)
            return xrpcError(response, headers, 'AccountDeactivated', 'Account is deactivated')
          if (hidden === bsky.suspended)
            return xrpcError(response, headers, 'AccountTakedown', 'Account has been suspended')
          return xrpcError(response, headers, 'InvalidRequest', 'Profile not found')
        }
        return sendJson(response, 200, found.view, headers)
      }
      case '/xrpc/app.bsky.actor.getProfiles': {
        const wanted = params.getAll('actors')
        if (wanted.length === 0 || wanted.length > 25)
          return xrpcError(
            response,
            headers,
            'InvalidRequest',
            'Error: actors must not have more than 25 elements',
          )
        // Unknown actors are left out, silently.
        return sendJson(
          response,
          200,
          { profiles: wanted.flatMap((actor) => find(actor)?.view ?? []) },
          headers,
        )
      }
      case '/xrpc/app.bsky.feed.getAuthorFeed': {
        const found = find(params.get('actor'))
        if (found === undefined) return xrpcError(response, headers, 'InvalidRequest', 'Profile not found')
        const limit = Number(params.get('limit') ?? '50')
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          return xrpcError(response, headers, 'InvalidRequest', 'Error: limit can not be greater than 100')
        const items =
          found.did === bsky.alice.did ? filtered(feed, params.get('filter') ?? 'posts_with_replies') : []
        const cursor = params.get('cursor')
        // The AppView's cursor is opaque to clients; here it is the sort time of the last item served.
        const start = cursor === null ? 0 : items.findIndex((item) => sortAt(item) < cursor)
        const page = start < 0 ? [] : items.slice(start, start + limit)
        const last = page[page.length - 1]
        const more = start >= 0 && start + limit < items.length
        return sendJson(
          response,
          200,
          { feed: page, ...(more && last ? { cursor: sortAt(last) } : {}) },
          headers,
        )
      }
      case '/xrpc/app.bsky.feed.getPosts': {
        const uris = params.getAll('uris')
        return sendJson(response, 200, { posts: uris.flatMap((uri) => posts.get(uri) ?? []) }, headers)
      }
      case '/xrpc/app.bsky.feed.getPostThread': {
        const uri = params.get('uri') ?? ''
        const anchor = posts.get(uri)
        if (anchor === undefined) return xrpcError(response, headers, 'NotFound', `Post not found: ${uri}`)
        const thread = down(anchor, Number(params.get('depth') ?? '6'))
        const parent = up(anchor, Number(params.get('parentHeight') ?? '80'))
        return sendJson(response, 200, { thread: { ...thread, ...(parent ? { parent } : {}) } }, headers)
      }
      case '/xrpc/com.atproto.identity.resolveHandle': {
        const found = find(params.get('handle'))
        if (found === undefined)
          return xrpcError(response, headers, 'InvalidRequest', 'Unable to resolve handle')
        return sendJson(response, 200, { did: found.did }, headers)
      }
      case '/xrpc/app.bsky.feed.searchPosts':
      case '/xrpc/app.bsky.actor.searchActors':
        return sendJson(response, 200, { posts: [], actors: [] }, headers)
      default:
        return sendJson(
          response,
          501,
          { error: 'MethodNotImplemented', message: 'Method Not Implemented' },
          headers,
        )
    }
  })) as FakeBluesky
  fake.setRateLimit = (limit, windowMs) => {
    counter = windowCounter(limit, windowMs)
  }
  return fake
}
