/**
 * Region choice and failover (DESIGN 1, SPEC 2.2 `region_used`):
 * - a requested region with no node in service before the request starts: `region_out_of_service`,
 *   no substitution;
 * - no region given: the first region in service in the fixed order;
 * - a node that fails mid-request is marked down, then the other nodes of the region are tried, then
 *   the other regions in the fixed order;
 * - a node that answers `drained` (drained since this gateway's last probe) is marked drained and the next
 *   node is tried; when every node of a requested region tried was drained, the answer is
 *   `region_out_of_service`, as it would have been had the probe seen the drain first;
 * - nothing left: `no_healthy_endpoints`.
 * A target's own failure comes back as a refusal and is final: it is never a reason to fail over.
 */
import type { CancelSignal } from '../../shared/cancellation.ts'
import { AppError } from '../../shared/errors.ts'
import type { FetchJob, NodeRedirect } from '../../shared/fleet-contract.ts'
import { regions, type Region } from '../../shared/regions.ts'
import type { Fleet, FleetMember } from './fleet.ts'
import { NodeFailure } from './node-client.ts'

export type Dispatched = { regionUsed: Region; member: FleetMember; envelope: Buffer }

/** The answer to one hop of a chain the gateway drives (ADR 0010): the envelope, or the next hop. */
export type HopDispatched =
  Dispatched | { regionUsed: Region; member: FleetMember; redirect: NodeRedirect; envelope?: undefined }

export type DispatchOptions = {
  /**
   * Asked once for each node the dispatcher would send this job to, just before it does: false skips the
   * node (the social API's per-egress-address upstream budgets, which may live in Redis, hence a promise).
   * Skipped nodes are not marked down; a rejection ends the dispatch with it.
   */
  admit?: (member: FleetMember) => boolean | Promise<boolean>
}

const retryAfterSeconds = 5

export function createFetchDispatcher(fleet: Fleet) {
  function plan(requested: Region | undefined): Region[] {
    if (requested !== undefined) {
      if (!fleet.regionInService(requested)) throw regionOutOfService(requested)
      return [requested, ...regions.filter((region) => region !== requested)]
    }
    const order = regions.filter((region) => fleet.regionInService(region))
    if (order.length === 0) throw noHealthyEndpoints()
    return [...order, ...regions.filter((region) => !order.includes(region))]
  }

  async function send(
    job: FetchJob,
    order: readonly Region[],
    signal: CancelSignal | undefined,
    options: DispatchOptions,
    requested?: Region,
  ): Promise<HopDispatched> {
    const tried = new Set<FleetMember>()
    for (const region of order) {
      // How this region's nodes answered: `drained`, and anything else (served, refused, failed, skipped).
      let drained = false
      let otherwise = false
      for (let member = fleet.pick(region, tried); member !== undefined; member = fleet.pick(region, tried)) {
        tried.add(member)
        if (options.admit !== undefined && !(await options.admit(member))) {
          otherwise = true
          continue
        }
        member.inFlight++
        try {
          const answer = await member.client.fetchJob(job, signal)
          if (answer.kind === 'drained') {
            fleet.markDrained(member)
            drained = true
            continue
          }
          otherwise = true
          if (answer.kind === 'refused') {
            const { code, detail, timed_out: timedOut } = answer.refusal
            throw new AppError(code, detail, { timedOut })
          }
          if (answer.kind === 'redirect') return { regionUsed: region, member, redirect: answer.redirect }
          return { regionUsed: region, member, envelope: answer.body }
        } catch (error) {
          if (!(error instanceof NodeFailure)) throw error
          otherwise = true
          fleet.markDown(member, error.message)
        } finally {
          member.inFlight--
        }
      }
      // Every node the region had left said `drained`: it is out of service, as a probe would have found.
      if (region === requested && drained && !otherwise) throw regionOutOfService(region)
    }
    throw noHealthyEndpoints()
  }

  /** A whole fetch: the node follows the redirects itself. */
  async function dispatch(
    job: FetchJob,
    requested: Region | undefined,
    signal?: CancelSignal,
    options: DispatchOptions = {},
  ): Promise<Dispatched> {
    const served = await send(job, plan(requested), signal, options, requested)
    // A node answers a redirect only to a job with `hop`, and the client refuses one otherwise.
    if (served.envelope === undefined) throw new TypeError('a redirect answer to a job without hop')
    return served
  }

  /**
   * One hop of a chain the gateway drives (`job.hop` set). The first hop chooses its region as `dispatch`
   * does; a later hop (`pinned`) stays in the region that served the first, whose address the target saw,
   * failing over only between its nodes.
   */
  async function dispatchHop(
    job: FetchJob,
    requested: Region | undefined,
    signal: CancelSignal | undefined,
    pinned?: Region,
  ): Promise<HopDispatched> {
    return pinned === undefined
      ? send(job, plan(requested), signal, {}, requested)
      : send(job, [pinned], signal, {})
  }

  return { dispatch, dispatchHop }
}

function regionOutOfService(region: Region): AppError {
  return new AppError('region_out_of_service', `Region ${region} has no egress node in service right now.`, {
    retryAfter: retryAfterSeconds,
  })
}

function noHealthyEndpoints(): AppError {
  return new AppError('no_healthy_endpoints', 'No egress node could serve this request.', {
    retryAfter: retryAfterSeconds,
  })
}

export type FetchDispatcher = ReturnType<typeof createFetchDispatcher>
