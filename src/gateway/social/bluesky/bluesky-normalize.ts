/**
 * Bluesky AppView views (app.bsky.actor.defs#profileViewDetailed, app.bsky.feed.defs#postView and its
 * embeds) in the shared profile and post shapes.
 */
import type { PostRef, SocialAuthor, SocialMedia, SocialPost, SocialProfile } from '../social-types.ts'
import { count, isoTime, list, nonEmpty, record, text, webUrl, type Json } from '../upstream-json.ts'
import { postCollection, postPageUrl } from './bluesky-ids.ts'

/** Self-labels and moderation labels that put a post behind a warning in the Bluesky app. */
const sensitiveLabels = new Set(['porn', 'sexual', 'nudity', 'graphic-media', 'gore'])

export function blueskyAuthor(view: Json | undefined): SocialAuthor {
  const did = text(view?.did) ?? ''
  const handle = text(view?.handle) ?? did
  const shown = handle === 'handle.invalid' || handle === '' ? did : handle
  return {
    id: did,
    handle,
    display_name: nonEmpty(view?.displayName),
    avatar_url: webUrl(view?.avatar),
    url: shown === '' ? null : `https://bsky.app/profile/${shown}`,
  }
}

export function blueskyProfile(view: Json, raw: boolean): SocialProfile {
  return {
    ...blueskyAuthor(view),
    network: 'bluesky',
    description: nonEmpty(view.description),
    description_html: null,
    banner_url: webUrl(view.banner),
    created_at: isoTime(view.createdAt),
    bot: null,
    counts: {
      followers: count(view.followersCount),
      following: count(view.followsCount),
      posts: count(view.postsCount),
      karma: null,
    },
    ...(raw ? { raw: view } : {}),
  }
}

function ref(uri: unknown): PostRef | null {
  const id = text(uri)
  return id === null ? null : { id, url: postPageUrl(id) }
}

function mediaOf(embed: Json | undefined): SocialMedia[] {
  switch (text(embed?.$type)) {
    case 'app.bsky.embed.images#view':
      return list(embed?.images).flatMap((item) => {
        const image = record(item)
        const url = webUrl(image?.fullsize)
        return url === null
          ? []
          : [{ type: 'image' as const, url, preview_url: webUrl(image?.thumb), alt: nonEmpty(image?.alt) }]
      })
    case 'app.bsky.embed.video#view': {
      const url = webUrl(embed?.playlist)
      return url === null
        ? []
        : [{ type: 'video', url, preview_url: webUrl(embed?.thumbnail), alt: nonEmpty(embed?.alt) }]
    }
    case 'app.bsky.embed.recordWithMedia#view':
      return mediaOf(record(embed?.media))
    default:
      return []
  }
}

function quoteOf(embed: Json | undefined): PostRef | null {
  const type = text(embed?.$type)
  const view =
    type === 'app.bsky.embed.record#view'
      ? record(embed?.record)
      : type === 'app.bsky.embed.recordWithMedia#view'
        ? record(record(embed?.record)?.record)
        : undefined
  const uri = text(view?.uri)
  if (uri === null || uri.split('/')[3] !== postCollection) return null
  const author = record(view?.author)
  return { id: uri, url: postPageUrl(uri, text(author?.handle) ?? undefined) }
}

function linkOf(embed: Json | undefined): string | null {
  const type = text(embed?.$type)
  if (type === 'app.bsky.embed.external#view') return webUrl(record(embed?.external)?.uri)
  if (type === 'app.bsky.embed.recordWithMedia#view') return linkOf(record(embed?.media))
  return null
}

/** A post view; `reason` is a feed item's (a repost); `raw` is what `?include=raw` shows for it. */
export function blueskyPost(view: Json, options: { reason?: unknown; raw: Json | undefined }): SocialPost {
  const post = record(view.record)
  const author = blueskyAuthor(record(view.author))
  const embed = record(view.embed)
  const reply = record(post?.reply)
  const reason = record(options.reason)
  const uri = text(view.uri) ?? ''
  const languages = list(post?.langs).filter((lang): lang is string => typeof lang === 'string')
  return {
    id: uri,
    network: 'bluesky',
    kind: 'post',
    url: postPageUrl(uri, author.handle),
    author,
    created_at: isoTime(post?.createdAt) ?? isoTime(view.indexedAt),
    title: null,
    text: text(post?.text) ?? '',
    html: null,
    link_url: linkOf(embed),
    language: languages[0] ?? null,
    counts: {
      replies: count(view.replyCount),
      reposts: count(view.repostCount),
      likes: count(view.likeCount),
      quotes: count(view.quoteCount),
      score: null,
    },
    media: mediaOf(embed),
    reply_to: ref(record(reply?.parent)?.uri),
    thread_root: ref(record(reply?.root)?.uri),
    quote_of: quoteOf(embed),
    reposted_by:
      text(reason?.$type) === 'app.bsky.feed.defs#reasonRepost'
        ? { author: blueskyAuthor(record(reason?.by)), at: isoTime(reason?.indexedAt) }
        : null,
    sensitive: list(view.labels).some((label) => sensitiveLabels.has(text(record(label)?.val) ?? '')),
    content_warning: null,
    deleted: false,
    dead: false,
    ...(options.raw !== undefined ? { raw: options.raw } : {}),
  }
}
