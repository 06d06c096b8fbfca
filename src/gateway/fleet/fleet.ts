/**
 * The gateway's view of the egress fleet (DESIGN 1): active probes on a timer, passive marking on a
 * failed call, operator drain read from each node's own report (so every gateway sees it) and from a
 * drained node's refusal of a job (so none sends it new work after the drain answered), and the choice of
 * node for a request.
 */
import type { Logger } from 'pino'
import type { NodeEndpoint } from '../../config/gateway-config.ts'
import type { Clock } from '../../shared/clock.ts'
import { regions, type Region } from '../../shared/regions.ts'
import { createNodeClient, type NodeClient } from './node-client.ts'

export type Health = 'unknown' | 'healthy' | 'down'

export type FleetMember = {
  readonly url: string
  readonly region: Region
  readonly client: NodeClient
  deviceId: string | undefined
  publicIp: string | undefined
  health: Health
  draining: boolean
  /** When (monotonic) a job's `drained` answer told this gateway of a drain: older probes cannot undo it. */
  drainedAnswerAt: number | undefined
  lastCheckAt: number | undefined
  lastError: string | undefined
  inFlight: number
  /** Exponentially weighted probe round trip. */
  latencyMs: number | undefined
}

export type FleetOptions = {
  nodes: readonly NodeEndpoint[]
  fleetSecret: string
  clock: Clock
  logger: Pick<Logger, 'info' | 'warn'>
  healthIntervalMs: number
  healthTimeoutMs: number
  jobTimeoutMs: number
  /** Tests and other callers may supply clients (a fake node); default: an undici pool per node. */
  clientFor?: (endpoint: NodeEndpoint) => NodeClient
}

export function inService(member: FleetMember): boolean {
  return member.health === 'healthy' && !member.draining
}

export function createFleet(options: FleetOptions) {
  const clientFor =
    options.clientFor ??
    ((endpoint: NodeEndpoint) =>
      createNodeClient({
        url: endpoint.url,
        fleetSecret: options.fleetSecret,
        clock: options.clock,
        jobTimeoutMs: options.jobTimeoutMs,
        log: options.logger,
      }))
  const members: FleetMember[] = options.nodes.map((endpoint) => ({
    url: endpoint.url,
    region: endpoint.region,
    client: clientFor(endpoint),
    deviceId: undefined,
    publicIp: undefined,
    health: 'unknown',
    draining: false,
    drainedAnswerAt: undefined,
    lastCheckAt: undefined,
    lastError: undefined,
    inFlight: 0,
    latencyMs: undefined,
  }))
  let timer: NodeJS.Timeout | undefined
  let rotation = 0
  let firstRound: Promise<void> | undefined

  function setHealth(member: FleetMember, health: Health, error: string | undefined) {
    if (member.health !== health) {
      const log = health === 'healthy' ? options.logger.info : options.logger.warn
      log.call(
        options.logger,
        { node: member.deviceId ?? member.url, region: member.region, health, error },
        'node health changed',
      )
    }
    member.health = health
    member.lastError = error
  }

  async function probe(member: FleetMember): Promise<void> {
    const started = options.clock.monotonic()
    try {
      const report = await member.client.health(options.healthTimeoutMs)
      const rtt = options.clock.monotonic() - started
      member.latencyMs = member.latencyMs === undefined ? rtt : member.latencyMs * 0.7 + rtt * 0.3
      member.deviceId = report.device_id
      member.publicIp = report.public_ip
      // A report the node wrote before it answered a job `drained` is older news than that answer.
      const answeredSince = member.drainedAnswerAt !== undefined && member.drainedAnswerAt > started
      member.draining = report.draining || answeredSince
      // A node configured for one region that says it is in another is a deployment mistake: keep it out.
      if (report.region !== member.region) setHealth(member, 'down', `node reports region ${report.region}`)
      else setHealth(member, 'healthy', undefined)
    } catch (error) {
      setHealth(member, 'down', (error as Error).message)
    } finally {
      member.lastCheckAt = options.clock.now()
    }
  }

  async function probeAll(): Promise<void> {
    await Promise.all(members.map(probe))
  }

  function start(): Promise<void> {
    firstRound ??= probeAll()
    timer ??= setInterval(() => void probeAll(), options.healthIntervalMs)
    timer.unref()
    return firstRound
  }

  /** Passive check: a failed call marks the node down at once; the next good probe brings it back. */
  function markDown(member: FleetMember, reason: string) {
    setHealth(member, 'down', reason)
  }

  /**
   * The node answered a job with `drained`: the operator drained it since the last probe. It gets no new
   * work until a probe reports it back in service.
   */
  function markDrained(member: FleetMember) {
    if (!member.draining) {
      options.logger.info(
        { node: member.deviceId ?? member.url, region: member.region },
        'node drained: learned from its answer to a job',
      )
    }
    member.draining = true
    member.drainedAnswerAt = options.clock.monotonic()
  }

  function regionInService(region: Region): boolean {
    return members.some((member) => member.region === region && inService(member))
  }

  function regionsInService(): Region[] {
    return regions.filter(regionInService)
  }

  /** The least busy node in service in a region, skipping those already tried for this request. */
  function pick(region: Region, tried: ReadonlySet<FleetMember>): FleetMember | undefined {
    let best: FleetMember | undefined
    const candidates = members.filter((m) => m.region === region && inService(m) && !tried.has(m))
    const offset = rotation++ % Math.max(candidates.length, 1)
    for (let i = 0; i < candidates.length; i++) {
      const member = candidates[(i + offset) % candidates.length]!
      if (best === undefined || member.inFlight < best.inFlight) best = member
    }
    return best
  }

  function find(ref: string): FleetMember[] {
    return members.filter((m) => m.deviceId === ref || m.url === ref || m.region === ref)
  }

  async function close(): Promise<void> {
    if (timer !== undefined) clearInterval(timer)
    await Promise.all(members.map((member) => member.client.close()))
  }

  return {
    members,
    start,
    probeAll,
    markDown,
    markDrained,
    regionInService,
    regionsInService,
    pick,
    find,
    close,
  }
}

export type Fleet = ReturnType<typeof createFleet>
