/**
 * An admission as it crosses the IPC channel between a `dev` worker and its supervisor (shared-stores.ts):
 * every fetch a worker serves sends one request and gets one answer back, so both go as arrays of their
 * values, not objects with their field names. JSON writes and reads an array of a request's dozen values in
 * half the time of the same values under their names, and the channel carries half the bytes
 * (docs/performance.md, "thirty-second").
 *
 * The arrays carry every value as it is, a malformed one too, so that the supervisor's store refuses what it
 * would refuse from its own gateway. Only `undefined` cannot cross JSON: an optional part that is absent goes
 * as `0` (a part) or `null` (a number) and comes back absent, as an object's missing field would.
 */
import type {
  Admission,
  AdmissionRequest,
  LimitRule,
  RefusalReason,
  RuleState,
} from '../gateway/rate-limits/admission.ts'

/** Per rule, its name, key, limit and window, one after another. */
type RulesWire = (string | number)[]

/** Per rule state, its name, limit, what remains and the time to its reset, one after another. */
type StatesWire = (string | number)[]

export type AdmissionRequestWire = [
  now: number | null,
  rules: RulesWire,
  inFlight: [key: string, limit: number, leaseMs: number] | 0,
  quota: [key: string, limit: number, amount: number, floor: number | null] | 0,
  key: [scope: string, keyId: string, epoch: string] | 0,
]

export type AdmissionWire =
  | [admitted: 1, states: StatesWire, inFlightToken: string | null]
  | [admitted: 0, states: StatesWire, reason: RefusalReason, retryAfterMs: number]

export function requestToWire(request: AdmissionRequest): AdmissionRequestWire {
  const { rules, inFlight, quota, key, now } = request
  const wire: RulesWire = []
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!
    wire.push(rule.name, rule.key, rule.limit, rule.windowMs)
  }
  return [
    now ?? null,
    wire,
    inFlight === undefined ? 0 : [inFlight.key, inFlight.limit, inFlight.leaseMs],
    quota === undefined ? 0 : [quota.key, quota.limit, quota.amount, quota.floor ?? null],
    key === undefined ? 0 : [key.scope, key.keyId, key.epoch],
  ]
}

/** The request again, its fields in the order `fetchAdmission` gives them: the store sees one shape. */
export function requestFromWire(wire: AdmissionRequestWire): AdmissionRequest {
  const [now, rulesWire, inFlight, quota, key] = wire
  const rules: LimitRule[] = []
  for (let i = 0; i < rulesWire.length; i += 4) {
    rules.push({
      name: rulesWire[i] as LimitRule['name'],
      key: rulesWire[i + 1] as string,
      limit: rulesWire[i + 2] as number,
      windowMs: rulesWire[i + 3] as number,
    })
  }
  const request: AdmissionRequest = { rules }
  if (inFlight !== 0) request.inFlight = { key: inFlight[0], limit: inFlight[1], leaseMs: inFlight[2] }
  if (quota !== 0) {
    request.quota = { key: quota[0], limit: quota[1], amount: quota[2] as 1 }
    if (quota[3] !== null) request.quota.floor = quota[3]
  }
  if (key !== 0) request.key = { scope: key[0], keyId: key[1], epoch: key[2] }
  if (now !== null) request.now = now
  return request
}

export function admissionToWire(admission: Admission): AdmissionWire {
  const states: StatesWire = []
  for (let i = 0; i < admission.states.length; i++) {
    const state = admission.states[i]!
    states.push(state.name, state.limit, state.remaining, state.resetMs)
  }
  return admission.admitted
    ? [1, states, admission.inFlightToken ?? null]
    : [0, states, admission.reason, admission.retryAfterMs]
}

/** The answer again, its fields in the order `settle` gives them. */
export function admissionFromWire(wire: AdmissionWire): Admission {
  const statesWire = wire[1]
  const states: RuleState[] = []
  for (let i = 0; i < statesWire.length; i += 4) {
    states.push({
      name: statesWire[i] as RuleState['name'],
      limit: statesWire[i + 1] as number,
      remaining: statesWire[i + 2] as number,
      resetMs: statesWire[i + 3] as number,
    })
  }
  if (wire[0] === 0) return { admitted: false, reason: wire[2], retryAfterMs: wire[3], states }
  return wire[2] === null ? { admitted: true, states } : { admitted: true, states, inFlightToken: wire[2] }
}
