/**
 * The fleet link (ADR 0016): one long-lived connection from a gateway to an egress node that carries many
 * fetch jobs at once, in frames, instead of one HTTP request and answer per job. A gateway opens it with a
 * signed `GET /fleet/v1/link` asking to upgrade to `sallyport-fleet-link/1`; the node answers 101 and
 * both sides then speak frames on the socket. The upgrade is the link's authentication: it is a fleet call
 * like any other (HMAC, timestamp, nonce; DESIGN 1), and the node speaks frames only on a socket whose
 * upgrade it accepted.
 *
 * A frame is a 9-byte head (payload length, job id, both uint32 little-endian; the frame's type, a byte)
 * and its payload. Jobs and answers of one event-loop turn leave in one socket write, so at load a batch
 * of jobs costs one write and one wake-up on each side, where HTTP cost one of each per job.
 */
import { Buffer } from 'node:buffer'
import type { Socket } from 'node:net'
import { giveBack, minPooledBytes, takeBuffer } from './buffer-pool.ts'
import { atTurnEnd, createTurnCork } from './turn-cork.ts'

export const linkProtocol = 'sallyport-fleet-link/1'

/** Gateway to node. */
export const jobFrame = {
  /** A fetch job: its JSON (fleet-contract's FetchJob). */
  job: 1,
  /** The gateway gave up on the job (its caller left, or its deadline passed): stop fetching. */
  cancel: 2,
} as const

/** Node to gateway: the answer to a job, by the job's id. */
export const answerFrame = {
  /** The envelope JSON, as the HTTP route's `x-fleet-outcome: envelope` body. */
  envelope: 1,
  /** A TargetRefusal's JSON. */
  refused: 2,
  /** A NodeRedirect's JSON (a job with `hop` only). */
  redirect: 3,
  /** More bytes of this job's answer follow: a large answer is sent in parts (`answerPartBytes`). */
  part: 4,
  /** The node could not serve the job (a bad job, the node shutting down, an internal error): fail over. */
  failed: 5,
  /**
   * The operator drained the node (`admin drain-node`): it takes no new job. Not a failure: the gateway
   * learns the drain before its next probe and sends the job elsewhere. No payload.
   */
  drained: 6,
} as const

export const frameHeadBytes = 9

/**
 * A large answer is written in parts of this size, so that it does not hold every other job's answer on the
 * link behind it while it crosses the network: answers of other jobs go between its parts.
 */
export const answerPartBytes = 64 * 1024

/**
 * The node writes the next part of a large answer while less than this waits in the link's socket buffer,
 * else once it drained: what another job's answer may wait behind, at most, on top of the kernel's own
 * send buffer. An answer under it leaves in one write, as fast as one HTTP answer (at 1 MiB, a bound of
 * 256 KiB took the topology from 67 to 63 fetches a second at c=1: docs/performance.md).
 */
export const maxQueuedAnswerBytes = 2 * 1024 * 1024

/** A job frame's largest payload (as the HTTP route's body limit, fleet-fetch-route.ts). */
export const maxJobFrameBytes = 1024 * 1024

/** An answer frame's largest payload: a part, or a whole answer of up to a 10 MiB body in base64. */
export const maxAnswerFrameBytes = 64 * 1024 * 1024

export class LinkProtocolError extends Error {
  override name = 'LinkProtocolError'
}

/**
 * Cuts a byte stream into frames. A frame's payload comes as views on the chunks it arrived in, in order,
 * never copied here: whoever needs it in one piece joins it (`joinPayload`), once, when it is complete. A
 * buffer allocated when a large frame starts and filled over several turns would live through the
 * scavenges that the arriving chunks cause, get promoted, and make V8 run full collections for its
 * memory: at 1 MiB answers, most of a gateway's time.
 */
export class FrameReader {
  /** The head of the next frame while fewer than its 9 bytes have arrived. */
  readonly #head = Buffer.alloc(frameHeadBytes)
  #headFilled = 0
  #type = -1
  #id = 0
  /** The frame being read: its length (-1 between frames) and the views on what arrived of it. */
  #length = -1
  #views: Buffer[] = []
  #arrived = 0
  readonly #maxPayload: number
  readonly #onFrame: FrameHandler

  constructor(maxPayload: number, onFrame: FrameHandler) {
    this.#maxPayload = maxPayload
    this.#onFrame = onFrame
  }

  /** Takes the next chunk; throws a LinkProtocolError for a frame over the size limit. */
  push(chunk: Buffer): void {
    let at = 0
    while (at < chunk.length) {
      if (this.#length === -1) {
        if (this.#headFilled === 0 && chunk.length - at >= frameHeadBytes) {
          this.#readHead(chunk, at)
          at += frameHeadBytes
        } else {
          const used = Math.min(frameHeadBytes - this.#headFilled, chunk.length - at)
          chunk.copy(this.#head, this.#headFilled, at, at + used)
          this.#headFilled += used
          at += used
          if (this.#headFilled < frameHeadBytes) return
          this.#headFilled = 0
          this.#readHead(this.#head, 0)
        }
        if (this.#length === -1) continue
      }
      const used = Math.min(this.#length - this.#arrived, chunk.length - at)
      if (used > 0) this.#views.push(chunk.subarray(at, at + used))
      this.#arrived += used
      at += used
      if (this.#arrived < this.#length) return
      const views = this.#views
      const length = this.#length
      this.#views = []
      this.#arrived = 0
      this.#length = -1
      this.#onFrame(this.#type, this.#id, views, length)
    }
  }

  #readHead(buffer: Buffer, at: number): void {
    const length = buffer.readUInt32LE(at)
    if (length > this.#maxPayload) {
      throw new LinkProtocolError(`a frame of ${length} bytes is over the limit of ${this.#maxPayload}`)
    }
    this.#id = buffer.readUInt32LE(at + 4)
    this.#type = buffer[at + 8]!
    this.#length = length
    // A frame without a payload is complete with its head.
    if (length === 0) {
      this.#length = -1
      this.#onFrame(this.#type, this.#id, [], 0)
    }
  }
}

/** A frame's payload, as views on the chunks it arrived in (FrameReader). */
export type FrameHandler = (type: number, id: number, views: readonly Buffer[], length: number) => void

/**
 * A payload in one piece: the view itself when it arrived in one chunk, else one copy, into a pooled
 * buffer when it is large (an envelope in parts: its writer gives it back, buffer-pool.ts).
 */
export function joinPayload(views: readonly Buffer[], length: number): Buffer {
  if (views.length === 1) return views[0]!
  if (length < minPooledBytes) return Buffer.concat(views, length)
  const joined = takeBuffer(length)
  let at = 0
  for (const view of views) at += view.copy(joined, at)
  return joined.subarray(0, length)
}

export type FrameWriter = {
  /**
   * Queues a frame; it leaves with the other frames of this turn. A payload of up to `copiedPayloadBytes` is
   * copied at once (the caller may use its buffer again); a larger one is written as it is, and counts in
   * the socket's `writableLength` from this call. `written` is called once a payload is in the kernel, not
   * if the link closes first.
   */
  write(type: number, id: number, payload?: Buffer | string, written?: () => void): void
  /** Ends the socket once the frames queued so far are written. */
  end(): void
}

const noPayload = Buffer.alloc(0)

/**
 * A frame whose payload is at most this long is copied into its turn's one buffer; a larger one (a part of
 * a large answer) is handed to the socket as it is, without a copy.
 */
export const copiedPayloadBytes = 16 * 1024

function writeHead(into: Buffer, at: number, length: number, id: number, type: number): void {
  into.writeUInt32LE(length, at)
  into.writeUInt32LE(id, at + 4)
  into[at + 8] = type
}

/**
 * Writes frames to `socket`, those of one turn in one write (turn-cork.ts). The small frames of a turn,
 * heads and payloads, go one after another into one buffer, handed to the socket once at the turn's end:
 * one socket write a turn instead of two a frame, and no buffer of its own for each head and each string.
 * Only a turn with a large payload corks the socket, so that its pieces still leave together.
 */
export function createFrameWriter(socket: Socket): FrameWriter {
  const cork = createTurnCork()
  /** The turn's frames so far, in `turn[0, used)`: a buffer of the pool (buffer-pool.ts), used again. */
  let turn: Buffer | undefined
  let used = 0
  let writtenCallbacks: (() => void)[] | undefined

  /** The turn's buffer, with room for `bytes` more. */
  function room(bytes: number): Buffer {
    const needed = used + bytes
    if (turn === undefined) {
      turn = takeBuffer(Math.max(minPooledBytes, needed))
      atTurnEnd(flush)
    } else if (turn.length < needed) {
      const grown = takeBuffer(2 * needed)
      turn.copy(grown, 0, 0, used)
      giveBack(turn)
      turn = grown
    }
    return turn
  }

  /** Hands the turn's frames so far to the socket, before anything written after. */
  function flush(): void {
    const buffer = turn
    if (buffer === undefined) return
    const length = used
    const callbacks = writtenCallbacks
    turn = undefined
    used = 0
    writtenCallbacks = undefined
    if (socket.destroyed || socket.writableEnded) return giveBack(buffer)
    socket.write(buffer.subarray(0, length), (error) => {
      if (error != null) return
      giveBack(buffer)
      if (callbacks !== undefined) for (const written of callbacks) written()
    })
  }

  return {
    write(type, id, payload = noPayload, written) {
      if (socket.destroyed || socket.writableEnded) return
      // A string's UTF-8 takes at most three bytes per UTF-16 unit.
      const most = typeof payload === 'string' ? payload.length * 3 : payload.length
      if (most <= copiedPayloadBytes) {
        const into = room(frameHeadBytes + most)
        const at = used + frameHeadBytes
        const length = typeof payload === 'string' ? into.write(payload, at, 'utf8') : payload.copy(into, at)
        writeHead(into, used, length, id, type)
        used = at + length
        if (written !== undefined) (writtenCallbacks ??= []).push(written)
        return
      }
      // Corked until the turn's end: the frames before it, its head and its payload leave in one writev.
      cork(socket)
      flush()
      const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload
      const head = Buffer.allocUnsafe(frameHeadBytes)
      writeHead(head, 0, body.length, id, type)
      socket.write(head)
      if (written === undefined) socket.write(body)
      else socket.write(body, (error) => error == null && written())
    },
    end() {
      flush()
      socket.end()
    },
  }
}
