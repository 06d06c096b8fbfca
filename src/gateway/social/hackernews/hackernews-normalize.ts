/**
 * Hacker News items and users (github.com/HackerNews/API) in the shared shapes. Deleted and dead items are
 * kept, flagged, so comment trees keep their structure; what to show is the caller's choice.
 */
import { optionalText } from '../html-text.ts'
import {
  postKinds,
  type PostKind,
  type PostRef,
  type SocialAuthor,
  type SocialPost,
  type SocialProfile,
} from '../social-types.ts'
import { count, isoTime, list, nonEmpty, text, webUrl, type Json } from '../upstream-json.ts'

const site = 'https://news.ycombinator.com'

export function itemRef(id: unknown): PostRef | null {
  return typeof id === 'number' && Number.isSafeInteger(id)
    ? { id: String(id), url: `${site}/item?id=${id}` }
    : null
}

function author(name: string | null): SocialAuthor | null {
  if (name === null) return null
  return {
    id: name,
    handle: name,
    display_name: null,
    avatar_url: null,
    url: `${site}/user?id=${encodeURIComponent(name)}`,
  }
}

/** `root` is the story a comment was reached from, when we know it. */
export function hackerNewsPost(item: Json, options: { raw: boolean; root?: PostRef }): SocialPost {
  const type = text(item.type) ?? 'story'
  const html = nonEmpty(item.text)
  const self = itemRef(item.id)
  return {
    id: self?.id ?? '',
    network: 'hackernews',
    kind: (postKinds as readonly string[]).includes(type) && type !== 'post' ? (type as PostKind) : 'story',
    url: self?.url ?? null,
    author: author(nonEmpty(item.by)),
    created_at: isoTime(item.time),
    title: nonEmpty(item.title),
    text: optionalText(html) ?? '',
    html,
    link_url: webUrl(item.url),
    language: null,
    counts: {
      // Stories and polls count every comment below them; a comment counts its direct replies.
      replies: count(item.descendants) ?? list(item.kids).length,
      reposts: null,
      likes: null,
      quotes: null,
      score: count(item.score),
    },
    media: [],
    reply_to: itemRef(item.parent) ?? itemRef(item.poll),
    thread_root: options.root ?? null,
    quote_of: null,
    reposted_by: null,
    sensitive: false,
    content_warning: null,
    deleted: item.deleted === true,
    dead: item.dead === true,
    ...(options.raw ? { raw: item } : {}),
  }
}

export function hackerNewsProfile(user: Json, raw: boolean): SocialProfile {
  const id = text(user.id) ?? ''
  const about = nonEmpty(user.about)
  return {
    id,
    handle: id,
    display_name: null,
    avatar_url: null,
    url: `${site}/user?id=${encodeURIComponent(id)}`,
    network: 'hackernews',
    description: optionalText(about),
    description_html: about,
    banner_url: null,
    created_at: isoTime(user.created),
    bot: null,
    counts: {
      followers: null,
      following: null,
      posts: list(user.submitted).length,
      karma: count(user.karma),
    },
    ...(raw ? { raw: user } : {}),
  }
}
