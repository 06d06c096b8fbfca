/**
 * A gateway built with inject()-able routes and fake egress nodes, so route tests exercise schemas,
 * auth, region choice, failover and the error formatter without any socket.
 */
import type { FastifyInstance } from 'fastify'
import { buildGateway, type GatewayDeps } from '../../src/gateway/app.ts'
import { createFleet, type Fleet } from '../../src/gateway/fleet/fleet.ts'
import { NodeFailure, type JobAnswer, type NodeClient } from '../../src/gateway/fleet/node-client.ts'
import type { Authenticator, Principal } from '../../src/gateway/keys/principal.ts'
import type { Scope } from '../../src/gateway/keys/scopes.ts'
import { AppError } from '../../src/shared/errors.ts'
import type { CancelSignal } from '../../src/shared/cancellation.ts'
import type { FetchJob, HealthReport, NodeEnvelope } from '../../src/shared/fleet-contract.ts'
import { systemClock } from '../../src/shared/clock.ts'
import type { Region } from '../../src/shared/regions.ts'
import { memoryGatewayDeps } from './memory-gateway-deps.ts'

export const testKeys = {
  full: 'test-key-full',
  proxyOnly: 'test-key-proxy',
  readOnly: 'test-key-read',
} as const

/** The authentication seam filled with fixed test principals. */
export function testAuthenticator(): Authenticator {
  const principals: Record<string, readonly Scope[]> = {
    [testKeys.full]: ['proxy', 'read'],
    [testKeys.proxyOnly]: ['proxy'],
    [testKeys.readOnly]: ['read'],
  }
  return {
    authenticate: async (apiKey): Promise<Principal> => {
      const scopes = principals[apiKey]
      if (scopes === undefined) throw new AppError('invalid_api_key', 'The API key is not valid.')
      return { accountId: 'acct_test', keyId: `key_${apiKey}`, scopes }
    },
  }
}

export type FakeNodeBehaviour = {
  healthy: boolean
  draining: boolean
  /** What a fetch job does: answer, refuse, or fail as a node would (connection reset). */
  onJob: (job: FetchJob, signal?: CancelSignal) => Promise<JobAnswer>
}

export type FakeNode = FakeNodeBehaviour & { region: Region; deviceId: string; jobs: FetchJob[] }

export function envelopeFor(
  node: { deviceId: string },
  job: FetchJob,
  extra: Partial<NodeEnvelope> = {},
): Buffer {
  const envelope: NodeEnvelope = {
    result: 'hello',
    status: 200,
    public_ip: '203.0.113.10',
    device_id: node.deviceId,
    final_url: job.url,
    redirects: 0,
    content_type: 'text/plain; charset=utf-8',
    bytes: 5,
    elapsed_ms: 3,
    ...extra,
  }
  return Buffer.from(JSON.stringify(envelope))
}

export function fakeNode(
  region: Region,
  deviceId: string,
  behaviour: Partial<FakeNodeBehaviour> = {},
): FakeNode {
  const node: FakeNode = {
    region,
    deviceId,
    jobs: [],
    healthy: true,
    draining: false,
    onJob: async (job) => ({ kind: 'envelope', body: envelopeFor(node, job) }),
    ...behaviour,
  }
  return node
}

export const nodeFailure = () => Promise.reject(new NodeFailure('node call failed: ECONNRESET'))

function fakeClient(node: FakeNode): NodeClient {
  return {
    url: `fake://${node.deviceId}`,
    fetchJob: async (job, signal) => {
      node.jobs.push(job)
      return node.onJob(job, signal)
    },
    health: async (): Promise<HealthReport> => {
      if (!node.healthy) throw new NodeFailure('node call failed: ECONNREFUSED')
      return {
        device_id: node.deviceId,
        region: node.region,
        public_ip: '203.0.113.10',
        draining: node.draining,
        in_flight: 0,
        started_at: new Date(0).toISOString(),
      }
    },
    setDraining: async (draining) => {
      node.draining = draining
      return fakeClient(node).health(1000)
    },
    close: async () => undefined,
  }
}

/** A started fleet of fake nodes, for gateways built with other deps (see account-gateway.ts). */
export async function createFakeFleet(
  nodes: FakeNode[] = [
    fakeNode('us-east', 'node_east1'),
    fakeNode('us-west', 'node_west1'),
    fakeNode('europe', 'node_eu1'),
  ],
): Promise<Fleet> {
  const byUrl = new Map(nodes.map((node) => [`fake://${node.deviceId}`, node]))
  const fleet = createFleet({
    nodes: nodes.map((node) => ({ region: node.region, url: `fake://${node.deviceId}` })),
    fleetSecret: 'x'.repeat(32),
    clock: systemClock,
    logger: { info: () => undefined, warn: () => undefined } as never,
    healthIntervalMs: 60_000,
    healthTimeoutMs: 1_000,
    jobTimeoutMs: 1_000,
    clientFor: (endpoint) => fakeClient(byUrl.get(endpoint.url)!),
  })
  await fleet.start()
  return fleet
}

export type TestGateway = { app: FastifyInstance; fleet: Fleet; nodes: FakeNode[]; close(): Promise<void> }

export async function buildTestGateway(
  nodes: FakeNode[] = [
    fakeNode('us-east', 'node_east1'),
    fakeNode('us-west', 'node_west1'),
    fakeNode('europe', 'node_eu1'),
  ],
  /** Stores, clock, standing, authenticator...: whatever a test wants other than the defaults. */
  extra: Partial<GatewayDeps> = {},
): Promise<TestGateway> {
  const fleet = await createFakeFleet(nodes)
  const deps = memoryGatewayDeps(fleet, extra)
  const app = buildGateway(deps)
  await app.ready()
  return {
    app,
    fleet,
    nodes,
    close: async () => {
      await app.close()
      await fleet.close()
      await deps.close()
    },
  }
}

export function fetchRequest(body: unknown, query = '?region=us-east', headers: Record<string, string> = {}) {
  return {
    method: 'POST' as const,
    url: `/v2/proxy/fetch${query}`,
    headers: { 'x-api-key': testKeys.full, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  }
}
