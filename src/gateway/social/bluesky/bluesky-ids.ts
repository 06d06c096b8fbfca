/**
 * Bluesky identifiers as the AT Protocol specifies them (atproto.com/specs: handle, did, record-key,
 * at-uri), and the bsky.app post URLs people paste. The patterns are also the route schemas' patterns.
 */
import { AppError } from '../../../shared/errors.ts'

const label = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?'
export const handleSource = `(?:${label}\\.)+[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?`
export const didSource = 'did:[a-z]{1,16}:[a-zA-Z0-9._:%-]{0,189}[a-zA-Z0-9._-]'
/** A handle or a DID: what XRPC calls an at-identifier. */
export const actorPattern = `^(?:${handleSource}|${didSource})$`
/** Record keys: 1 to 512 of these characters, never `.` or `..`. Post keys are 13-character TIDs. */
export const rkeyPattern = '^(?!\\.{1,2}$)[a-zA-Z0-9._:~-]{1,512}$'

const actorRegex = new RegExp(actorPattern)
const didRegex = new RegExp(`^${didSource}$`)
const rkeyRegex = new RegExp(rkeyPattern)

export function isDid(actor: string): boolean {
  return didRegex.test(actor)
}

export function isActor(value: string): boolean {
  return value.length <= 253 && actorRegex.test(value)
}

export const postCollection = 'app.bsky.feed.post'

export type PostAddress = { actor: string; rkey: string }

/** `https://bsky.app/profile/<handle or did>/post/<rkey>` or `at://<handle or did>/app.bsky.feed.post/<rkey>`. */
export function parsePostAddress(raw: string): PostAddress {
  const refuse = () =>
    new AppError(
      'invalid_request',
      'url must be a bsky.app post URL (https://bsky.app/profile/<handle>/post/<rkey>) or an at:// post URI.',
    )
  let segments: string[]
  let actor: string
  if (raw.startsWith('at://')) {
    segments = raw.slice('at://'.length).split('/')
    if (segments.length !== 3 || segments[1] !== postCollection) throw refuse()
    actor = decoded(segments[0]!)
  } else {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      throw refuse()
    }
    const host = url.hostname.toLowerCase()
    if (url.protocol !== 'https:' || (host !== 'bsky.app' && host !== 'www.bsky.app')) throw refuse()
    segments = url.pathname.replace(/^\/+|\/+$/g, '').split('/')
    if (segments.length !== 4 || segments[0] !== 'profile' || segments[2] !== 'post') throw refuse()
    actor = decoded(segments[1]!)
  }
  const rkey = segments[segments.length - 1]!
  if (!isActor(actor) || !rkeyRegex.test(rkey)) throw refuse()
  return { actor, rkey }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}

/** The bsky.app page of a post URI, or null when the URI is not a post's. */
export function postPageUrl(uri: string, handle?: string): string | null {
  const segments = uri.startsWith('at://') ? uri.slice('at://'.length).split('/') : []
  if (segments.length !== 3 || segments[1] !== postCollection) return null
  const who = handle !== undefined && handle !== 'handle.invalid' ? handle : segments[0]!
  return `https://bsky.app/profile/${who}/post/${segments[2]!}`
}
