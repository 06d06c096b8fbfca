/**
 * What the fetch route's limit and idempotency tests share: a gateway on fake nodes with an injected clock,
 * in-process stores the tests can look into, two accounts (the first with two keys), and a stand-in for
 * billing's StandingService.
 */
import type { LightMyRequestResponse } from 'fastify'
import { buildTestGateway, envelopeFor, fakeNode, type FakeNode, type TestGateway } from './test-gateway.ts'
import { fakeMetering } from './fake-metering.ts'
import { manualClock, type ManualClock } from './manual-clock.ts'
import { AppError } from '../../src/shared/errors.ts'
import type { CancelSignal } from '../../src/shared/cancellation.ts'
import type { FetchJob } from '../../src/shared/fleet-contract.ts'
import type { StandingService } from '../../src/gateway/billing/standing.ts'
import type { GatewayDeps } from '../../src/gateway/app.ts'
import { createMemoryIdempotencyStore } from '../../src/gateway/idempotency/memory-idempotency-store.ts'
import type { IdempotencyStore } from '../../src/gateway/idempotency/idempotency-store.ts'
import type { JobAnswer } from '../../src/gateway/fleet/node-client.ts'
import { fixedLimits } from '../../src/gateway/rate-limits/account-limits.ts'
import {
  defaultLimits,
  type AdmissionLimits,
  type AdmissionStore,
} from '../../src/gateway/rate-limits/admission.ts'
import {
  createMemoryAdmissionStore,
  type MemoryAdmissionStore,
} from '../../src/gateway/rate-limits/memory-admission-store.ts'
import type { Authenticator, Principal } from '../../src/gateway/keys/principal.ts'

/** Two keys of account A, one of account B. */
export const keys = { a1: 'key-a1', a2: 'key-a2', b: 'key-b' } as const

export function accountsAuthenticator(): Authenticator {
  const owners: Record<string, string> = { [keys.a1]: 'acct_a', [keys.a2]: 'acct_a', [keys.b]: 'acct_b' }
  return {
    authenticate: async (apiKey): Promise<Principal> => {
      const accountId = owners[apiKey]
      if (accountId === undefined) throw new AppError('invalid_api_key', 'The API key is not valid.')
      return { accountId, keyId: `key_${apiKey}`, scopes: ['proxy', 'read'] }
    },
  }
}

/** The stand-in for billing's StandingService (only in tests): every account on a trial unless told. */
export function standingStandIn(
  answer: (accountId: string) => 'trial' | 'paid' | AppError = () => 'trial',
): StandingService & { asked: number } {
  const standing = {
    asked: 0,
    standingFor: async (accountId: string) => {
      standing.asked++
      const outcome = answer(accountId)
      if (outcome instanceof AppError) throw outcome
      return outcome === 'trial'
        ? { plan: 'trial' as const, trialQuota: true }
        : { plan: 'entry' as const, trialQuota: false }
    },
  }
  return standing
}

/** A promise the test resolves when it wants: a node job held until the test lets it go. */
export function gate(): { wait: Promise<void>; open(): void } {
  let open!: () => void
  const wait = new Promise<void>((resolve) => (open = resolve))
  return { wait, open }
}

/** A node whose jobs wait for `held.open()`; it also gives up when the job's signal aborts. */
export function heldNode(held: { wait: Promise<void> }, deviceId = 'node_held'): FakeNode {
  const node: FakeNode = fakeNode('us-east', deviceId, {
    onJob: (job: FetchJob, signal?: CancelSignal) =>
      new Promise<JobAnswer>((resolve, reject) => {
        signal?.addEventListener(
          'abort',
          () => reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled')),
          { once: true },
        )
        void held.wait.then(() => resolve({ kind: 'envelope', body: envelopeFor(node, job) }))
      }),
  })
  return node
}

export type LimitsGateway = TestGateway & {
  clock: ManualClock
  store: MemoryAdmissionStore
  idempotency: IdempotencyStore
  /** Metering calls: one per billed envelope. */
  metered: { accountId: string; bytes: number }[]
  fetch(
    url: string,
    options?: { key?: string; apiKey?: string; query?: string; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>
}

export async function buildLimitsGateway(
  options: {
    nodes?: FakeNode[]
    limits?: Partial<AdmissionLimits>
    standing?: StandingService
    admission?: (store: AdmissionStore) => AdmissionStore
    idempotency?: (store: IdempotencyStore) => IdempotencyStore
    extra?: Partial<GatewayDeps>
  } = {},
): Promise<LimitsGateway> {
  const clock = manualClock()
  const store = createMemoryAdmissionStore({ clock })
  const idempotency = createMemoryIdempotencyStore({ clock, sweepIntervalMs: 0 })
  const metering = fakeMetering()
  const metered = metering.billed
  const gw = await buildTestGateway(options.nodes ?? [fakeNode('us-east', 'node_east1')], {
    authenticator: accountsAuthenticator(),
    clock,
    rateLimits: {
      store: options.admission?.(store) ?? store,
      limits: fixedLimits(Object.freeze({ ...defaultLimits, ...options.limits })),
      hostKeySecret: 'route-test-secret-not-a-real-one',
    },
    idempotency: options.idempotency?.(idempotency) ?? idempotency,
    metering,
    ...(options.standing !== undefined && { standing: options.standing }),
    ...options.extra,
  })
  return {
    ...gw,
    clock,
    store,
    idempotency,
    metered,
    fetch: (url, { key, apiKey = keys.a1, query = '?region=us-east', headers = {} } = {}) =>
      gw.app.inject({
        method: 'POST',
        url: `/v2/proxy/fetch${query}`,
        headers: {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          ...(key !== undefined && { 'idempotency-key': key }),
          ...headers,
        },
        payload: JSON.stringify({ url }),
      }),
    close: async () => {
      await gw.close()
      await Promise.all([store.close(), idempotency.close()])
    },
  }
}
