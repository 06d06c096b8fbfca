/**
 * A fetch job as the node reads it from a signed call (docs/adr/0001): the public fields, and the optional
 * internal ones (social API) and hop state (ADR 0010), each checked and bounded. Anything else is no job.
 */
import { fetchJobLimits, type FetchJob } from '../shared/fleet-contract.ts'
import { parseCookieJarState } from './fetching/cookie-jar.ts'

export function parseJob(body: unknown): FetchJob | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { url, user_agent: userAgent, accept, response_headers: names, hop } = body as Record<string, unknown>
  if (typeof url !== 'string' || (userAgent !== null && typeof userAgent !== 'string')) return undefined
  const job: FetchJob = { url, user_agent: userAgent }
  // The internal fields (social API) are optional and bounded; the public fetch never sends them.
  if (accept !== undefined) {
    if (typeof accept !== 'string' || accept.length > fetchJobLimits.acceptLength) return undefined
    job.accept = accept
  }
  if (names !== undefined) {
    if (!Array.isArray(names) || names.length > fetchJobLimits.responseHeaders) return undefined
    const valid = names.filter((name): name is string => typeof name === 'string')
    if (valid.length !== names.length || !valid.every((name) => fetchJobLimits.headerName.test(name))) {
      return undefined
    }
    job.response_headers = valid
  }
  if (hop !== undefined) {
    // One hop of a chain the gateway drives (ADR 0010): where the chain stands, and its cookie jar.
    if (typeof hop !== 'object' || hop === null) return undefined
    const {
      redirects_so_far: redirects,
      elapsed_ms_so_far: elapsed,
      cookies,
    } = hop as Record<string, unknown>
    const jar = parseCookieJarState(cookies)
    if (!wholeCount(redirects) || !wholeCount(elapsed) || jar === undefined) return undefined
    job.hop = { redirects_so_far: redirects, elapsed_ms_so_far: elapsed, cookies: jar }
  }
  return job
}

function wholeCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}
