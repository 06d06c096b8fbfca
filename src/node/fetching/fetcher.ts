/**
 * The egress fetch of one job: GET the URL, follow redirects by hand, read the body under the size cap
 * and build the envelope (SPEC 2.2, DESIGN 2 and 5). Expected failures come back as `TargetRefusal`
 * values, never as exceptions. Nothing here logs: no target URL, host or body may reach a log (DESIGN 7).
 */
import { Cancellation, type CancelSignal } from '../../shared/cancellation.ts'
import type { FetchJob, NodeEnvelope, NodeRedirect, TargetRefusal } from '../../shared/fleet-contract.ts'
import { systemClock } from '../../shared/clock.ts'
import { Deadlines, type Deadline } from '../../shared/deadlines.ts'
import { targetUrlFault } from '../../shared/target-url.ts'
import { createAddressPolicy } from './address-policy.ts'
import { acceptEncoding, readBody } from './body-reader.ts'
import { decodeBody } from './charset.ts'
import { createConnectionPools } from './connection-pools.ts'
import { createCookieJar, type CookieJarState } from './cookie-jar.ts'
import { createGuardedConnector } from './guarded-connector.ts'
import { notPermitted, refusal, refusalOf, wholeFetchTimedOut } from './refusal.ts'
import { createResolver, type Resolver } from './resolver.ts'
import { setCookieFields } from './response-headers.ts'
import type { TargetResponse } from './target-response.ts'

export type FetcherOptions = {
  deviceId: string
  publicIp: string
  /** Local address outgoing connections bind to (e.g. '127.0.0.11'); undefined = OS choice. */
  egressAddress?: string | undefined
  /** CIDR list exempt from the address policy (tests/dev only), e.g. ['127.0.0.0/8']. */
  allowTargets: readonly string[]
  /** 'host:port' list for the resolver; empty = the system resolver (dns.lookup). */
  dnsServers: readonly string[]
  /** Cap on DECODED body bytes, default 10 MiB. */
  maxBodyBytes: number
  /** Whole fetch, all hops, default 30000. */
  timeoutMs: number
  /** Per connection, default 10000. */
  connectTimeoutMs: number
  /** Default 10. */
  maxRedirects: number
  /** 'Sallyport-Internal-Fetcher/1.0' */
  defaultUserAgent: string
  /** Largest response header block accepted, default 64 KiB (docs/egress.md). */
  maxHeaderBytes?: number
  /** Connections and HTTP/2 sessions kept open while idle, across all targets; default 128. */
  maxIdleConnections?: number
  /** PEM certificates trusted for target TLS besides the bundled root store. */
  extraCa?: string | undefined
  /** Injectable for tests; default built from dnsServers. */
  resolver?: Resolver
}

export type FetchOutcome =
  | { ok: true; envelope: NodeEnvelope }
  | { ok: false; refusal: TargetRefusal }
  /** Only to a job with `hop` (ADR 0010): the target redirected, the gateway sends the next hop. */
  | { ok: 'redirect'; redirect: NodeRedirect }

export type Fetcher = {
  /** `signal` cancels the fetch: a `Cancellation` (cheap enough to make one per job) or an AbortSignal. */
  fetch(job: FetchJob, signal?: CancelSignal): Promise<FetchOutcome>
  close(): Promise<void>
}

/**
 * One fetch's cancellation: its whole-fetch deadline (all hops and the body) and the caller's signal both
 * abort its hops through it, until `release()`. The deadline's callback is a module function handed this
 * object, not a closure: a fetch builds no function for it.
 */
class FetchCancellation extends Cancellation {
  timedOut = false
  readonly #timer: Deadline
  readonly #caller: CancelSignal | undefined
  readonly #onCallerAbort: (() => void) | undefined

  constructor(deadlines: Deadlines, caller: CancelSignal | undefined) {
    super()
    this.#timer = deadlines.start(expire, this)
    this.#caller = caller
    if (caller === undefined) return
    if (caller.aborted) this.abort()
    this.#onCallerAbort = () => this.abort()
    caller.addEventListener('abort', this.#onCallerAbort, { once: true })
  }

  /** The fetch is over: no deadline any more, and the caller's signal is left alone. */
  release(): void {
    this.#timer.cancel()
    const caller = this.#caller
    const listener = this.#onCallerAbort
    if (caller === undefined || listener === undefined) return
    caller.removeEventListener('abort', listener)
  }
}

function expire(cancel: FetchCancellation): void {
  cancel.timedOut = true
  cancel.abort()
}

/** RFC 9110 15.4: the redirect statuses that carry a Location to follow. 300 and 304 are final answers. */
const redirectStatuses = new Set([301, 302, 303, 307, 308])

/** A redirect's body is read (so the connection can be reused) only up to this much, else dropped. */
const redirectBodyDumpLimit = 64 * 1024

/** A header value undici would refuse (control characters) is replaced by the default User-Agent. */
const validHeaderValue = /^[\t\x20-\x7e\x80-\xff]*$/

export function createFetcher(options: FetcherOptions): Fetcher {
  const clock = systemClock
  const connector = createGuardedConnector({
    resolver: options.resolver ?? createResolver(options.dnsServers),
    policy: createAddressPolicy(options.allowTargets),
    localAddress: options.egressAddress,
    connectTimeoutMs: options.connectTimeoutMs,
    extraCa: options.extraCa,
  })
  // One set of pools for http AND https, HTTP/1.1 AND HTTP/2, built once: every hop of every fetch goes
  // through the guarded connector, so an http<->https redirect cannot slip onto an unchecked dispatcher.
  // Pooled keep-alive sockets and HTTP/2 sessions are safe to reuse: each was connected to an address
  // checked for its origin. No redirect interceptor: redirects are followed below. Explicit dispatchers
  // also mean HTTP_PROXY / NODE_USE_ENV_PROXY are never consulted (DESIGN 5).
  const pools = createConnectionPools({
    connect: connector,
    maxHeaderBytes: options.maxHeaderBytes ?? 64 * 1024,
    timeoutMs: options.timeoutMs,
    maxIdleConnections: options.maxIdleConnections ?? 128,
  })
  // Every fetch's time-out lasts the same: one list of them and one timer (shared/deadlines.ts).
  const deadlines = new Deadlines(options.timeoutMs)
  const now = () => clock.now()
  /** Milliseconds since the chain began: the earlier hops' time and this fetch's since `started`. */
  const elapsed = (started: number, before: number) => before + Math.round(clock.monotonic() - started)

  async function fetchJob(job: FetchJob, signal: CancelSignal | undefined): Promise<FetchOutcome> {
    const started = clock.monotonic()
    let url: URL
    try {
      url = new URL(job.url)
    } catch {
      return { ok: false, refusal: notPermitted }
    }
    const headers: Record<string, string> = {
      // Internal jobs (social API) may ask for JSON; a value undici would refuse keeps the default.
      accept: job.accept !== undefined && validHeaderValue.test(job.accept) ? job.accept : '*/*',
      'accept-encoding': acceptEncoding,
      'user-agent':
        job.user_agent !== null && validHeaderValue.test(job.user_agent)
          ? job.user_agent
          : options.defaultUserAgent,
    }

    // One deadline for the whole fetch, all hops and the body, combined with the caller's signal.
    const cancel = new FetchCancellation(deadlines, signal)
    // Cookies set along this redirect chain, sent on its later hops; none from the caller, none kept after.
    // A chain the gateway drives (job.hop) brings the jar of its earlier hops. Most fetches meet no
    // redirect, so a jar is built only from one that holds something, or at the chain's first redirect:
    // the gateway sends an empty jar with every first hop, and building one was 2% of a node's time.
    const hop = job.hop
    const jar = hop?.cookies as CookieJarState | undefined
    let cookies =
      jar === undefined || (jar.cookies.length === 0 && jar.sequence === 0)
        ? undefined
        : createCookieJar(now, jar)
    const elapsedBefore = hop?.elapsed_ms_so_far ?? 0

    try {
      for (let redirects = hop?.redirects_so_far ?? 0; ; redirects++) {
        const hopRefusal = checkHopUrl(url)
        if (hopRefusal !== undefined) return { ok: false, refusal: hopRefusal }

        let response: TargetResponse
        try {
          const cookie = cookies === undefined ? '' : cookies.cookieHeader(url)
          const hopHeaders = cookie === '' ? headers : { ...headers, cookie }
          response = await pools.request(url, { headers: hopHeaders, signal: cancel })
        } catch (error) {
          return { ok: false, refusal: failure(error, cancel) }
        }

        const location = redirectStatuses.has(response.statusCode)
          ? firstHeader(response, 'location')
          : undefined
        if (location !== undefined) {
          // Nobody reads a redirect's body: reuse the connection when it is small, else drop it.
          response.dump(redirectBodyDumpLimit)
          cookies ??= createCookieJar(now)
          cookies.store(url, setCookieFields(response.headers))
          if (redirects >= options.maxRedirects) {
            const detail = `The target redirected more than ${options.maxRedirects} times.`
            return { ok: false, refusal: refusal('too_many_redirects', detail) }
          }
          try {
            url = new URL(location, url)
          } catch {
            return {
              ok: false,
              refusal: refusal('upstream_unavailable', 'The target sent an invalid redirect.'),
            }
          }
          if (hop !== undefined) {
            // The next hop is the gateway's to admit and send; its URL rules are checked here, as in the loop.
            const nextRefusal = checkHopUrl(url)
            if (nextRefusal !== undefined) return { ok: false, refusal: nextRefusal }
            const next = {
              redirects_so_far: redirects + 1,
              elapsed_ms_so_far: elapsed(started, elapsedBefore),
              cookies: cookies.exportState(),
            }
            return { ok: 'redirect', redirect: { location: url.href, hop: next } }
          }
          continue
        }

        const contentType = header(response, 'content-type') ?? ''
        let chunks: Buffer[] = []
        let length = 0
        if (response.statusCode === 204 || response.statusCode === 304) {
          // No content by definition (RFC 9110 15.3.5, 15.4.5), whatever headers came with it.
          response.dump()
        } else {
          try {
            const read = await readBody(
              response,
              header(response, 'content-encoding'),
              header(response, 'content-length'),
              options.maxBodyBytes,
            )
            if (!read.ok) return { ok: false, refusal: tooLarge(options.maxBodyBytes) }
            chunks = read.chunks
            length = read.length
          } catch (error) {
            return { ok: false, refusal: failure(error, cancel) }
          }
        }

        // The decoded body's fields first (`result`, then `result_encoding` for a base64 body), then these,
        // in NodeEnvelope's order (envelope-json.ts writes them in it). Stored one by one onto the fresh object
        // decodeBody answers: not spread into a literal, after which V8 (Node 20) misses its inline cache on
        // every property, nor through Object.assign, whose generic copy was 1,500 instructions a fetch.
        const envelope = decodeBody(chunks, contentType) as NodeEnvelope
        envelope.status = response.statusCode
        envelope.public_ip = options.publicIp
        envelope.device_id = options.deviceId
        envelope.final_url = url.href
        envelope.redirects = redirects
        envelope.content_type = contentType
        envelope.bytes = length
        envelope.elapsed_ms = elapsed(started, elapsedBefore)
        if (job.response_headers !== undefined) envelope.headers = pickHeaders(response, job.response_headers)
        return { ok: true, envelope }
      }
    } finally {
      cancel.release()
    }
  }

  return {
    fetch: (job, signal) => fetchJob(job, signal),
    close: () => pools.close(),
  }
}

function failure(error: unknown, cancel: FetchCancellation): TargetRefusal {
  if (cancel.timedOut) return wholeFetchTimedOut
  if (cancel.aborted) return refusal('upstream_unavailable', 'The fetch was cancelled.')
  return refusalOf(error)
}

/** Every hop, the first included, keeps the target URL rules (DESIGN 5). */
function checkHopUrl(url: URL): TargetRefusal | undefined {
  switch (targetUrlFault(url)) {
    case 'scheme':
      return refusal('target_not_permitted', 'Only http and https targets are permitted, on every redirect.')
    case 'credentials':
      return refusal('target_not_permitted', 'A target URL with credentials is not permitted.')
    case 'host':
      return notPermitted
    case undefined:
      return undefined
  }
}

/** A repeated header comes as an array from undici; these fields are single-valued, so the list is joined. */
function header(response: TargetResponse, name: string): string | undefined {
  const value = response.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The named headers of the final response that it carried; a repeated header (Link) joined by ', '. */
function pickHeaders(response: TargetResponse, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const name of names) {
    const value = header(response, name.toLowerCase())
    if (value !== undefined) picked[name.toLowerCase()] = value
  }
  return picked
}

function firstHeader(response: TargetResponse, name: string): string | undefined {
  const value = response.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function tooLarge(maxBytes: number): TargetRefusal {
  const mib = maxBytes / (1024 * 1024)
  const cap = Number.isInteger(mib) ? `${mib} MiB` : `${maxBytes} bytes`
  return refusal('response_too_large', `The target's response is larger than the ${cap} cap.`)
}
