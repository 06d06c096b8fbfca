/**
 * A fake Mastodon instance, after docs.joinmastodon.org: accounts/lookup and accounts/:id (404
 * `{"error":"Record not found"}`), accounts/:id/statuses and timelines/tag/:hashtag (limit default 20,
 * clamped to 40; max_id / min_id; a `Link` header with rel="next" only when the page is full and
 * rel="prev" when it is not empty), tags/:name. Every answer carries X-RateLimit-Limit/-Remaining and
 * X-RateLimit-Reset as an ISO time; over the limit (300 per 5 minutes by default) it is 429.
 */
import type { ServerResponse } from 'node:http'
import { sendJson, startFakeServer, windowCounter, type FakeServer } from './fake-server.ts'

type Json = Record<string, unknown>

export const masto = {
  /** Alice's statuses, newest first: every 5th a reply to Bob, every 6th a boost, every 4th with media. */
  statuses: 95,
  /** Posts tagged #rust on the instance. */
  rustPosts: 45,
}

const firstId = 110_000_000_000_000_000n

export type FakeMastodon = FakeServer & {
  domain: string
  setRateLimit(limit: number, windowMs: number): void
}

/** `now` is the clock its rate-limit window and X-RateLimit-Reset read: the service's, in a test that moves it. */
export async function startFakeMastodon(
  host: string,
  domain: string,
  now: () => number = Date.now,
): Promise<FakeMastodon> {
  const account = (id: string, username: string, name: string, acct = username): Json => ({
    id,
    username,
    acct,
    display_name: name,
    locked: false,
    bot: username === 'newsbot',
    discoverable: true,
    group: false,
    created_at: '2022-11-05T00:00:00.000Z',
    note: `<p>${name} writes &amp; tests. <a href="https://${domain}/tags/rust" class="mention hashtag" rel="tag">#<span>rust</span></a></p>`,
    url: acct.includes('@') ? `https://${acct.split('@')[1]}/@${username}` : `https://${domain}/@${username}`,
    avatar: `https://files.${domain}/accounts/avatars/${id}.png`,
    avatar_static: `https://files.${domain}/accounts/avatars/${id}.png`,
    header: `https://files.${domain}/accounts/headers/${id}.png`,
    header_static: `https://files.${domain}/accounts/headers/${id}.png`,
    followers_count: 310,
    following_count: 42,
    statuses_count: masto.statuses,
    last_status_at: '2025-01-01',
    emojis: [],
    fields: [],
  })
  const alice = account('109000000000000001', 'alice', 'Alice')
  const bob = account('109000000000000002', 'bob', 'Bob')
  const carol = account('109000000000000003', 'carol', 'Carol', 'carol@other.example')
  const accounts = [alice, bob, carol, account('109000000000000004', 'newsbot', 'News bot')]

  const status = (n: number, by: Json, extra: Json = {}): Json => {
    const id = String(firstId + BigInt(1000 - n))
    return {
      id,
      uri: `https://${domain}/users/${by.username as string}/statuses/${id}`,
      url: `https://${domain}/@${by.username as string}/${id}`,
      created_at: new Date(Date.parse('2025-01-01T00:00:00.000Z') - n * 60_000).toISOString(),
      account: by,
      content: `<p>Status ${n} &lt;3<br />second line</p><p>Read <a href="https://example.com/very/long/path"><span class="invisible">https://</span><span class="ellipsis">example.com/very/lo</span><span class="invisible">ng/path</span></a></p>`,
      visibility: 'public',
      sensitive: n === 3,
      spoiler_text: n === 3 ? 'spoilers' : '',
      media_attachments: [],
      mentions: [],
      tags: [],
      emojis: [],
      reblogs_count: n % 3,
      favourites_count: n * 2,
      replies_count: n % 4,
      quotes_count: 0,
      in_reply_to_id: null,
      in_reply_to_account_id: null,
      reblog: null,
      poll: null,
      card: null,
      language: 'en',
      edited_at: null,
      ...extra,
    }
  }
  const media = (n: number) => [
    {
      id: String(n),
      type: 'image',
      url: `https://files.${domain}/media/${n}.png`,
      preview_url: `https://files.${domain}/media/${n}_small.png`,
      remote_url: null,
      description: `Picture ${n}`,
      blurhash: 'UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH',
    },
  ]
  const timeline: Json[] = []
  for (let n = 0; n < masto.statuses; n++) {
    if (n % 6 === 5) {
      // A boost: the outer status is Alice's, `reblog` is Bob's original.
      timeline.push(status(n, alice, { content: '', reblog: status(500 + n, bob) }))
    } else if (n % 5 === 4) {
      timeline.push(
        status(n, alice, { in_reply_to_id: String(firstId + 1n), in_reply_to_account_id: bob.id }),
      )
    } else {
      timeline.push(status(n, alice, n % 4 === 0 ? { media_attachments: media(n) } : {}))
    }
  }
  const rust: Json[] = []
  for (let n = 0; n < masto.rustPosts; n++) {
    rust.push(
      status(2000 + n, n % 2 === 0 ? bob : carol, {
        tags: [{ name: 'rust', url: `https://${domain}/tags/rust` }],
        ...(n % 9 === 0 ? { media_attachments: media(2000 + n) } : {}),
      }),
    )
  }

  let counter = windowCounter(300, 300_000)

  /** Mastodon's paging: max_id older, min_id the page just newer, since_id newest above. */
  function page(
    response: ServerResponse,
    path: string,
    all: Json[],
    params: URLSearchParams,
    headers: Record<string, string>,
  ) {
    const limit = Math.min(Math.max(Number(params.get('limit') ?? '20') || 20, 1), 40)
    const maxId = params.get('max_id')
    const minId = params.get('min_id')
    let list = all
    if (maxId !== null) list = list.filter((s) => BigInt(s.id as string) < BigInt(maxId))
    let chosen: Json[]
    if (minId !== null) {
      const newer = list.filter((s) => BigInt(s.id as string) > BigInt(minId))
      chosen = newer.slice(Math.max(0, newer.length - limit))
    } else {
      chosen = list.slice(0, limit)
    }
    const links: string[] = []
    const carry = [...params].filter(([name]) => !['max_id', 'min_id', 'since_id', 'limit'].includes(name))
    const link = (name: string, id: string) => {
      const query = new URLSearchParams([...carry, ['limit', String(limit)], [name, id]])
      return `<https://${domain}${path}?${query.toString()}>`
    }
    if (chosen.length === limit)
      links.push(`${link('max_id', chosen[chosen.length - 1]!.id as string)}; rel="next"`)
    if (chosen.length > 0) links.push(`${link('min_id', chosen[0]!.id as string)}; rel="prev"`)
    sendJson(response, 200, chosen, links.length > 0 ? { ...headers, link: links.join(', ') } : headers)
  }

  const fake = (await startFakeServer(host, ({ url }, response) => {
    const budget = counter.take(now())
    const headers = {
      'x-ratelimit-limit': String(counter.limit),
      'x-ratelimit-remaining': String(budget.remaining),
      'x-ratelimit-reset': new Date(budget.resetAt).toISOString(),
    }
    if (!budget.ok) return sendJson(response, 429, { error: 'Too many requests' }, headers)
    const params = url.searchParams
    const notFound = () => sendJson(response, 404, { error: 'Record not found' }, headers)
    const path = url.pathname
    if (path === '/api/v1/accounts/lookup') {
      const acct = (params.get('acct') ?? '').replace(/^@/, '').toLowerCase()
      const local = acct.endsWith(`@${domain}`) ? acct.slice(0, -domain.length - 1) : acct
      const found = accounts.find((a) => a.acct === local)
      return found === undefined ? notFound() : sendJson(response, 200, found, headers)
    }
    let match = /^\/api\/v1\/accounts\/([^/]+)(\/statuses)?$/.exec(path)
    if (match !== null) {
      const found = accounts.find((a) => a.id === match![1])
      if (found === undefined) return notFound()
      if (match[2] === undefined) return sendJson(response, 200, found, headers)
      let list = found === alice ? timeline : []
      if (params.get('exclude_replies') === 'true') {
        list = list.filter((s) => s.in_reply_to_id === null || s.in_reply_to_account_id === found.id)
      }
      if (params.get('exclude_reblogs') === 'true') list = list.filter((s) => s.reblog === null)
      if (params.get('only_media') === 'true')
        list = list.filter((s) => (s.media_attachments as unknown[]).length > 0)
      return page(response, path, list, params, headers)
    }
    match = /^\/api\/v1\/tags\/([^/]+)$/.exec(path)
    if (match !== null) {
      const name = decodeURIComponent(match[1]!)
      if (!/^[\p{L}\p{M}\p{N}_]+$/u.test(name)) return notFound()
      const uses = name.toLowerCase() === 'rust' ? 7 : 0
      const history = Array.from({ length: 7 }, (_, day) => ({
        day: String(1735689600 - day * 86400),
        accounts: String(uses),
        uses: String(uses * 2),
      }))
      return sendJson(
        response,
        200,
        { name, url: `https://${domain}/tags/${name.toLowerCase()}`, history },
        headers,
      )
    }
    match = /^\/api\/v1\/timelines\/tag\/([^/]+)$/.exec(path)
    if (match !== null) {
      let list = decodeURIComponent(match[1]!).toLowerCase() === 'rust' ? rust : []
      if (params.get('only_media') === 'true')
        list = list.filter((s) => (s.media_attachments as unknown[]).length > 0)
      if (params.get('local') === 'true')
        list = list.filter((s) => !((s.account as Json).acct as string).includes('@'))
      if (params.get('remote') === 'true')
        list = list.filter((s) => ((s.account as Json).acct as string).includes('@'))
      return page(response, path, list, params, headers)
    }
    return sendJson(response, 404, { error: 'Not Found' }, headers)
  })) as FakeMastodon
  fake.domain = domain
  fake.setRateLimit = (limit, windowMs) => {
    counter = windowCounter(limit, windowMs)
  }
  return fake
}
