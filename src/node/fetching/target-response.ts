/**
 * One target response, taken from undici's dispatcher by a handler of our own instead of `request()`:
 * `request()` wraps every response body in a Readable stream (its state, buffering, events) and runs its
 * callbacks in an async resource, and a body of a few KiB, read whole, needs none of that. The body's
 * chunks are kept as they come until the fetcher says what to do with them: keep them under a cap
 * (`collect`), read them as a stream for the content decoders (`stream`), or drop them (`dump`).
 *
 * Same outcomes as `request()`: the promise settles with the status and headers (header names in lower
 * case, a repeated header as an array), or rejects with undici's error; a body read fails with the error
 * that ended the response, the signal's abort included; a body left unread past its limit closes the
 * connection, one read to its end leaves the connection to be reused.
 */
import { Readable } from 'node:stream'
import { errors, type Dispatcher } from 'undici'
import type { CancelSignal } from '../../shared/cancellation.ts'
import { headerBlockOver, type ResponseHeaders } from './response-headers.ts'

/**
 * A body read whole: its chunks as they came, in order, and their total length; or too large (the
 * connection dropped). The chunks are not joined: the envelope is written from them (envelope-json.ts),
 * and joining a 1 MiB body was a copy and a buffer for the collector on every fetch.
 */
export type BodyRead = { ok: true; chunks: Buffer[]; length: number } | { ok: false; reason: 'too_large' }

export const tooLarge: BodyRead = { ok: false, reason: 'too_large' }

/**
 * What the body is read for, once the fetcher has looked at the headers; `none` until then, its chunks kept
 * until a reader comes (the headers and a small body come in one read of the socket).
 */
type Reader = 'none' | 'collect' | 'stream' | 'dump'

type Phase = 'headers' | 'body' | 'ended' | 'failed'

/** Bytes a dump reads and drops before it closes the connection instead (undici's default too). */
const defaultDumpLimit = 128 * 1024

export class TargetResponse implements Dispatcher.DispatchHandler {
  statusCode = 0
  headers: ResponseHeaders = {}
  #phase: Phase = 'headers'
  #controller: Dispatcher.DispatchController | undefined
  #resolve: ((response: TargetResponse) => void) | undefined
  #reject: ((error: Error) => void) | undefined
  #signal: CancelSignal | undefined
  readonly #onAbort = () => this.#abort(abortReason(this.#signal))
  readonly #maxHeaderBytes: number
  readonly #onSettled: () => void
  #error: Error | undefined
  #reader: Reader = 'none'
  #chunks: Buffer[] = []
  #length = 0
  #limit = 0
  #collected: { resolve: (read: BodyRead) => void; reject: (error: Error) => void } | undefined
  #readable: Readable | undefined

  /**
   * `maxHeaderBytes`: a header block over it (names and values) fails the response with undici's
   * HeadersOverflowError; undici caps HTTP/1.1 while parsing, HTTP/2 headers arrive whole and are
   * measured here. `onSettled` runs once the response has ended or failed.
   */
  constructor(
    resolve: (response: TargetResponse) => void,
    reject: (error: Error) => void,
    signal: CancelSignal | undefined,
    maxHeaderBytes: number,
    onSettled: () => void,
  ) {
    this.#resolve = resolve
    this.#reject = reject
    this.#maxHeaderBytes = maxHeaderBytes
    this.#onSettled = onSettled
    if (signal !== undefined && !signal.aborted) {
      this.#signal = signal
      signal.addEventListener('abort', this.#onAbort)
    } else if (signal !== undefined) {
      this.#error = abortReason(signal)
    }
  }

  // The dispatcher's side.

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller
    // Aborted before undici started it (queued behind busy connections): it is abandoned now.
    if (this.#error !== undefined && this.#phase === 'headers') controller.abort(this.#error)
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: ResponseHeaders,
  ): void {
    // 1xx: informational, the response is still to come.
    if (statusCode < 200 || this.#phase !== 'headers') return
    if (headerBlockOver(headers, this.#maxHeaderBytes)) {
      controller.abort(new errors.HeadersOverflowError())
      return
    }
    this.#phase = 'body'
    this.statusCode = statusCode
    this.headers = headers
    const resolve = this.#resolve
    this.#resolve = undefined
    this.#reject = undefined
    resolve?.(this)
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#phase !== 'body') return
    switch (this.#reader) {
      case 'none':
        this.#chunks.push(chunk)
        this.#length += chunk.length
        return
      case 'collect':
        this.#length += chunk.length
        if (this.#length <= this.#limit) this.#chunks.push(chunk)
        else this.#collectTooLarge()
        return
      case 'stream':
        if (!this.#readable!.push(chunk)) controller.pause()
        return
      case 'dump':
        this.#length += chunk.length
        if (this.#length > this.#limit) this.#abort(new errors.RequestAbortedError())
        return
    }
  }

  onResponseEnd(): void {
    if (this.#phase !== 'body') return
    this.#phase = 'ended'
    this.#settle()
    if (this.#reader === 'collect') this.#finishCollect()
    else if (this.#reader === 'stream') this.#readable!.push(null)
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.#phase === 'ended' || this.#phase === 'failed') return
    const beforeHeaders = this.#phase === 'headers'
    this.#phase = 'failed'
    this.#error = error
    this.#chunks = []
    this.#settle()
    if (beforeHeaders) {
      const reject = this.#reject
      this.#resolve = undefined
      this.#reject = undefined
      reject?.(error)
      return
    }
    if (this.#reader === 'collect') this.#collected!.reject(error)
    else if (this.#reader === 'stream') this.#readable!.destroy(error)
  }

  // The fetcher's side, once the headers are in. Each response is read one way, once.

  /** The body whole, in the chunks it came in; too_large, and the connection dropped, past `maxBytes`. */
  collect(maxBytes: number): Promise<BodyRead> {
    this.#take('collect')
    this.#limit = maxBytes
    return new Promise((resolve, reject) => {
      this.#collected = { resolve, reject }
      if (this.#phase === 'failed') reject(this.#error!)
      else if (this.#length > maxBytes) this.#collectTooLarge()
      else if (this.#phase === 'ended') this.#finishCollect()
    })
  }

  /**
   * The body as a stream, with backpressure: the connection is read no faster than the stream is. Destroying
   * the stream before its end aborts the response, which closes the connection.
   */
  stream(): Readable {
    this.#take('stream')
    const readable = new Readable({
      read: () => this.#controller?.resume(),
      destroy: (error, callback) => {
        if (this.#phase === 'body') this.#abort(error ?? new errors.RequestAbortedError())
        callback(error)
      },
    })
    this.#readable = readable
    const buffered = this.#chunks
    this.#chunks = []
    for (const chunk of buffered) readable.push(chunk)
    if (this.#phase === 'ended') readable.push(null)
    else if (this.#phase === 'failed') readable.destroy(this.#error)
    return readable
  }

  /**
   * Reads the body and drops it, so the connection can be reused; a body declared or found longer than
   * `limit` bytes is not read on: the connection is closed instead.
   */
  dump(limit = defaultDumpLimit): void {
    this.#take('dump')
    this.#limit = limit
    this.#chunks = []
    const declared = this.headers['content-length']
    if (this.#length > limit || (typeof declared === 'string' && Number(declared) > limit)) {
      this.#abort(new errors.RequestAbortedError())
    }
  }

  /** Stops reading the body (it is not wanted): the connection is closed. */
  destroy(): void {
    this.#take('dump')
    this.#chunks = []
    this.#abort(new errors.RequestAbortedError())
  }

  #take(reader: Reader): void {
    if (this.#reader !== 'none') throw new Error('a target response body is read once')
    this.#reader = reader
  }

  #collectTooLarge(): void {
    this.#chunks = []
    this.#collected!.resolve(tooLarge)
    this.#reader = 'dump'
    this.#abort(new errors.RequestAbortedError())
  }

  #finishCollect(): void {
    const chunks = this.#chunks
    this.#chunks = []
    this.#collected!.resolve({ ok: true, chunks, length: this.#length })
  }

  /** Ends the request unless it is over: undici closes its connection and calls onResponseError. */
  #abort(reason: Error): void {
    if (this.#phase === 'ended' || this.#phase === 'failed') return
    if (this.#controller === undefined) {
      // Not started yet: onRequestStart aborts it.
      this.#error = reason
      return
    }
    this.#controller.abort(reason)
  }

  #settle(): void {
    this.#signal?.removeEventListener('abort', this.#onAbort)
    this.#signal = undefined
    this.#onSettled()
  }
}

function abortReason(signal: CancelSignal | undefined): Error {
  const reason = signal?.reason
  return reason instanceof Error ? reason : new errors.RequestAbortedError()
}
