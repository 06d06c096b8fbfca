/** Mastodon entities (docs.joinmastodon.org/entities: Account, Status, Tag) in the shared shapes. */
import { htmlToText, optionalText } from '../html-text.ts'
import {
  mediaTypes,
  type SocialAuthor,
  type SocialMedia,
  type SocialPost,
  type SocialProfile,
  type SocialTag,
} from '../social-types.ts'
import { count, flag, isoTime, list, nonEmpty, record, text, webUrl, type Json } from '../upstream-json.ts'

/** Local accounts' `acct` is the bare user name; ours always names the instance. */
export function mastodonAuthor(account: Json | undefined, instance: string): SocialAuthor {
  const acct = text(account?.acct) ?? text(account?.username) ?? ''
  return {
    id: text(account?.id) ?? '',
    handle: acct.includes('@') || acct === '' ? acct : `${acct}@${instance}`,
    display_name: nonEmpty(account?.display_name),
    avatar_url: webUrl(account?.avatar),
    url: webUrl(account?.url),
  }
}

export function mastodonProfile(account: Json, instance: string, raw: boolean): SocialProfile {
  return {
    ...mastodonAuthor(account, instance),
    network: 'mastodon',
    description: optionalText(text(account.note)),
    description_html: nonEmpty(account.note),
    banner_url: webUrl(account.header),
    created_at: isoTime(account.created_at),
    bot: flag(account.bot),
    counts: {
      followers: count(account.followers_count),
      following: count(account.following_count),
      posts: count(account.statuses_count),
      karma: null,
    },
    ...(raw ? { raw: account } : {}),
  }
}

function media(status: Json): SocialMedia[] {
  return list(status.media_attachments).flatMap((item) => {
    const attachment = record(item)
    const url = webUrl(attachment?.url) ?? webUrl(attachment?.remote_url)
    if (url === null) return []
    const type = text(attachment?.type) ?? 'unknown'
    return [
      {
        type: (mediaTypes as readonly string[]).includes(type) ? (type as SocialMedia['type']) : 'unknown',
        url,
        preview_url: webUrl(attachment?.preview_url),
        alt: nonEmpty(attachment?.description),
      },
    ]
  })
}

/** Mastodon 4.4+ quotes: `quote: {state, quoted_status}`, or `quoted_status_id` when shallow. */
function quoteOf(status: Json): SocialPost['quote_of'] {
  const quote = record(status.quote)
  const quoted = record(quote?.quoted_status)
  const id = text(quoted?.id) ?? text(quote?.quoted_status_id)
  return id === null ? null : { id, url: webUrl(quoted?.url) }
}

/** A boost shows the boosted status, with `reposted_by` naming who boosted it and when. */
export function mastodonPost(status: Json, instance: string, raw: boolean): SocialPost {
  const boosted = record(status.reblog)
  const shown = boosted ?? status
  const content = text(shown.content) ?? ''
  const inReplyTo = text(shown.in_reply_to_id)
  return {
    id: text(shown.id) ?? '',
    network: 'mastodon',
    kind: 'post',
    url: webUrl(shown.url) ?? webUrl(shown.uri),
    author: mastodonAuthor(record(shown.account), instance),
    created_at: isoTime(shown.created_at),
    title: null,
    text: htmlToText(content),
    html: content === '' ? null : content,
    link_url: webUrl(record(shown.card)?.url),
    language: nonEmpty(shown.language),
    counts: {
      replies: count(shown.replies_count),
      reposts: count(shown.reblogs_count),
      likes: count(shown.favourites_count),
      quotes: count(shown.quotes_count),
      score: null,
    },
    media: media(shown),
    reply_to: inReplyTo === null ? null : { id: inReplyTo, url: null },
    thread_root: null,
    quote_of: quoteOf(shown),
    reposted_by:
      boosted === undefined
        ? null
        : { author: mastodonAuthor(record(status.account), instance), at: isoTime(status.created_at) },
    sensitive: flag(shown.sensitive) ?? false,
    content_warning: nonEmpty(shown.spoiler_text),
    deleted: false,
    dead: false,
    ...(raw ? { raw: status } : {}),
  }
}

/** Tag history days are Unix-day strings with string counts. */
export function mastodonTag(tag: Json, instance: string, raw: boolean): SocialTag {
  return {
    name: text(tag.name) ?? '',
    instance,
    url: webUrl(tag.url),
    history: list(tag.history).flatMap((item) => {
      const day = record(item)
      const date = new Date(Number(text(day?.day) ?? Number.NaN) * 1000)
      if (Number.isNaN(date.getTime())) return []
      return [
        {
          day: date.toISOString().slice(0, 10),
          uses: Number(text(day?.uses) ?? 0) || 0,
          accounts: Number(text(day?.accounts) ?? 0) || 0,
        },
      ]
    }),
    ...(raw ? { raw: tag } : {}),
  }
}
