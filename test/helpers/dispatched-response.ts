// Plays undici's side of a dispatch handler for unit tests of `TargetResponse`: a controller that records
// pauses and aborts and, as undici does, answers an abort with `onResponseError`.
import type { Dispatcher } from 'undici'
import type { CancelSignal } from '../../src/shared/cancellation.ts'
import { TargetResponse } from '../../src/node/fetching/target-response.ts'

export type FakeController = Dispatcher.DispatchController & {
  paused: boolean
  aborts: Error[]
  pauses: number
  resumes: number
}

export type Dispatched = {
  response: TargetResponse
  controller: FakeController
  /** Settles as `pools.request` would: with the response at its headers, or undici's error. */
  started: Promise<TargetResponse>
  settled: () => number
}

export function dispatched(options: { signal?: CancelSignal; maxHeaderBytes?: number } = {}): Dispatched {
  let settledCount = 0
  let resolveStart!: (response: TargetResponse) => void
  let rejectStart!: (error: Error) => void
  const started = new Promise<TargetResponse>((resolve, reject) => {
    resolveStart = resolve
    rejectStart = reject
  })
  started.catch(() => {})
  const response = new TargetResponse(
    resolveStart,
    rejectStart,
    options.signal,
    options.maxHeaderBytes ?? 64 * 1024,
    () => settledCount++,
  )
  let ended = false
  const controller: FakeController = {
    aborts: [],
    pauses: 0,
    resumes: 0,
    get aborted() {
      return this.aborts.length > 0
    },
    paused: false,
    get reason() {
      return this.aborts[0] ?? null
    },
    abort(reason: Error) {
      this.aborts.push(reason)
      if (ended) return
      ended = true
      response.onResponseError(controller, reason)
    },
    pause() {
      this.paused = true
      this.pauses++
    },
    resume() {
      this.paused = false
      this.resumes++
    },
  }
  return { response, controller, started, settled: () => settledCount }
}

/** A 200 response whose body arrives in `pieces`, all of it before anyone reads. */
export function arrivedWhole(...pieces: Buffer[]): Dispatched {
  const call = dispatched()
  call.response.onRequestStart(call.controller)
  call.response.onResponseStart(call.controller, 200, {})
  for (const piece of pieces) call.response.onResponseData(call.controller, piece)
  call.response.onResponseEnd()
  return call
}
