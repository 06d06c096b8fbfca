/**
 * The normalized records of the beta social API (SPEC 1.6): one profile shape and one post shape for
 * Bluesky, Mastodon and Hacker News. Ids are strings, times ISO-8601 UTC, text is plain with the original
 * HTML beside it where the network has HTML (Mastodon content and notes, Hacker News text and about).
 */
export const networks = ['bluesky', 'mastodon', 'hackernews'] as const
export type Network = (typeof networks)[number]

/** Who wrote a post, in the few fields every network has. */
export type SocialAuthor = {
  id: string
  /** Bluesky handle, Mastodon `user@instance`, Hacker News user name. */
  handle: string
  display_name: string | null
  avatar_url: string | null
  /** The profile's page on the network's own site. */
  url: string | null
}

export type SocialProfile = SocialAuthor & {
  network: Network
  description: string | null
  description_html: string | null
  banner_url: string | null
  created_at: string | null
  bot: boolean | null
  counts: {
    followers: number | null
    following: number | null
    posts: number | null
    karma: number | null
  }
  raw?: unknown
}

export const mediaTypes = ['image', 'video', 'gifv', 'audio', 'unknown'] as const
export type SocialMedia = {
  type: (typeof mediaTypes)[number]
  url: string
  preview_url: string | null
  alt: string | null
}

/** A link to another post: its id on the network and its page, when known. */
export type PostRef = { id: string; url: string | null }

export const postKinds = ['post', 'story', 'comment', 'job', 'poll', 'pollopt'] as const
export type PostKind = (typeof postKinds)[number]

export type SocialPost = {
  id: string
  network: Network
  kind: PostKind
  url: string | null
  author: SocialAuthor | null
  created_at: string | null
  title: string | null
  text: string
  html: string | null
  link_url: string | null
  language: string | null
  counts: {
    replies: number | null
    reposts: number | null
    likes: number | null
    quotes: number | null
    score: number | null
  }
  media: SocialMedia[]
  reply_to: PostRef | null
  thread_root: PostRef | null
  quote_of: PostRef | null
  /** Set when this entry is a repost (Bluesky repost, Mastodon boost): the post shown is the original. */
  reposted_by: { author: SocialAuthor; at: string | null } | null
  sensitive: boolean
  content_warning: string | null
  deleted: boolean
  dead: boolean
  raw?: unknown
}

/** A post in a flattened thread or comment tree, depth-first; depth 1 answers the root. */
export type ThreadEntry = { depth: number; post: SocialPost }

export type SocialTag = {
  name: string
  instance: string
  url: string | null
  history: { day: string; uses: number; accounts: number }[]
  raw?: unknown
}

export type Pagination = {
  next_cursor: string | null
  has_more: boolean
  limit: number
  /** Mastodon only: a cursor for the posts newer than this page. */
  prev_cursor?: string | null
}

export type SocialMeta = {
  beta: true
  upstream_status: number
  cached: boolean
  fetched_at: string
  /** Threads and comment trees: true when a bound (depth, entries, item budget) cut the answer short. */
  truncated?: boolean
}

/** What an operation answers; the route adds `request_id`. */
export type SocialResult<T> = {
  network: Network
  data: T
  pagination?: Pagination
  meta: SocialMeta
}

export type ReadOptions = { raw: boolean }
