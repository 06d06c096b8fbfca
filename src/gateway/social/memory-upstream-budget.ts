/**
 * The in-process twin of the upstream budget store (the embedded default, `sallyport dev`: one gateway).
 * `take` runs to completion without awaiting, so it is atomic within the process; it says nothing about
 * other processes. Lanes are few (networks and instances times egress addresses), so they are kept.
 */
import {
  mergeRemaining,
  type BudgetLane,
  type BudgetObservation,
  type BudgetPolicy,
  type UpstreamBudgetStore,
  type Verdict,
} from './upstream-budget.ts'

type LaneState = {
  /** Admission times inside the window, oldest first. */
  log: number[]
  /** The upstream's own count with its reset, counted down locally between its answers. */
  upstream: { remaining: number; resetAt: number } | undefined
  blockedUntil: number
}

export type MemoryUpstreamBudget = UpstreamBudgetStore & {
  /** Every lane held, as `upstream@egress` (for tests). */
  lanes(): string[]
}

export function createMemoryUpstreamBudget(): MemoryUpstreamBudget {
  const lanes = new Map<string, LaneState>()

  function lane({ upstream, egress }: BudgetLane): LaneState {
    const key = `${upstream}@${egress}`
    let found = lanes.get(key)
    if (found === undefined) {
      found = { log: [], upstream: undefined, blockedUntil: 0 }
      lanes.set(key, found)
    }
    return found
  }

  function take(at: BudgetLane, { limit, windowMs }: BudgetPolicy, now: number): Verdict {
    const state = lane(at)
    if (state.blockedUntil > now) return { ok: false, retryAfterMs: state.blockedUntil - now }
    const { log } = state
    // An entry exactly windowMs old has left the window.
    while (log.length > 0 && log[0]! <= now - windowMs) log.shift()
    if (log.length >= limit) {
      // The entry whose departure brings the count under the limit.
      return { ok: false, retryAfterMs: log[log.length - limit]! + windowMs - now }
    }
    if (state.upstream !== undefined && state.upstream.resetAt <= now) state.upstream = undefined
    if (state.upstream !== undefined && state.upstream.remaining <= 0) {
      return { ok: false, retryAfterMs: state.upstream.resetAt - now }
    }
    // Sorted, even when the clock stepped back.
    let index = log.length
    while (index > 0 && log[index - 1]! > now) index--
    log.splice(index, 0, now)
    if (state.upstream !== undefined) state.upstream.remaining--
    return { ok: true }
  }

  function observe(at: BudgetLane, observation: BudgetObservation, now: number): void {
    const state = lane(at)
    const { remaining, resetAt, blockedUntil } = observation
    if (remaining !== undefined && resetAt !== undefined && resetAt > now) {
      state.upstream = mergeRemaining(state.upstream, { remaining, resetAt }, now)
    }
    if (blockedUntil !== undefined) state.blockedUntil = Math.max(state.blockedUntil, blockedUntil)
  }

  let closed = false
  const open = () => {
    if (closed) throw new Error('upstream budget: the store is closed')
  }

  return {
    take: async (at, policy, now) => {
      open()
      return take(at, policy, now)
    },
    observe: async (at, observation, now) => {
      open()
      observe(at, observation, now)
    },
    close: async () => {
      closed = true
    },
    lanes: () => [...lanes.keys()],
  }
}
