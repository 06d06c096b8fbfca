/**
 * The social API wired like production, on loopback only: the gateway (inject()), a fleet whose node
 * client hands each job to a real egress node app with a real fetcher (address policy, redirect loop,
 * body cap; 127.0.0.0/8 allowed), and fake upstreams for Bluesky, two Mastodon instances and Hacker News.
 * `addGateway()` puts another gateway in front of the same fleet and upstreams, as a load balancer would.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { loadSocialSettings } from '../../../src/config/social-config.ts'
import { buildGateway } from '../../../src/gateway/app.ts'
import { memoryGatewayDeps } from '../../helpers/memory-gateway-deps.ts'
import { createFetchDispatcher } from '../../../src/gateway/fleet/fetch-dispatcher.ts'
import { createFleet, type Fleet } from '../../../src/gateway/fleet/fleet.ts'
import type { JobAnswer, NodeClient } from '../../../src/gateway/fleet/node-client.ts'
import type { RateLimitDeps } from '../../../src/gateway/rate-limits/account-limits.ts'
import { createSocialService, type SocialServiceOptions } from '../../../src/gateway/social/social-service.ts'
import { buildNode } from '../../../src/node/app.ts'
import { createFetcher, type FetcherOptions } from '../../../src/node/fetching/fetcher.ts'
import { sendToNode } from '../../helpers/node-call.ts'
import { fetcherOptions } from '../../helpers/test-targets.ts'
import type { Clock } from '../../../src/shared/clock.ts'
import {
  fleetHeaders,
  fleetPaths,
  signFleetCall,
  type FetchJob,
  type HealthReport,
  type TargetRefusal,
} from '../../../src/shared/fleet-contract.ts'
import { testAuthenticator, testKeys } from '../../helpers/test-gateway.ts'
import { answerSchemas, departure } from './envelope-check.ts'
import { startFakeBluesky, type FakeBluesky } from '../../fakes/fake-bluesky.ts'
import { startFakeHackerNews, type FakeHackerNews } from '../../fakes/fake-hackernews.ts'
import { startFakeMastodon, type FakeMastodon } from '../../fakes/fake-mastodon.ts'

export const cursorSecret = 'social-test-cursor-secret-0123456789abcdef'
const fleetSecret = 'f'.repeat(32)

/** A clock the test moves: cache lifetimes and budget windows without waiting. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start
  return {
    now: () => now,
    monotonic: () => performance.now(),
    advance: (ms) => {
      now += ms
    },
  }
}

export type EgressNode = {
  deviceId: string
  publicIp: string
  jobs: FetchJob[]
  fetcher?: Partial<FetcherOptions>
}

/** A node client that sends each job, signed, to a real node app (its job parsing, its real fetcher). */
async function egressNode(node: EgressNode, clock: Clock) {
  const fetcher = createFetcher(
    fetcherOptions({ deviceId: node.deviceId, publicIp: node.publicIp, timeoutMs: 2_000, ...node.fetcher }),
  )
  const app = buildNode({
    region: 'us-east',
    deviceId: node.deviceId,
    publicIp: node.publicIp,
    fleetSecret,
    fetcher,
    clock,
    logger: false,
  })
  await app.ready()
  const client: NodeClient = {
    url: `fake://${node.deviceId}`,
    fetchJob: async (job): Promise<JobAnswer> => {
      node.jobs.push(job)
      const body = JSON.stringify(job)
      const answer = await sendToNode(app, {
        method: 'POST',
        url: fleetPaths.fetch,
        headers: {
          ...signFleetCall(fleetSecret, 'POST', fleetPaths.fetch, body, clock.now()),
          'content-type': 'application/json',
        },
        payload: body,
      })
      if (answer.statusCode !== 200) throw new Error(`node answered ${answer.statusCode}: ${answer.body}`)
      return answer.headers[fleetHeaders.outcome] === 'envelope'
        ? { kind: 'envelope', body: answer.rawPayload }
        : { kind: 'refused', refusal: answer.json<TargetRefusal>() }
    },
    health: async (): Promise<HealthReport> => ({
      device_id: node.deviceId,
      region: 'us-east',
      public_ip: node.publicIp,
      draining: false,
      in_flight: 0,
      started_at: new Date(0).toISOString(),
    }),
    setDraining: async () => client.health(1000),
    close: async () => {
      await app.close()
      await fetcher.close()
    },
  }
  return client
}

/** One gateway: its own social service (caches, cursor codec, budget store unless given) and app. */
export type SocialGateway = {
  app: FastifyInstance
  get(url: string, key?: string | null): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export type SocialHarness = SocialGateway & {
  fleet: Fleet
  nodes: EgressNode[]
  bluesky: FakeBluesky
  mastodon: FakeMastodon
  fosstodon: FakeMastodon
  hackernews: FakeHackerNews
  clock: ReturnType<typeof manualClock>
  /** Another gateway on the same fleet and upstreams (closed with the harness). */
  addGateway(options?: GatewayOptions): Promise<SocialGateway>
}

export type GatewayOptions = Omit<SocialServiceOptions, 'settings' | 'dispatcher' | 'clock'> & {
  env?: Record<string, string>
  /** The account budgets; default: in this process, SPEC 8's limits. */
  rateLimits?: RateLimitDeps
}

export type HarnessOptions = GatewayOptions & {
  nodes?: EgressNode[]
  /** The clock of every gateway, the egress nodes and the social services (default: a new one). */
  clock?: ReturnType<typeof manualClock>
}

export async function startSocialHarness(options: HarnessOptions = {}): Promise<SocialHarness> {
  const clock = options.clock ?? manualClock()
  const now = () => clock.now()
  const [bluesky, mastodon, fosstodon, hackernews] = await Promise.all([
    startFakeBluesky('127.0.0.21', now),
    startFakeMastodon('127.0.0.22', 'mastodon.social', now),
    startFakeMastodon('127.0.0.23', 'fosstodon.org', now),
    startFakeHackerNews('127.0.0.24'),
  ])
  const nodes = options.nodes ?? [{ deviceId: 'node_social1', publicIp: '198.51.100.7', jobs: [] }]
  const clients = new Map<string, NodeClient>()
  for (const node of nodes) clients.set(`fake://${node.deviceId}`, await egressNode(node, clock))
  const fleet = createFleet({
    nodes: nodes.map((node) => ({ region: 'us-east' as const, url: `fake://${node.deviceId}` })),
    fleetSecret,
    clock,
    logger: { info: () => undefined, warn: () => undefined } as never,
    healthIntervalMs: 60_000,
    healthTimeoutMs: 1_000,
    jobTimeoutMs: 5_000,
    clientFor: (endpoint) => clients.get(endpoint.url)!,
  })
  await fleet.start()
  const dispatcher = createFetchDispatcher(fleet)

  async function openGateway(gatewayOptions: GatewayOptions): Promise<SocialGateway> {
    const { env, rateLimits, ...serviceOptions } = gatewayOptions
    const settings = loadSocialSettings({
      SALLYPORT_BLUESKY_APPVIEW_URL: bluesky.origin,
      SALLYPORT_HN_API_URL: hackernews.origin,
      SALLYPORT_MASTODON_URL_OVERRIDES: `mastodon.social=${mastodon.origin},fosstodon.org=${fosstodon.origin}`,
      SALLYPORT_CURSOR_SECRET: cursorSecret,
      ...env,
    })
    const social = createSocialService({ ...serviceOptions, settings, dispatcher, clock })
    const deps = memoryGatewayDeps(fleet, {
      dispatcher,
      authenticator: testAuthenticator(),
      social,
      clock,
      ...(rateLimits !== undefined && { rateLimits }),
    })
    const app = buildGateway(deps)
    await app.ready()
    const routes = answerSchemas(app.swagger() as unknown as Parameters<typeof answerSchemas>[0])
    return {
      app,
      get: async (url, key = testKeys.proxyOnly) => {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: key === null ? {} : { 'x-api-key': key },
        })
        // Every successful social answer is held to the schema its route publishes.
        const path = url.split('?')[0]!
        const route = routes.find((candidate) => candidate.pattern.test(path))
        if (response.statusCode === 200 && route !== undefined) {
          const problem = departure(route.id, response.json())
          if (problem !== undefined) throw new Error(`${path} answered off its schema: ${problem}`)
        }
        return response
      },
      close: async () => {
        await app.close()
        await deps.close()
      },
    }
  }

  const { nodes: _nodes, clock: _clock, ...gatewayOptions } = options
  const first = await openGateway(gatewayOptions)
  const more: SocialGateway[] = []
  return {
    ...first,
    fleet,
    nodes,
    bluesky,
    mastodon,
    fosstodon,
    hackernews,
    clock,
    addGateway: async (extra = {}) => {
      const gateway = await openGateway(extra)
      more.push(gateway)
      return gateway
    },
    close: async () => {
      await Promise.all([first, ...more].map((gateway) => gateway.close()))
      await fleet.close()
      await Promise.all([bluesky.close(), mastodon.close(), fosstodon.close(), hackernews.close()])
    },
  }
}

/** A JSON answer as tests read it (`any`, like `response.json()`). */
type Json = ReturnType<typeof JSON.parse>

/** Follows `next_cursor` to the end; returns every page's body. */
export async function allPages(harness: SocialHarness, url: string, maxPages = 50): Promise<Json[]> {
  const pages: Json[] = []
  let cursor: string | null = null
  do {
    const separator = url.includes('?') ? '&' : '?'
    const response = await harness.get(
      cursor === null ? url : `${url}${separator}cursor=${encodeURIComponent(cursor)}`,
    )
    if (response.statusCode !== 200)
      throw new Error(`page ${pages.length + 1}: ${response.statusCode} ${response.body}`)
    const body = response.json()
    pages.push(body)
    cursor = body.pagination.next_cursor
    if (pages.length > maxPages) throw new Error('too many pages')
  } while (cursor !== null)
  return pages
}
