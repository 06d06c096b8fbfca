/**
 * Hacker News through its official Firebase API (github.com/HackerNews/API): /v0/item/<id>.json,
 * /v0/user/<id>.json and the story lists. A missing item or user is a 200 with `null`. Lists and trees are
 * assembled here from single items, so fan-out is bounded: at most 8 item fetches at once, at most 30
 * items a page, at most 100 items for one comment tree.
 */
import { AppError } from '../../../shared/errors.ts'
import { invalidCursorDetail, type CursorContext } from '../cursor-codec.ts'
import { unexpectedAnswer, type NetworkDeps } from '../network-deps.ts'
import { mapBounded, pageLimit } from '../paging.ts'
import type { ReadOptions, SocialPost, SocialProfile, SocialResult, ThreadEntry } from '../social-types.ts'
import { createTrace, type Trace, type UpstreamAnswer } from '../upstream-client.ts'
import { list, record, type Json } from '../upstream-json.ts'
import { hackerNewsPost, hackerNewsProfile, itemRef } from './hackernews-normalize.ts'

export const storyLists = ['top', 'new', 'best', 'ask', 'show', 'job'] as const
export type StoryList = (typeof storyLists)[number]

export const hackerNewsLimits = {
  pageDefault: 20,
  pageMax: 30,
  commentsDefault: 10,
  commentsMax: 30,
  depthDefault: 3,
  depthMax: 5,
  /** Item fetches for one comment page, all levels. */
  treeItemsMax: 100,
  concurrency: 8,
} as const

const label = 'Hacker News'

export function createHackerNewsService(deps: NetworkDeps & { baseUrl: string; concurrency?: number }) {
  const { upstream, codec, clock, ttl } = deps
  const concurrency = deps.concurrency ?? hackerNewsLimits.concurrency

  async function get(trace: Trace, path: string, ttlMs: number): Promise<UpstreamAnswer> {
    const url = new URL(`${deps.baseUrl}/v0/${path}.json`)
    const answer = trace.add(await upstream.get({ upstream: 'hackernews', label, url, ttlMs }))
    if (answer.status === 200) return answer
    if (answer.status === 404) throw new AppError('not_found', 'Hacker News has no such item or user.')
    throw new AppError('upstream_unavailable', `Hacker News answered with an error (${answer.status}).`)
  }

  /** The item, or undefined for HN's `null` (no such item). */
  async function item(trace: Trace, id: number): Promise<{ answer: UpstreamAnswer; item: Json | undefined }> {
    const answer = await get(trace, `item/${id}`, ttl.itemMs)
    if (answer.body !== null && record(answer.body) === undefined) throw unexpectedAnswer(label)
    return { answer, item: record(answer.body) }
  }

  async function existing(trace: Trace, id: number): Promise<{ answer: UpstreamAnswer; item: Json }> {
    const found = await item(trace, id)
    if (found.item === undefined) throw new AppError('not_found', `Hacker News has no item ${id}.`)
    return { answer: found.answer, item: found.item }
  }

  function ids(value: unknown): number[] {
    return list(value).filter(
      (id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0,
    )
  }

  function offsetOf(context: CursorContext, cursor: string | undefined): number {
    if (cursor === undefined) return 0
    const carried = codec.open(context, cursor)
    if (!/^[0-9]{1,7}$/.test(carried)) throw new AppError('invalid_request', invalidCursorDetail)
    return Number(carried)
  }

  /** Cursors of one list: its endpoint and what it is of (an item, a user, a story list). */
  function listContext(endpoint: string, of: string): CursorContext {
    return { network: 'hackernews', instance: '', endpoint, query: of }
  }

  /**
   * The answer of a list of ids (a user's submissions, a story list): a page of their items, fetched with
   * bounded fan-out; ids HN answers `null` for are left out.
   */
  async function page(
    trace: Trace,
    answer: UpstreamAnswer,
    all: readonly number[],
    context: CursorContext,
    query: { limit?: number; cursor?: string },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const limit = pageLimit(query.limit, hackerNewsLimits.pageDefault, hackerNewsLimits.pageMax)
    const offset = offsetOf(context, query.cursor)
    const slice = all.slice(offset, offset + limit)
    const items = await mapBounded(slice, concurrency, async (id) => (await item(trace, id)).item)
    const end = offset + slice.length
    const hasMore = end < all.length
    return {
      network: 'hackernews',
      data: items.flatMap((found) =>
        found === undefined ? [] : [hackerNewsPost(found, { raw: options.raw })],
      ),
      pagination: {
        next_cursor: hasMore ? codec.seal(context, String(end)) : null,
        has_more: hasMore,
        limit,
      },
      meta: trace.meta(answer),
    }
  }

  async function getItem(id: number, options: ReadOptions): Promise<SocialResult<SocialPost>> {
    const trace = createTrace(clock)
    const { answer, item: found } = await existing(trace, id)
    return {
      network: 'hackernews',
      data: hackerNewsPost(found, { raw: options.raw }),
      meta: trace.meta(answer),
    }
  }

  /**
   * One page of an item's comments: `limit` top-level comments from the cursor on, each expanded `depth`
   * levels, level by level, until the tree's item budget is spent. `truncated` when that budget or the
   * depth left replies out (a comment's `counts.replies` still says how many replies it has, and its own
   * comments page shows them).
   */
  async function comments(
    id: number,
    query: { limit?: number; cursor?: string; depth?: number },
    options: ReadOptions,
  ): Promise<SocialResult<ThreadEntry[]>> {
    const trace = createTrace(clock)
    const { answer, item: root } = await existing(trace, id)
    const limit = pageLimit(query.limit, hackerNewsLimits.commentsDefault, hackerNewsLimits.commentsMax)
    const depth = pageLimit(query.depth, hackerNewsLimits.depthDefault, hackerNewsLimits.depthMax)
    const context = listContext('hackernews.comments', `${id}\n${depth}`)
    const kids = ids(root.kids)
    const offset = offsetOf(context, query.cursor)
    const top = kids.slice(offset, offset + limit)

    const fetched = new Map<number, Json>()
    let budget: number = hackerNewsLimits.treeItemsMax
    let truncated = false
    let level = top
    for (let current = 1; current <= depth && level.length > 0; current++) {
      const wanted = level.slice(0, budget)
      if (wanted.length < level.length) truncated = true
      budget -= wanted.length
      const items = await mapBounded(wanted, concurrency, async (kid) => (await item(trace, kid)).item)
      level = []
      wanted.forEach((kid, index) => {
        const found = items[index]
        if (found === undefined) return
        fetched.set(kid, found)
        if (current < depth) level.push(...ids(found.kids))
        // The depth asked for ends here, above replies that exist.
        else if (ids(found.kids).length > 0) truncated = true
      })
      if (budget <= 0 && level.length > 0) truncated = true
      if (budget <= 0) break
    }

    const rootRef = itemRef(root.id) ?? undefined
    const entries: ThreadEntry[] = []
    const visit = (kid: number, at: number) => {
      const found = fetched.get(kid)
      if (found === undefined) return
      entries.push({
        depth: at,
        post: hackerNewsPost(found, { raw: options.raw, ...(rootRef ? { root: rootRef } : {}) }),
      })
      for (const child of ids(found.kids)) visit(child, at + 1)
    }
    for (const kid of top) visit(kid, 1)

    const end = offset + top.length
    const hasMore = end < kids.length
    return {
      network: 'hackernews',
      data: entries,
      pagination: {
        next_cursor: hasMore ? codec.seal(context, String(end)) : null,
        has_more: hasMore,
        limit,
      },
      meta: { ...trace.meta(answer), truncated },
    }
  }

  async function user(name: string, options: ReadOptions): Promise<SocialResult<SocialProfile>> {
    const trace = createTrace(clock)
    const answer = await get(trace, `user/${encodeURIComponent(name)}`, ttl.profileMs)
    const found = record(answer.body)
    if (found === undefined) throw new AppError('not_found', 'Hacker News has no such user.')
    return { network: 'hackernews', data: hackerNewsProfile(found, options.raw), meta: trace.meta(answer) }
  }

  /** A user's submissions (stories, comments, polls), newest first, as HN lists them. */
  async function submissions(
    name: string,
    query: { limit?: number; cursor?: string },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const trace = createTrace(clock)
    const answer = await get(trace, `user/${encodeURIComponent(name)}`, ttl.profileMs)
    const found = record(answer.body)
    if (found === undefined) throw new AppError('not_found', 'Hacker News has no such user.')
    const context = listContext('hackernews.submissions', name)
    return page(trace, answer, ids(found.submitted), context, query, options)
  }

  /** top, new, best (up to 500 ids), ask, show, job (up to 200): the ids, then a page of their items. */
  async function stories(
    kind: StoryList,
    query: { limit?: number; cursor?: string },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const trace = createTrace(clock)
    const answer = await get(trace, `${kind}stories`, ttl.listMs)
    if (!Array.isArray(answer.body)) throw unexpectedAnswer(label)
    return page(trace, answer, ids(answer.body), listContext('hackernews.stories', kind), query, options)
  }

  return { item: getItem, comments, user, submissions, stories }
}

export type HackerNewsService = ReturnType<typeof createHackerNewsService>
