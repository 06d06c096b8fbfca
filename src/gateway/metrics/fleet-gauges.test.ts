import assert from 'node:assert/strict'
import { it, type TestContext } from 'node:test'
import { AggregatorRegistry, Registry } from 'prom-client'
import { parseMetrics, samplesOf, valueOf, type Sample } from '../../../test/helpers/metrics.ts'
import { createFakeFleet } from '../../../test/helpers/test-gateway.ts'
import type { Fleet, FleetMember } from '../fleet/fleet.ts'
import { createFleetGauges } from './fleet-gauges.ts'

/** The workers' registries combined as the supervisor's scrape combines them (docs/adr/0009-workers.md). */
async function aggregated(registries: Registry[]): Promise<Sample[]> {
  const each = await Promise.all(registries.map((registry) => registry.getMetricsAsJSON()))
  return parseMetrics(await AggregatorRegistry.aggregate(each).metrics())
}

function member(fleet: Fleet, deviceId: string): FleetMember {
  const found = fleet.members.find((each) => each.deviceId === deviceId)
  assert.ok(found, deviceId)
  return found
}

/** Two gateway workers, each with its own view of the same fake fleet and its own registry. */
async function twoWorkers(t: TestContext): Promise<{ fleets: Fleet[]; registries: Registry[] }> {
  const fleets = [await createFakeFleet(), await createFakeFleet()]
  t.after(() => Promise.all(fleets.map((fleet) => fleet.close())))
  const registries = fleets.map((fleet) => {
    const registry = new Registry()
    createFleetGauges(registry).watch(fleet)
    return registry
  })
  return { fleets, registries }
}

it("combines two workers' views of the fleet as one gateway's, never as a count of workers", async (t) => {
  const { fleets, registries } = await twoWorkers(t)
  const [first, second] = fleets as [Fleet, Fleet]
  // The second worker gave up on the east node; each worker has jobs of its own on the west node.
  second.markDown(member(second, 'node_east1'), 'probe failed')
  member(first, 'node_west1').inFlight = 2
  member(second, 'node_west1').inFlight = 3
  member(first, 'node_west1').latencyMs = 10
  member(second, 'node_west1').latencyMs = 30

  const samples = await aggregated(registries)
  const west = { node: 'node_west1', region: 'us-west' }
  const east = { node: 'node_east1', region: 'us-east' }
  assert.equal(valueOf(samples, 'sallyport_gateway_node_healthy', west), 1)
  assert.equal(valueOf(samples, 'sallyport_gateway_node_healthy', east), 0, 'one worker would not use it')
  assert.equal(valueOf(samples, 'sallyport_gateway_region_in_service', { region: 'us-west' }), 1)
  assert.equal(valueOf(samples, 'sallyport_gateway_region_in_service', { region: 'us-east' }), 0)
  assert.equal(valueOf(samples, 'sallyport_gateway_node_in_flight', west), 5)
  assert.equal(valueOf(samples, 'sallyport_gateway_node_probe_latency_seconds', west), 0.02)
  assert.equal(valueOf(samples, 'sallyport_gateway_node_draining', west), 0)

  member(first, 'node_west1').draining = true
  const drained = await aggregated(registries)
  assert.equal(valueOf(drained, 'sallyport_gateway_node_draining', west), 1, 'seen by one worker so far')
})

it('shows whether jobs go to each node on a fleet link, 1 only while every worker has its link', async (t) => {
  const { fleets, registries } = await twoWorkers(t)
  const linkOf = (fleet: Fleet, deviceId: string, linked: boolean) => {
    // The fake nodes' clients are objects of the test's own: give them what a real client reports.
    ;(member(fleet, deviceId).client as { linked?: () => boolean }).linked = () => linked
  }
  const [first, second] = fleets as [Fleet, Fleet]
  linkOf(first, 'node_west1', true)
  linkOf(second, 'node_west1', true)
  linkOf(first, 'node_east1', true)
  linkOf(second, 'node_east1', false)

  const samples = await aggregated(registries)
  const gauge = 'sallyport_gateway_node_link_open'
  assert.equal(valueOf(samples, gauge, { node: 'node_west1', region: 'us-west' }), 1)
  assert.equal(valueOf(samples, gauge, { node: 'node_east1', region: 'us-east' }), 0)
  // A client without a link (the in-process nodes of `dev`) has no series.
  assert.equal(samplesOf(samples, gauge, { node: 'node_eu1' }).length, 0)
})
