/**
 * The embedded default runs its egress nodes in the gateway's own process, so a fetch job needs no
 * loopback HTTP hop, signature or JSON round trip: the gateway hands the job to the node's fetcher
 * directly and gets the same answer a node would send, `drained` included. Health probes and drain still
 * go over the signed HTTP contract, so `admin drain-node` and `/v2/proxy/status` behave as in production.
 */
import type { NodeClient } from '../gateway/fleet/node-client.ts'
import type { DrainSwitch } from '../node/app.ts'
import { encodeEnvelope } from '../node/fetching/envelope-json.ts'
import type { Fetcher } from '../node/fetching/fetcher.ts'

export function inProcessNodeClient(
  http: NodeClient,
  node: { fetcher: Fetcher; drain: Pick<DrainSwitch, 'draining'> },
): NodeClient {
  const { fetcher, drain } = node
  return {
    ...http,
    fetchJob: async (job, signal) => {
      if (drain.draining) return { kind: 'drained' }
      const outcome = await fetcher.fetch(job, signal)
      if (outcome.ok === 'redirect') return { kind: 'redirect', redirect: outcome.redirect }
      return outcome.ok
        ? { kind: 'envelope', body: encodeEnvelope(outcome.envelope) }
        : { kind: 'refused', refusal: outcome.refusal }
    },
  }
}
