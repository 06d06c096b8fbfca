/**
 * Deadlines that all last the same time, as a fetch's deadline, a fetch's time-out on the node and the
 * release of a metering commit's callers do. Started one after the other, they fall due in the order they
 * were started, so one list in that order and one timer for its first do what a timer each did.
 *
 * A timer each cost a fetch more than it seems: at one fetch at a time, the list node keeps for that
 * duration empties when the fetch's timer is cleared, and node deletes it, so the next fetch's
 * `setTimeout` built a new list and put it in node's priority queue, and its `clearTimeout` took it out
 * (about 2.5% of `sallyport dev`'s CPU at one fetch at a time, docs/performance.md). Here a deadline is an
 * entry linked in and out of a list: the timer is armed for the first deadline, stays armed when the list
 * empties (no longer keeping the process alive) and, when it fires, calls what is due and is armed again
 * for the next.
 *
 * A deadline never fires before its time, measured on `performance.now()`; it fires within a millisecond
 * or so of it, as a timer does. The callbacks of deadlines due together run in the order they were
 * started. One that throws is an uncaught exception, as from a timer; the others still run, on the next
 * turn.
 */
import { performance } from 'node:perf_hooks'

export class Deadlines {
  readonly #ms: number
  #first: Deadline | undefined = undefined
  #last: Deadline | undefined = undefined
  /** Keeps the process alive while any deadline is pending, and not once none is. */
  #timer: NodeJS.Timeout | undefined = undefined
  readonly #fire = (): void => this.#due()

  constructor(ms: number) {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`a deadline's duration must be a finite ms >= 0: ${ms}`)
    this.#ms = ms
  }

  /** `expire(subject)` runs `ms` from now, unless the deadline returned is cancelled first. */
  start<T>(expire: (subject: T) => void, subject: T): Deadline {
    const deadline = new Deadline(
      this,
      performance.now() + this.#ms,
      expire as (subject: unknown) => void,
      subject,
    )
    const last = this.#last
    if (last === undefined) this.#first = deadline
    else {
      last.next = deadline
      deadline.previous = last
    }
    this.#last = deadline
    if (this.#timer === undefined) this.#arm(this.#ms)
    else if (!this.#timer.hasRef()) this.#timer.ref()
    return deadline
  }

  /** Deadlines started and neither fired nor cancelled. */
  get pending(): number {
    let count = 0
    for (let deadline = this.#first; deadline !== undefined; deadline = deadline.next) count++
    return count
  }

  /** @internal Takes a pending deadline out of the list (`Deadline.cancel`). */
  remove(deadline: Deadline): void {
    const { previous, next } = deadline
    if (previous === undefined) this.#first = next
    else previous.next = next
    if (next === undefined) this.#last = previous
    else next.previous = previous
    deadline.previous = undefined
    deadline.next = undefined
    if (this.#first === undefined) this.#timer?.unref()
  }

  #arm(delayMs: number): void {
    // A timer fires at whole milliseconds of node's loop time; rounding up never fires early.
    this.#timer = setTimeout(this.#fire, Math.max(1, Math.ceil(delayMs)))
  }

  #due(): void {
    this.#timer = undefined
    const now = performance.now()
    try {
      for (let first = this.#first; first !== undefined && first.at <= now; first = this.#first) {
        first.fire()
      }
    } finally {
      // Those not yet due, and any left by a callback that threw (due now: they run on the next turn).
      const first = this.#first
      if (first !== undefined) this.#arm(first.at - performance.now())
    }
  }
}

/** One pending deadline of a `Deadlines`. */
export class Deadline {
  previous: Deadline | undefined = undefined
  next: Deadline | undefined = undefined
  /** Undefined once it has fired or was cancelled. */
  #owner: Deadlines | undefined
  readonly #expire: (subject: unknown) => void
  readonly #subject: unknown
  /** When it falls due, on `performance.now()`. */
  readonly at: number

  constructor(owner: Deadlines, at: number, expire: (subject: unknown) => void, subject: unknown) {
    this.#owner = owner
    this.at = at
    this.#expire = expire
    this.#subject = subject
  }

  /** The deadline will not fire; nothing when it has fired or was cancelled already. */
  cancel(): void {
    const owner = this.#owner
    if (owner === undefined) return
    this.#owner = undefined
    owner.remove(this)
  }

  /** @internal Taken out of its list, then its callback, once. */
  fire(): void {
    if (this.#owner === undefined) return
    this.cancel()
    this.#expire(this.#subject)
  }
}
