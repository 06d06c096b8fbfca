/**
 * The scheduled purge (docs/accounts.md, "Housekeeping"): every hour each gateway deletes mailed links that
 * expired or were used, trial accounts whose address was never confirmed within 7 days (and that hold no
 * live link), and throttle events older than a day (no throttle window is longer than an hour). Every
 * statement is a DELETE by time, so several gateways running it at once, or one running it twice, remove
 * each row once and nothing more: no leader, no lock.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../shared/clock.ts'
import type { AttemptStore } from '../throttles/attempt-store.ts'
import type { AccountRepository } from './account-repository.ts'

export type PurgePolicy = {
  intervalMs: number
  /** An account still unconfirmed this long after sign-up is deleted. */
  unverifiedAfterMs: number
  /** Throttle events older than this are forgotten; longer than every throttle window. */
  attemptsAfterMs: number
}

const hour = 60 * 60_000
const day = 24 * hour

export const defaultPurgePolicy: PurgePolicy = {
  intervalMs: hour,
  unverifiedAfterMs: 7 * day,
  attemptsAfterMs: day,
}

export type PurgeCounts = { tokens: number; accounts: number }

/** Calls `run` every `intervalMs` until the answer is called; tests step it by hand. */
export type Repeat = (run: () => void, intervalMs: number) => () => void

/** A timer that never keeps the process alive. */
const everyInterval: Repeat = (run, intervalMs) => {
  const timer = setInterval(run, intervalMs).unref()
  return () => clearInterval(timer)
}

type Deps = {
  repo: Pick<AccountRepository, 'purge'>
  attempts: Pick<AttemptStore, 'prune'>
  clock: Clock
  log: Pick<Logger, 'info' | 'warn'>
  policy?: PurgePolicy | undefined
  repeat?: Repeat
}

export function createAccountPurge({
  repo,
  attempts,
  clock,
  log,
  policy = defaultPurgePolicy,
  repeat = everyInterval,
}: Deps) {
  let cancel: (() => void) | undefined
  let running: Promise<unknown> | undefined

  async function runOnce(): Promise<PurgeCounts> {
    const now = clock.now()
    const counts = await repo.purge(now, now - policy.unverifiedAfterMs)
    await attempts.prune(now - policy.attemptsAfterMs)
    if (counts.tokens > 0 || counts.accounts > 0) {
      log.info(
        { tokens: counts.tokens, accounts: counts.accounts },
        'expired links and stale sign-ups purged',
      )
    }
    return counts
  }

  /** One run now (a failure is logged; the next interval tries again), then one every interval. */
  function tick(): void {
    if (running !== undefined) return
    running = runOnce()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'account purge failed; retried at the next interval'),
      )
      .finally(() => (running = undefined))
  }

  /** Runs once at start, then every interval; the timer never keeps the process alive. */
  function start(): void {
    if (cancel !== undefined) return
    tick()
    cancel = repeat(tick, policy.intervalMs)
  }

  /** Waits for the run in progress, if any, to end (a failed one included). */
  async function settled(): Promise<void> {
    await running
  }

  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  async function stop(): Promise<void> {
    cancel?.()
    cancel = undefined
    await settled()
  }

  return { start, stop, settled, runOnce, policy }
}

export type AccountPurge = ReturnType<typeof createAccountPurge>
