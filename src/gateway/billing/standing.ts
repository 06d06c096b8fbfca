/**
 * Whether an account may start a billable fetch right now, and whether the trial allowance applies.
 * The fetch path asks this before admission; billing owns the answer (plans, trial period, spend cap).
 */
export type PlanId = 'trial' | 'entry' | 'growth' | 'scale'

export type Standing = {
  plan: PlanId
  /** The trial's 1,000-request allowance applies: admission takes one from the account's trial quota. */
  trialQuota: boolean
  /**
   * On a trial: the billable requests the usage ledger holds for it (read at most `cacheMs` ago). Admission
   * counts the trial from at least this, so a lost counter (a restarted `dev`, a Redis that kept nothing)
   * never grants the allowance twice.
   */
  trialUsed?: number
}

export type StandingService = {
  /**
   * The standing, or a promise of it; refusals reject with AppError `trial_expired` (trial over by time, no
   * paid plan) or `spend_cap_reached` (one more billable request would pass the account's own monthly cap),
   * never a synchronous throw. An account whose standing is known in memory is answered at once, without a
   * promise, so the fetch does not wait a turn of the microtask queue for it.
   */
  standingFor(accountId: string, now: number): Standing | Promise<Standing>
}
