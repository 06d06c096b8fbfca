/**
 * Bluesky through the public AppView's XRPC API (docs.bsky.app): app.bsky.actor.getProfile(s),
 * app.bsky.feed.getAuthorFeed, getPosts and getPostThread, and com.atproto.identity.resolveHandle when a
 * post is named by handle. A missing profile or post is a 400 `{error, message}` there, not a 404.
 */
import { AppError } from '../../../shared/errors.ts'
import type { CursorContext } from '../cursor-codec.ts'
import { unexpectedAnswer, type NetworkDeps } from '../network-deps.ts'
import { pageLimit } from '../paging.ts'
import type { ReadOptions, SocialPost, SocialProfile, SocialResult, ThreadEntry } from '../social-types.ts'
import { createTrace, type Trace, type UpstreamAnswer } from '../upstream-client.ts'
import { count, list, record, records, text, type Json } from '../upstream-json.ts'
import { isDid, parsePostAddress, postCollection, type PostAddress } from './bluesky-ids.ts'
import { blueskyPost, blueskyProfile } from './bluesky-normalize.ts'

export const feedFilters = [
  'posts_with_replies',
  'posts_no_replies',
  'posts_with_media',
  'posts_and_author_threads',
  'posts_with_video',
] as const
export type FeedFilter = (typeof feedFilters)[number]

export const blueskyLimits = {
  feedDefault: 25,
  feedMax: 100,
  /** app.bsky.actor.getProfiles takes at most 25 actors. */
  profilesMax: 25,
  threadDepthDefault: 6,
  threadDepthMax: 10,
  parentHeightDefault: 10,
  parentHeightMax: 50,
  /** Replies flattened into one thread answer, at most. */
  threadEntriesMax: 300,
} as const

const label = 'Bluesky'

type Missing = 'profile' | 'post' | 'handle'

function missing(what: Missing): AppError {
  const detail = {
    profile: 'Bluesky has no profile with this handle or DID.',
    post: 'Bluesky has no such post.',
    handle: 'Bluesky cannot resolve this handle.',
  }[what]
  return new AppError('not_found', detail)
}

/** What the AppView says of an account it will not show (400, app.bsky.actor.getProfile). */
const goneAccounts: Readonly<Record<string, string>> = {
  AccountDeactivated: 'This Bluesky account is deactivated.',
  AccountTakedown: 'This Bluesky account has been suspended.',
}

/** XRPC errors: `{error, message}`. A missing profile is 400 InvalidRequest "Profile not found". */
function xrpcFailure(answer: UpstreamAnswer, what: Missing): AppError {
  const body = record(answer.body)
  const error = text(body?.error) ?? ''
  const message = text(body?.message) ?? ''
  if (answer.status === 404 || error === 'NotFound') return missing(what)
  // A well-formed request for an account that is not shown: gone, not the caller's mistake.
  if (answer.status === 400 && Object.hasOwn(goneAccounts, error)) {
    return new AppError('not_found', goneAccounts[error]!)
  }
  if (answer.status === 400 && /not found|unable to resolve|could not (?:find|resolve)/i.test(message)) {
    return missing(what)
  }
  if (answer.status === 400) return new AppError('invalid_request', 'Bluesky refused the request as invalid.')
  return new AppError('upstream_unavailable', `Bluesky answered with an error (${answer.status}).`)
}

export function createBlueskyService(deps: NetworkDeps & { baseUrl: string }) {
  const { upstream, codec, clock, ttl } = deps

  async function xrpc(
    trace: Trace,
    method: string,
    params: readonly (readonly [string, string])[],
    ttlMs: number,
    what: Missing,
  ): Promise<UpstreamAnswer> {
    const url = new URL(`${deps.baseUrl}/xrpc/${method}`)
    for (const [name, value] of params) url.searchParams.append(name, value)
    const answer = trace.add(await upstream.get({ upstream: 'bluesky', label, url, ttlMs }))
    if (answer.status >= 200 && answer.status < 300) return answer
    throw xrpcFailure(answer, what)
  }

  function body(answer: UpstreamAnswer): Json {
    const json = record(answer.body)
    if (json === undefined) throw unexpectedAnswer(label)
    return json
  }

  async function profile(actor: string, options: ReadOptions): Promise<SocialResult<SocialProfile>> {
    const trace = createTrace(clock)
    const answer = await xrpc(
      trace,
      'app.bsky.actor.getProfile',
      [['actor', actor]],
      ttl.profileMs,
      'profile',
    )
    return { network: 'bluesky', data: blueskyProfile(body(answer), options.raw), meta: trace.meta(answer) }
  }

  /** Several profiles in one call; those Bluesky does not know are named in `not_found`. */
  async function profiles(
    actors: readonly string[],
    options: ReadOptions,
  ): Promise<SocialResult<{ profiles: SocialProfile[]; not_found: string[] }>> {
    const trace = createTrace(clock)
    // Handles are case-insensitive: `Alice.test` and `alice.test` are one actor, asked for once.
    const seen = new Set<string>()
    const wanted = actors.filter((actor) => !seen.has(actor.toLowerCase()) && seen.add(actor.toLowerCase()))
    const params = wanted.map((actor) => ['actors', actor] as const)
    const answer = await xrpc(trace, 'app.bsky.actor.getProfiles', params, ttl.profileMs, 'profile')
    const views = records(body(answer).profiles)
    const byKey = new Map<string, Json>()
    for (const view of views) {
      for (const key of [text(view.did), text(view.handle)])
        if (key !== null) byKey.set(key.toLowerCase(), view)
    }
    const found: SocialProfile[] = []
    const notFound: string[] = []
    for (const actor of wanted) {
      const view = byKey.get(actor.toLowerCase())
      if (view === undefined) notFound.push(actor)
      else found.push(blueskyProfile(view, options.raw))
    }
    return { network: 'bluesky', data: { profiles: found, not_found: notFound }, meta: trace.meta(answer) }
  }

  async function authorPosts(
    actor: string,
    query: { filter: FeedFilter; limit?: number; cursor?: string },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const trace = createTrace(clock)
    const limit = pageLimit(query.limit, blueskyLimits.feedDefault, blueskyLimits.feedMax)
    const context: CursorContext = {
      network: 'bluesky',
      instance: '',
      endpoint: 'bluesky.author_posts',
      query: `${actor.toLowerCase()}\n${query.filter}`,
    }
    const params: [string, string][] = [
      ['actor', actor],
      ['limit', String(limit)],
      ['filter', query.filter],
    ]
    if (query.cursor !== undefined) params.push(['cursor', codec.open(context, query.cursor)])
    const answer = await xrpc(trace, 'app.bsky.feed.getAuthorFeed', params, ttl.listMs, 'profile')
    const json = body(answer)
    const items = records(json.feed)
    const posts = items.flatMap((item) => {
      const view = record(item.post)
      return view === undefined
        ? []
        : [blueskyPost(view, { reason: item.reason, raw: options.raw ? item : undefined })]
    })
    const next = text(json.cursor)
    const hasMore = next !== null && next !== '' && items.length > 0
    return {
      network: 'bluesky',
      data: posts,
      pagination: { next_cursor: hasMore ? codec.seal(context, next) : null, has_more: hasMore, limit },
      meta: trace.meta(answer),
    }
  }

  /** Post URIs need the DID: a handle is resolved first (cached like a profile). */
  async function postUri(trace: Trace, address: PostAddress): Promise<string> {
    let did = address.actor
    if (!isDid(did)) {
      const params = [['handle', address.actor]] as const
      const answer = await xrpc(trace, 'com.atproto.identity.resolveHandle', params, ttl.profileMs, 'handle')
      const resolved = text(body(answer).did)
      if (resolved === null || !isDid(resolved)) throw unexpectedAnswer(label)
      did = resolved
    }
    return `at://${did}/${postCollection}/${address.rkey}`
  }

  async function post(address: PostAddress, options: ReadOptions): Promise<SocialResult<SocialPost>> {
    const trace = createTrace(clock)
    const uri = await postUri(trace, address)
    const answer = await xrpc(trace, 'app.bsky.feed.getPosts', [['uris', uri]], ttl.itemMs, 'post')
    const view = record(list(body(answer).posts)[0])
    if (view === undefined) throw missing('post')
    return {
      network: 'bluesky',
      data: blueskyPost(view, { raw: options.raw ? view : undefined }),
      meta: trace.meta(answer),
    }
  }

  function postByUrl(url: string, options: ReadOptions): Promise<SocialResult<SocialPost>> {
    return post(parsePostAddress(url), options)
  }

  async function thread(
    address: PostAddress,
    query: { depth?: number; parentHeight?: number },
    options: ReadOptions,
  ): Promise<SocialResult<{ post: SocialPost; ancestors: SocialPost[]; replies: ThreadEntry[] }>> {
    const trace = createTrace(clock)
    const uri = await postUri(trace, address)
    const depth = Math.min(query.depth ?? blueskyLimits.threadDepthDefault, blueskyLimits.threadDepthMax)
    const height = Math.min(
      query.parentHeight ?? blueskyLimits.parentHeightDefault,
      blueskyLimits.parentHeightMax,
    )
    const params = [
      ['uri', uri],
      ['depth', String(depth)],
      ['parentHeight', String(height)],
    ] as const
    const answer = await xrpc(trace, 'app.bsky.feed.getPostThread', params, ttl.listMs, 'post')
    const root = record(body(answer).thread)
    const isPost = (node: Json | undefined): node is Json =>
      text(node?.$type) === 'app.bsky.feed.defs#threadViewPost' && record(node?.post) !== undefined
    // A notFoundPost or blockedPost at the top: nothing to show.
    if (!isPost(root)) throw missing('post')
    const toPost = (node: Json) => {
      const view = record(node.post)!
      return blueskyPost(view, { raw: options.raw ? view : undefined })
    }

    const ancestors: SocialPost[] = []
    for (let node = record(root.parent); isPost(node); node = record(node.parent))
      ancestors.unshift(toPost(node))

    const replies: ThreadEntry[] = []
    let truncated = false
    const walk = (node: Json, level: number) => {
      for (const child of list(node.replies)) {
        const reply = record(child)
        if (!isPost(reply)) continue
        if (replies.length >= blueskyLimits.threadEntriesMax) {
          truncated = true
          return
        }
        replies.push({ depth: level, post: toPost(reply) })
        // Bluesky lists no replies below the depth asked for; the post's count says some exist.
        if (level >= depth && (count(record(reply.post)?.replyCount) ?? 0) > 0) truncated = true
        walk(reply, level + 1)
      }
    }
    if (depth === 0 && (count(record(root.post)?.replyCount) ?? 0) > 0) truncated = true
    walk(root, 1)
    return {
      network: 'bluesky',
      data: { post: toPost(root), ancestors, replies },
      meta: { ...trace.meta(answer), truncated },
    }
  }

  return { profile, profiles, authorPosts, post, postByUrl, thread }
}

export type BlueskyService = ReturnType<typeof createBlueskyService>
