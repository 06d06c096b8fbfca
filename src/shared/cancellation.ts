/**
 * What cancels one fetch: its deadline or its caller's going away. A fetch made one AbortController for
 * that, and creating its AbortSignal (an EventTarget) and listening on it cost about 4% of a fetch's CPU in
 * the profile of `sallyport dev`, for a signal that almost never fires.
 *
 * `Cancellation` is the part of an AbortSignal the fetch path uses, and no more: `aborted`, `reason` and
 * abort listeners. undici takes it as a request's signal (it needs `addEventListener` and
 * `removeEventListener`), and an AbortSignal fits `CancelSignal`, so callers may pass either.
 */
export type CancelSignal = {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

export class Cancellation implements CancelSignal {
  aborted = false
  reason: unknown = undefined
  /** Most fetches have one or two listeners at a time; an array beats a Set at that size. */
  #listeners: Array<() => void> = []

  /** The first call wins; every listener runs once, in the order it was added. */
  abort(reason?: unknown): void {
    if (this.aborted) return
    this.aborted = true
    this.reason = reason
    const listeners = this.#listeners
    this.#listeners = []
    for (const listener of listeners) listener()
  }

  /** As on an AbortSignal: a listener runs at most once, and one added after the abort never runs. */
  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.#listeners.push(listener)
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const index = this.#listeners.indexOf(listener)
    if (index !== -1) this.#listeners.splice(index, 1)
  }

  /** Listeners waiting for the abort: a fetch that ended leaves none behind. */
  listenerCount(): number {
    return this.#listeners.length
  }
}
