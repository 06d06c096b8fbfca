/**
 * Mastodon on the allowlisted instances, through their public REST API (docs.joinmastodon.org/methods):
 * accounts/lookup and accounts/:id, accounts/:id/statuses, tags/:name, timelines/tag/:hashtag. Pages
 * follow the `Link` header (max_id older, min_id newer); lists hold at most 40 statuses, as Mastodon clamps.
 */
import { AppError } from '../../../shared/errors.ts'
import { invalidCursorDetail, type CursorContext } from '../cursor-codec.ts'
import { unexpectedAnswer, type NetworkDeps } from '../network-deps.ts'
import { pageLimit } from '../paging.ts'
import type {
  Pagination,
  ReadOptions,
  SocialPost,
  SocialProfile,
  SocialResult,
  SocialTag,
} from '../social-types.ts'
import { createTrace, type Trace, type UpstreamAnswer } from '../upstream-client.ts'
import { record, records, text, type Json } from '../upstream-json.ts'
import { isStatusId, pageIds } from './link-header.ts'
import type { AccountRef, InstanceDirectory } from './mastodon-instances.ts'
import { mastodonPost, mastodonProfile, mastodonTag } from './mastodon-normalize.ts'

export const mastodonLimits = { pageDefault: 20, pageMax: 40 } as const

type Missing = 'account' | 'tag'

function failure(answer: UpstreamAnswer, what: Missing, instance: string): AppError {
  if (answer.status === 404 || answer.status === 410) {
    return new AppError('not_found', `${instance} has no such ${what === 'account' ? 'account' : 'hashtag'}.`)
  }
  if (answer.status === 401 || answer.status === 403 || answer.status === 422) {
    return new AppError('upstream_unavailable', `${instance} does not serve this without signing in.`)
  }
  return new AppError('upstream_unavailable', `${instance} answered with an error (${answer.status}).`)
}

type Flags = Record<string, boolean | undefined>

export function createMastodonService(deps: NetworkDeps & { directory: InstanceDirectory }) {
  const { upstream, codec, clock, ttl, directory } = deps

  async function api(
    trace: Trace,
    instance: string,
    path: string,
    params: readonly (readonly [string, string])[],
    ttlMs: number,
    what: Missing,
  ): Promise<UpstreamAnswer> {
    const url = new URL(`${directory.baseUrl(instance)}${path}`)
    for (const [name, value] of params) url.searchParams.append(name, value)
    const call = { upstream: `mastodon:${instance}`, label: instance, url, ttlMs, headers: ['link'] }
    const answer = trace.add(await upstream.get(call))
    if (answer.status >= 200 && answer.status < 300) return answer
    throw failure(answer, what, instance)
  }

  function object(answer: UpstreamAnswer, instance: string): Json {
    const json = record(answer.body)
    if (json === undefined) throw unexpectedAnswer(instance)
    return json
  }

  /** The answer of one object of an instance's (an account, a tag), normalised. */
  function single<T>(
    trace: Trace,
    answer: UpstreamAnswer,
    instance: string,
    normalise: (json: Json, instance: string, raw: boolean) => T,
    options: ReadOptions,
  ): SocialResult<T> {
    return {
      network: 'mastodon',
      data: normalise(object(answer, instance), instance, options.raw),
      meta: trace.meta(answer),
    }
  }

  /** Cursors of a status list: what it is of, and the filters that shape it. */
  function statusContext(instance: string, endpoint: string, of: string, flags: Flags): CursorContext {
    return { network: 'mastodon', instance, endpoint, query: `${of}\n${JSON.stringify(flags)}` }
  }

  function accountCall(trace: Trace, instance: string, ref: AccountRef) {
    return ref.kind === 'id'
      ? api(trace, instance, `/api/v1/accounts/${ref.id}`, [], ttl.profileMs, 'account')
      : api(trace, instance, '/api/v1/accounts/lookup', [['acct', ref.username]], ttl.profileMs, 'account')
  }

  async function account(
    raw: string,
    instanceParam: string | undefined,
    options: ReadOptions,
  ): Promise<SocialResult<SocialProfile>> {
    const trace = createTrace(clock)
    const { instance, ref } = directory.account(raw, instanceParam)
    return single(trace, await accountCall(trace, instance, ref), instance, mastodonProfile, options)
  }

  /** One page of statuses with cursors from the Link header; the cursor says which way it goes. */
  async function statusPage(
    trace: Trace,
    instance: string,
    path: string,
    context: CursorContext,
    query: { limit?: number; cursor?: string; flags: Flags; what: Missing },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const limit = pageLimit(query.limit, mastodonLimits.pageDefault, mastodonLimits.pageMax)
    const params: [string, string][] = [['limit', String(limit)]]
    for (const [name, on] of Object.entries(query.flags)) if (on === true) params.push([name, 'true'])
    if (query.cursor !== undefined) {
      const carried = codec.open(context, query.cursor)
      const [direction, id] = [carried.slice(0, 4), carried.slice(4)]
      if ((direction !== 'max:' && direction !== 'min:') || !isStatusId(id)) {
        throw new AppError('invalid_request', invalidCursorDetail)
      }
      params.push([direction === 'max:' ? 'max_id' : 'min_id', id])
    }
    const answer = await api(trace, instance, path, params, ttl.listMs, query.what)
    if (!Array.isArray(answer.body)) throw unexpectedAnswer(instance)
    const statuses = records(answer.body)
    const ids = pageIds(answer.headers.link)
    const pagination: Pagination = {
      next_cursor: ids.next === undefined ? null : codec.seal(context, `max:${ids.next}`),
      has_more: ids.next !== undefined,
      limit,
      prev_cursor: ids.prev === undefined ? null : codec.seal(context, `min:${ids.prev}`),
    }
    return {
      network: 'mastodon',
      data: statuses.map((status) => mastodonPost(status, instance, options.raw)),
      pagination,
      meta: trace.meta(answer),
    }
  }

  async function accountPosts(
    raw: string,
    instanceParam: string | undefined,
    query: {
      limit?: number
      cursor?: string
      exclude_replies?: boolean
      exclude_reblogs?: boolean
      only_media?: boolean
    },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const trace = createTrace(clock)
    const { instance, ref } = directory.account(raw, instanceParam)
    let id = ref.kind === 'id' ? ref.id : undefined
    if (id === undefined) {
      // Statuses are listed by account id: a user name is looked up first (cached like the account).
      id = text(object(await accountCall(trace, instance, ref), instance).id) ?? undefined
      if (id === undefined || !/^[0-9A-Za-z_-]{1,64}$/.test(id)) throw unexpectedAnswer(instance)
    }
    const flags = {
      exclude_replies: query.exclude_replies,
      exclude_reblogs: query.exclude_reblogs,
      only_media: query.only_media,
    }
    const context = statusContext(instance, 'mastodon.account_posts', id, flags)
    return statusPage(
      trace,
      instance,
      `/api/v1/accounts/${id}/statuses`,
      context,
      { ...query, flags, what: 'account' },
      options,
    )
  }

  async function tag(
    name: string,
    instanceParam: string | undefined,
    options: ReadOptions,
  ): Promise<SocialResult<SocialTag>> {
    const trace = createTrace(clock)
    const instance = directory.instance(instanceParam)
    const path = `/api/v1/tags/${encodeURIComponent(name)}`
    const answer = await api(trace, instance, path, [], ttl.profileMs, 'tag')
    return single(trace, answer, instance, mastodonTag, options)
  }

  async function tagPosts(
    name: string,
    instanceParam: string | undefined,
    query: { limit?: number; cursor?: string; only_media?: boolean; local?: boolean; remote?: boolean },
    options: ReadOptions,
  ): Promise<SocialResult<SocialPost[]>> {
    const trace = createTrace(clock)
    const instance = directory.instance(instanceParam)
    const flags = { only_media: query.only_media, local: query.local, remote: query.remote }
    const context = statusContext(instance, 'mastodon.tag_posts', name.toLowerCase(), flags)
    const path = `/api/v1/timelines/tag/${encodeURIComponent(name)}`
    return statusPage(trace, instance, path, context, { ...query, flags, what: 'tag' }, options)
  }

  return { account, accountPosts, tag, tagPosts, instances: directory.instances }
}

export type MastodonService = ReturnType<typeof createMastodonService>
