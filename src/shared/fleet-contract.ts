/**
 * The gateway <-> egress node contract (DESIGN 1). A node has no public API: every call carries an HMAC
 * over method, path, timestamp, a random nonce and the body digest made with the fleet secret, valid for a
 * short window. The node remembers the nonces it saw for that window, so a captured call cannot be sent
 * again (docs/security.md, "Fleet calls").
 */
import { Buffer } from 'node:buffer'
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Region } from './regions.ts'

export const fleetPaths = {
  fetch: '/fleet/v1/fetch',
  health: '/fleet/v1/health',
  drain: '/fleet/v1/drain',
  /** Upgraded to the fleet link, which carries fetch jobs in frames (src/shared/fleet-link.ts, ADR 0016). */
  link: '/fleet/v1/link',
} as const

export const fleetHeaders = {
  timestamp: 'x-fleet-timestamp',
  signature: 'x-fleet-signature',
  /** 16 random bytes, base64url: signed, and refused when the node has seen it within the window. */
  nonce: 'x-fleet-nonce',
  /**
   * On a 200 answer to a fetch job: `envelope` (the body is the envelope), `refused` (a TargetRefusal) or,
   * to a job with `hop`, `redirect` (a NodeRedirect: the gateway admits and sends the next hop). On a 503
   * answer, `drained`: the operator drained the node, which takes no new job (the gateway sends it
   * elsewhere, as if its last probe had seen the drain).
   */
  outcome: 'x-fleet-outcome',
} as const

/** How far a signed call's timestamp may be from the node's clock, either way. */
export const signatureWindowMs = 30_000

export type FetchJob = {
  url: string
  /** The User-Agent of the caller's own API request, or null for the internal fetcher identifier. */
  user_agent: string | null
  /**
   * Internal callers only (the social API): the Accept header to send instead of the default. The public fetch
   * never sets it (SPEC 1.4: no custom headers through the request).
   */
  accept?: string
  /**
   * Internal callers only: response header names (lower case) the node copies into the envelope's
   * `headers`, e.g. `link` or `x-ratelimit-remaining`. Absent: no `headers` field, the public envelope.
   */
  response_headers?: string[]
  /**
   * One hop of a redirect chain the gateway drives (ADR 0010): the node makes exactly one request and
   * answers the envelope or a `redirect`. Absent: the node follows the whole chain itself.
   */
  hop?: HopState
}

/** Where a chain stands before a hop: what the envelope's totals count from, and the chain's cookies. */
export type HopState = {
  redirects_so_far: number
  elapsed_ms_so_far: number
  /** The chain's cookie jar as the node exported it: opaque to the gateway, handed back unchanged. */
  cookies: unknown
}

/**
 * Where every chain stands before its first hop: nothing counted yet, an empty cookie jar (the node's
 * `CookieJarState`). One frozen object, so that a job's JSON can be written around its text known ahead.
 */
export const firstHop: Readonly<HopState> = Object.freeze({
  redirects_so_far: 0,
  elapsed_ms_so_far: 0,
  cookies: Object.freeze({ cookies: Object.freeze([]), sequence: 0 }),
})

/** A node's answer to a hop that the target redirected: the next hop, for the gateway to admit. */
export type NodeRedirect = {
  /** Resolved against the hop's URL and checked for its scheme, credentials and host by the node. */
  location: string
  hop: HopState
}

/** Bounds on the internal job fields, checked by the node. */
export const fetchJobLimits = {
  responseHeaders: 16,
  headerName: /^[a-z0-9-]{1,64}$/,
  acceptLength: 256,
} as const

/** The envelope as the node builds it; the gateway adds `region_used` (SPEC 2.2). */
export type NodeEnvelope = {
  result: string
  /** Present only for bodies that are not text; absent means UTF-8 text. */
  result_encoding?: 'base64'
  status: number
  public_ip: string
  device_id: string
  final_url: string
  redirects: number
  content_type: string
  bytes: number
  elapsed_ms: number
  /** Only when the job named `response_headers`: those the final response carried (repeats joined by ', '). */
  headers?: Record<string, string>
}

/** Outcomes that are the target's answer, not a node failure: never a reason to fail over (DESIGN 1). */
export type TargetRefusalCode =
  'target_not_permitted' | 'too_many_redirects' | 'response_too_large' | 'upstream_unavailable'

export type TargetRefusal = {
  code: TargetRefusalCode
  /** Safe for the caller: never names the target's address. */
  detail: string
  timed_out: boolean
}

export type HealthReport = {
  device_id: string
  region: Region
  public_ip: string
  draining: boolean
  in_flight: number
  started_at: string
}

export type DrainRequest = { draining: boolean }

function digestHex(body: string | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex')
}

const noncePattern = /^[A-Za-z0-9_-]{22,64}$/

function mac(
  secret: string,
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  body: string | Uint8Array,
): Buffer {
  return createHmac('sha256', secret)
    .update(`${method.toUpperCase()}\n${path}\n${timestamp}\n${nonce}\n${digestHex(body)}`)
    .digest()
}

/**
 * A call's nonce only has to be unique (the MAC covers it; nothing is derived from it): a random part per
 * process, drawn once, and a counter, instead of 16 random bytes per call.
 */
const noncePrefix = randomBytes(16).toString('base64url')
let nonceCounter = 0
function nextNonce(): string {
  return `${noncePrefix}${(++nonceCounter).toString(36)}`
}

export function signFleetCall(
  secret: string,
  method: string,
  path: string,
  body: string | Uint8Array,
  now: number,
): Record<string, string> {
  const timestamp = String(now)
  const nonce = nextNonce()
  return {
    [fleetHeaders.timestamp]: timestamp,
    [fleetHeaders.nonce]: nonce,
    [fleetHeaders.signature]: mac(secret, method, path, timestamp, nonce, body).toString('base64url'),
  }
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'expired' | 'mismatch' | 'replayed' }

/**
 * The nonces of the signed calls a node accepted, each kept until its timestamp has left the window: a call
 * seen once is refused as a replay, and memory holds at most the calls of one window (about a minute of the
 * fleet's own traffic: only a holder of the fleet secret can make a call that gets this far).
 */
export function createNonceMemory() {
  const seen = new Map<string, number>()
  let nextSweep = 0

  /** True the first time a nonce is offered; false when it was seen and may still be valid. */
  function firstUse(nonce: string, timestamp: number, now: number): boolean {
    if (now >= nextSweep) {
      nextSweep = now + signatureWindowMs
      for (const [known, forgetAt] of seen) if (forgetAt <= now) seen.delete(known)
    }
    const forgetAt = seen.get(nonce)
    if (forgetAt !== undefined && forgetAt > now) return false
    // Past timestamp + window the call is refused as expired anyway; a margin covers the clock's own step.
    seen.set(nonce, Math.max(timestamp, now) + signatureWindowMs + 1)
    return true
  }

  return { firstUse, size: () => seen.size }
}

export type NonceMemory = ReturnType<typeof createNonceMemory>

/**
 * Checks the signature, then (with `nonces`) that the call was not seen before. The nonce is recorded only
 * for a call whose signature holds, so nobody without the secret can fill the memory.
 */
export function verifyFleetCall(
  secret: string,
  method: string,
  path: string,
  body: string | Uint8Array,
  headers: Record<string, string | string[] | undefined>,
  now: number,
  nonces?: NonceMemory,
): SignatureCheck {
  const timestamp = headers[fleetHeaders.timestamp]
  const signature = headers[fleetHeaders.signature]
  const nonce = headers[fleetHeaders.nonce]
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || typeof nonce !== 'string')
    return { ok: false, reason: 'missing' }
  if (!noncePattern.test(nonce)) return { ok: false, reason: 'mismatch' }
  const at = Number(timestamp)
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - at) > signatureWindowMs)
    return { ok: false, reason: 'expired' }
  const expected = mac(secret, method, path, timestamp, nonce, body)
  const given = Buffer.from(signature, 'base64url')
  // Constant-time comparison: the length check leaks nothing, the MAC length is public.
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'mismatch' }
  if (nonces !== undefined && !nonces.firstUse(nonce, at, now)) return { ok: false, reason: 'replayed' }
  return { ok: true }
}
