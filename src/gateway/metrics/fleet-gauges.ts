/**
 * The gateway's view of the fleet as gauges, read from the fleet at scrape time (fleet.ts keeps the state;
 * nothing here is updated on the request path). A node is labelled by its device id, learnt at its first
 * good probe; before that by its position in SALLYPORT_NODES (`unidentified_<n>`), never by its URL.
 *
 * With workers each one probes the fleet on its own, and a scrape of the supervisor combines their views
 * by each gauge's `aggregator` (docs/adr/0009-workers.md): a sum would report a healthy node as 2.
 */
import { Gauge, type Aggregator, type Registry } from 'prom-client'
import { regions } from '../../shared/regions.ts'
import type { Fleet, FleetMember } from '../fleet/fleet.ts'

type NodeLabel = 'node' | 'region'

function nodeLabels(member: FleetMember, index: number): Record<NodeLabel, string> {
  return { node: member.deviceId ?? `unidentified_${index}`, region: member.region }
}

export type FleetGauges = {
  /** The fleet whose state the gauges report from now on. */
  watch(fleet: Fleet): void
}

export function createFleetGauges(registry: Registry): FleetGauges {
  let watched: Fleet | undefined

  /** A gauge set afresh at each scrape: a node that changed its label leaves no stale series behind. */
  function perNode(
    name: string,
    help: string,
    aggregator: Aggregator,
    value: (member: FleetMember) => number | undefined,
  ) {
    return new Gauge<NodeLabel>({
      name,
      help,
      labelNames: ['node', 'region'],
      registers: [registry],
      aggregator,
      collect() {
        this.reset()
        watched?.members.forEach((member, index) => {
          const current = value(member)
          if (current !== undefined) this.set(nodeLabels(member, index), current)
        })
      },
    })
  }

  perNode(
    'sallyport_gateway_node_healthy',
    '1 when the last health probe of the node succeeded, else 0.',
    // 1 only when every worker would send the node work: an alert on 0 sees a node any worker gave up on.
    'min',
    (member) => (member.health === 'healthy' ? 1 : 0),
  )
  perNode(
    'sallyport_gateway_node_draining',
    '1 when an operator drained the node (it takes no new work), else 0.',
    // The drain is in the shared store; 1 as soon as any worker has read it.
    'max',
    (member) => (member.draining ? 1 : 0),
  )
  perNode(
    'sallyport_gateway_node_in_flight',
    'Jobs this gateway has running on the node right now.',
    // Each worker counts its own jobs: the gateway's are their sum.
    'sum',
    (member) => member.inFlight,
  )
  perNode(
    'sallyport_gateway_node_probe_latency_seconds',
    'Round trip of the health probe, exponentially weighted; absent until a probe succeeded.',
    // Each worker measures the same round trip: the mean of those that have one.
    'average',
    (member) => (member.latencyMs === undefined ? undefined : member.latencyMs / 1000),
  )
  perNode(
    'sallyport_gateway_node_link_open',
    '1 while fetch jobs go to the node on a fleet link, 0 while they go as HTTP calls (ADR 0016).',
    // 1 only while every worker has its link: an alert on 0 sees a node whose upgrade a proxy refuses.
    'min',
    (member) => {
      const linked = member.client.linked?.()
      return linked === undefined ? undefined : linked ? 1 : 0
    },
  )
  new Gauge<'region'>({
    name: 'sallyport_gateway_region_in_service',
    help: '1 while at least one node of the region is healthy and not drained, else 0 (DESIGN 1).',
    labelNames: ['region'],
    registers: [registry],
    // As node_healthy: 1 only while no worker would refuse the region (region_out_of_service).
    aggregator: 'min',
    collect() {
      if (watched === undefined) return
      for (const region of regions) this.set({ region }, watched.regionInService(region) ? 1 : 0)
    },
  })

  return {
    watch: (fleet) => {
      watched = fleet
    },
  }
}
