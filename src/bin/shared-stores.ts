/**
 * The embedded stores of a process without Redis, held once by its supervisor and used by every worker
 * (docs/adr/0015-embedded-stores-in-the-supervisor.md). The supervisor answers the stores' methods by name
 * (`storeHandlers`); a worker's `storesOfSupervisor` has the stores' own interfaces, each method one call.
 * Every admission, idempotency step and budget take is thus one atomic step in one process, as it is in
 * the single process or in Redis, whichever worker asks. An admission, one per fetch a worker serves, goes
 * as arrays of its values (admission-wire.ts).
 */
import { Buffer } from 'node:buffer'
import type {
  IdempotencyStore,
  CompletedResponse,
  BeginOutcome,
} from '../gateway/idempotency/idempotency-store.ts'
import type { EmbeddedStores } from '../gateway/rate-limits/limit-stores.ts'
import type { AdmissionStore } from '../gateway/rate-limits/admission.ts'
import type { UpstreamBudgetStore } from '../gateway/social/upstream-budget.ts'
import {
  admissionFromWire,
  admissionToWire,
  requestFromWire,
  requestToWire,
  type AdmissionRequestWire,
  type AdmissionWire,
} from './admission-wire.ts'
import type { CallHandlers, Caller } from './supervisor-calls.ts'

/** A body on the wire: JSON has no bytes, so base64. */
type WireBody = { base64: string }

const toWire = (body: Buffer | string): WireBody | string =>
  typeof body === 'string' ? body : { base64: body.toString('base64') }

const fromWire = (body: WireBody | string): Buffer | string =>
  typeof body === 'string' ? body : Buffer.from(body.base64, 'base64')

type WireOutcome =
  | Exclude<BeginOutcome, { kind: 'replay' }>
  | { kind: 'replay'; response: { status: number; headers: Record<string, string>; body: WireBody } }

/** In the supervisor: every method a worker may call, by `store.method`. */
export function storeHandlers({ admission, idempotency, upstreamBudgets }: EmbeddedStores): CallHandlers {
  return {
    'admission.admit': async (request: AdmissionRequestWire) =>
      admissionToWire(await admission.admit(requestFromWire(request))),
    'admission.release': (key: string, token: string) => admission.release(key, token),
    'admission.refundQuota': (key: string) => admission.refundQuota(key),
    'admission.quotaUsed': (key: string) => admission.quotaUsed(key),
    'admission.keyEpoch': (scope: string) => admission.keyEpoch(scope),
    'admission.markRevoked': (scope: string, keyId: string) => admission.markRevoked(scope, keyId),
    'idempotency.begin': async (accountId: string, key: string, fingerprint: string, now: number) => {
      const outcome = await idempotency.begin(accountId, key, fingerprint, now)
      if (outcome.kind !== 'replay') return outcome
      const { status, headers, body } = outcome.response
      return {
        kind: 'replay',
        response: { status, headers, body: { base64: body.toString('base64') } },
      } satisfies WireOutcome
    },
    'idempotency.complete': (
      accountId: string,
      key: string,
      token: string,
      response: { status: number; headers: Record<string, string | undefined>; body: WireBody | string },
      now: number,
    ) => idempotency.complete(accountId, key, token, { ...response, body: fromWire(response.body) }, now),
    'idempotency.abandon': (accountId: string, key: string, token: string) =>
      idempotency.abandon(accountId, key, token),
    'idempotency.purgeExpired': (now: number) => idempotency.purgeExpired(now),
    'upstreamBudgets.take': (...args: Parameters<UpstreamBudgetStore['take']>) =>
      upstreamBudgets.take(...args),
    'upstreamBudgets.observe': (...args: Parameters<UpstreamBudgetStore['observe']>) =>
      upstreamBudgets.observe(...args),
  }
}

/**
 * In a worker: the supervisor's stores behind their own interfaces. `close` closes nothing: the stores are
 * the supervisor's, and outlive any one worker.
 */
export function storesOfSupervisor(call: Caller): EmbeddedStores {
  const admission: AdmissionStore = {
    admit: (request) => {
      let wire: AdmissionRequestWire
      try {
        wire = requestToWire(request)
      } catch (error) {
        // A request too malformed to read (no rules): a rejection, as every store's failure is (ADR 0031).
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      return (call('admission.admit', [wire]) as Promise<AdmissionWire>).then(admissionFromWire)
    },
    // Unanswered: the rate limiter does not wait for it, and its lease frees a slot whose release failed.
    release: async (key, token) => void (await call('admission.release', [key, token], { answer: false })),
    refundQuota: async (key) => void (await call('admission.refundQuota', [key])),
    quotaUsed: (key) => call('admission.quotaUsed', [key]) as Promise<number>,
    keyEpoch: (scope) => call('admission.keyEpoch', [scope]) as Promise<string>,
    markRevoked: async (scope, keyId) => void (await call('admission.markRevoked', [scope, keyId])),
    close: async () => {},
  }
  const idempotency: IdempotencyStore = {
    begin: async (accountId, key, fingerprint, now) => {
      const outcome = (await call('idempotency.begin', [accountId, key, fingerprint, now])) as WireOutcome
      if (outcome.kind !== 'replay') return outcome
      const { status, headers, body } = outcome.response
      return { kind: 'replay', response: { status, headers, body: Buffer.from(body.base64, 'base64') } }
    },
    complete: (accountId, key, token, response: CompletedResponse, now) =>
      call('idempotency.complete', [
        accountId,
        key,
        token,
        { status: response.status, headers: response.headers, body: toWire(response.body) },
        now,
      ]) as Promise<boolean>,
    abandon: (accountId, key, token) =>
      call('idempotency.abandon', [accountId, key, token]) as Promise<boolean>,
    purgeExpired: (now) => call('idempotency.purgeExpired', [now]) as Promise<number>,
    close: async () => {},
  }
  const upstreamBudgets: UpstreamBudgetStore = {
    take: (lane, policy, now) =>
      call('upstreamBudgets.take', [lane, policy, now]) as ReturnType<UpstreamBudgetStore['take']>,
    observe: async (lane, observation, now) =>
      void (await call('upstreamBudgets.observe', [lane, observation, now])),
    close: async () => {},
  }
  return { admission, idempotency, upstreamBudgets }
}
