/**
 * One GET to a target on undici's dispatcher API, and its response body. `Pool.request()` wraps every
 * response in a Readable (its own buffering and events, and an AsyncResource per request) that the node
 * then reads whole: about a fifth of the HTTP client's CPU per request, with a 1 KiB body on loopback. Here
 * the body's chunks go straight to whoever reads it: collected whole (an identity body), streamed into the
 * decoders with backpressure (a coded one), or discarded.
 *
 * What a caller sees is what `request()` gave: the same undici errors, rejected before the headers or
 * raised to the body's reader after them; a cancelled signal aborts the request (RequestAbortedError when
 * it has no reason) and its listener is removed once the response ends; destroying an unfinished body
 * aborts it, which closes its connection.
 */
import { Readable } from 'node:stream'
import { errors, type Dispatcher } from 'undici'
import type { CancelSignal } from '../../shared/cancellation.ts'

export type ResponseHeaders = Dispatcher.ResponseData['headers']

export type TargetResponse = { statusCode: number; headers: ResponseHeaders; body: ResponseBody }

/** A response body, read once, one way. */
export type ResponseBody = {
  /** The whole body; `undefined` as soon as it passes `maxBytes` (the request is then aborted). */
  collect(maxBytes: number): Promise<Buffer | undefined>
  /** The body as a stream, paced by its reader. */
  stream(): Readable
  /** Reads and drops the body so its connection can be reused, or aborts once it passes `limit` bytes. */
  dump(limit?: number): Promise<void>
  /** Aborts the request if the body has not ended. */
  destroy(): void
}

type Consumer = { data(chunk: Buffer): void; end(): void; error(error: Error): void }

/** Bytes held for a body nobody reads yet; past them its connection is paused until a reader comes. */
const holdBytes = 64 * 1024
/** undici's own default for `body.dump()`. */
const defaultDumpLimit = 128 * 1024

const ignore: Consumer = { data() {}, end() {}, error() {} }

/**
 * GET `path` on `dispatcher`. Settles with the response once its final headers arrived (1xx answers are
 * skipped), or rejects with undici's error. `onDone` runs once when the exchange is over, however.
 */
export function requestTarget(
  dispatcher: Dispatcher,
  path: string,
  headers: Record<string, string>,
  signal: CancelSignal,
  onDone: () => void,
): Promise<TargetResponse> {
  return new Promise((resolve, reject) => {
    const exchange = new Exchange(signal, onDone, resolve, reject)
    if (signal.aborted) {
      exchange.finish()
      reject(abortReason(signal))
      return
    }
    signal.addEventListener('abort', exchange.onAbort)
    dispatcher.dispatch({ path, method: 'GET', headers }, exchange)
  })
}

function abortReason(signal: CancelSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new errors.RequestAbortedError()
}

class Exchange implements Dispatcher.DispatchHandler, ResponseBody {
  readonly #signal: CancelSignal
  readonly #onDone: () => void
  #resolve: ((response: TargetResponse) => void) | undefined
  #reject: ((error: Error) => void) | undefined
  #controller: Dispatcher.DispatchController | undefined
  #state: 'waiting' | 'body' | 'ended' | 'failed' = 'waiting'
  #error: Error | undefined
  #finished = false
  #consumer: Consumer | undefined
  #held: Buffer[] = []
  #heldBytes = 0

  constructor(
    signal: CancelSignal,
    onDone: () => void,
    resolve: (response: TargetResponse) => void,
    reject: (error: Error) => void,
  ) {
    this.#signal = signal
    this.#onDone = onDone
    this.#resolve = resolve
    this.#reject = reject
  }

  /** The signal's listener; before the request started (queued in its pool) it is aborted on start. */
  readonly onAbort = (): void => {
    this.#controller?.abort(abortReason(this.#signal))
  }

  finish(): void {
    if (this.#finished) return
    this.#finished = true
    this.#signal.removeEventListener('abort', this.onAbort)
    this.#onDone()
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller
    if (this.#signal.aborted) controller.abort(abortReason(this.#signal))
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[]>,
  ): void {
    // An informational answer (100, 103): the final one follows on the same request.
    if (statusCode < 200) return
    const resolve = this.#resolve
    this.#resolve = undefined
    this.#reject = undefined
    this.#state = 'body'
    resolve?.({ statusCode, headers, body: this })
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const consumer = this.#consumer
    if (consumer !== undefined) {
      consumer.data(chunk)
      return
    }
    this.#held.push(chunk)
    this.#heldBytes += chunk.length
    if (this.#heldBytes > holdBytes) controller.pause()
  }

  onResponseEnd(): void {
    if (this.#state !== 'body') return
    this.#state = 'ended'
    this.finish()
    this.#consumer?.end()
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finish()
    const reject = this.#reject
    if (reject !== undefined) {
      this.#resolve = undefined
      this.#reject = undefined
      this.#state = 'failed'
      reject(error)
      return
    }
    if (this.#state !== 'body') return
    this.#state = 'failed'
    this.#error = error
    this.#consumer?.error(error)
  }

  collect(maxBytes: number): Promise<Buffer | undefined> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      let total = 0
      this.#attach({
        data: (chunk) => {
          total += chunk.length
          if (total <= maxBytes) {
            chunks.push(chunk)
            return
          }
          this.destroy()
          resolve(undefined)
        },
        // One copy at most: a single chunk is the body as it is.
        end: () =>
          resolve(chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, total)),
        error: reject,
      })
    })
  }

  stream(): Readable {
    const readable = new Readable({
      read: () => this.#controller?.resume(),
      destroy: (error, callback) => {
        this.destroy()
        callback(error)
      },
    })
    this.#attach({
      data: (chunk) => {
        if (!readable.push(chunk)) this.#controller?.pause()
      },
      end: () => readable.push(null),
      error: (error) => readable.destroy(error),
    })
    return readable
  }

  dump(limit = defaultDumpLimit): Promise<void> {
    return new Promise((resolve) => {
      let total = 0
      this.#attach({
        data: (chunk) => {
          total += chunk.length
          if (total <= limit) return
          this.destroy()
          resolve()
        },
        end: resolve,
        error: () => resolve(),
      })
    })
  }

  destroy(): void {
    // Whatever comes after this (the abort's own error included) goes nowhere.
    this.#consumer = ignore
    this.#held = []
    if (this.#state === 'body') this.#controller?.abort(new errors.RequestAbortedError())
  }

  /** The body's one reader: what was held first, then the rest as it comes. */
  #attach(consumer: Consumer): void {
    if (this.#consumer !== undefined) throw new Error('a response body is read once')
    this.#consumer = consumer
    const held = this.#held
    this.#held = []
    this.#heldBytes = 0
    for (const chunk of held) {
      if (this.#consumer !== consumer) return
      consumer.data(chunk)
    }
    if (this.#consumer !== consumer) return
    if (this.#state === 'ended') consumer.end()
    else if (this.#state === 'failed') consumer.error(this.#error ?? new errors.RequestAbortedError())
    else if (held.length > 0) this.#controller?.resume()
  }
}
