/**
 * Opaque page cursors for the social API. A cursor carries the upstream's own cursor (a Bluesky cursor, a
 * Mastodon status id, a Hacker News offset) and is HMAC-signed over the context it was issued for:
 * network, Mastodon instance, endpoint and query. A forged, altered, expired or borrowed cursor is
 * `invalid_request`, and so is one signed with another secret: every gateway behind one load balancer
 * needs the same SALLYPORT_CURSOR_SECRET. The carried value only ever becomes a query-parameter value on
 * the configured upstream base URL, so no cursor can point a request at another host.
 */
import { Buffer } from 'node:buffer'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Clock } from '../../shared/clock.ts'
import { AppError } from '../../shared/errors.ts'

/** What a cursor is bound to; all of it must match when the cursor comes back. */
export type CursorContext = {
  network: string
  /** The Mastodon instance; '' elsewhere. */
  instance: string
  /** The operation, e.g. `bluesky.author_feed`. */
  endpoint: string
  /** The resource and filters the pages are of, e.g. the actor and feed filter. */
  query: string
}

const maxCursorLength = 2048
const macBytes = 16
const tokenShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/
const lifetimeMs = 24 * 60 * 60 * 1000

/**
 * One wording for every refusal: it does not tell a forger which check failed. A gateway whose
 * SALLYPORT_CURSOR_SECRET differs from the one that minted the cursor lands here too (docs/social.md).
 */
export const invalidCursorDetail =
  'The cursor is not valid for this request: it was altered, belongs to another list, or was not issued ' +
  'by this service. Start again from the first page, without cursor.'

function invalid(detail = invalidCursorDetail): AppError {
  return new AppError('invalid_request', detail)
}

export function createCursorCodec(secret: string, clock: Clock) {
  function mac(context: CursorContext, payload: string): Buffer {
    const bound = [context.network, context.instance, context.endpoint, context.query, payload].join('\n')
    return createHmac('sha256', secret).update(bound).digest().subarray(0, macBytes)
  }

  function seal(context: CursorContext, upstream: string): string {
    const payload = Buffer.from(JSON.stringify({ u: upstream, t: clock.now() })).toString('base64url')
    return `${payload}.${mac(context, payload).toString('base64url')}`
  }

  /** The upstream cursor the token carries, or `invalid_request`. */
  function open(context: CursorContext, token: string): string {
    // One spelling per cursor: base64url payload, a dot, the 22-character MAC. Decoders forgive more.
    if (token.length > maxCursorLength || !tokenShape.test(token)) throw invalid()
    const dot = token.indexOf('.')
    const payload = token.slice(0, dot)
    // The MAC's text is compared, not its decoded bytes: the last base64 character carries padding bits
    // a decoder ignores, and a changed character must never pass. Constant time; the length is public.
    const given = Buffer.from(token.slice(dot + 1))
    const expected = Buffer.from(mac(context, payload).toString('base64url'))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid()
    let parsed: unknown
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    } catch {
      throw invalid()
    }
    const { u: upstream, t: issuedAt } = (parsed ?? {}) as { u?: unknown; t?: unknown }
    if (typeof upstream !== 'string' || typeof issuedAt !== 'number') throw invalid()
    if (clock.now() - issuedAt > lifetimeMs)
      throw invalid('The cursor has expired; start from the first page.')
    return upstream
  }

  return { seal, open }
}

export type CursorCodec = ReturnType<typeof createCursorCodec>
