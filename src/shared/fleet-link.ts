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
import type { Socket } from 'node:net'

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
} as const

export const frameHeadBytes = 9

/**
 * A large answer is written in parts of this size, each after the socket drained, so that it does not hold
 * every other job's answer on the link behind it while it crosses the network.
 */
export const answerPartBytes = 64 * 1024

/** A job frame's largest payload (as the HTTP route's body limit, fleet-fetch-route.ts). */
export const maxJobFrameBytes = 1024 * 1024

/** An answer frame's largest payload: a part, or a whole answer of up to a 10 MiB body in base64. */
export const maxAnswerFrameBytes = 64 * 1024 * 1024

export class LinkProtocolError extends Error {
  override name = 'LinkProtocolError'
}

/**
 * Cuts a byte stream into frames. A frame's payload is a view on the chunk it arrived in when it fits in
 * one, else one copy of its parts: a large frame is not concatenated chunk by chunk.
 */
export class FrameReader {
  #queue: Buffer[] = []
  #queued = 0
  #type = -1
  #id = 0
  #length = -1
  readonly #maxPayload: number
  readonly #onFrame: (type: number, id: number, payload: Buffer) => void

  constructor(maxPayload: number, onFrame: (type: number, id: number, payload: Buffer) => void) {
    this.#maxPayload = maxPayload
    this.#onFrame = onFrame
  }

  /** Takes the next chunk; throws a LinkProtocolError for a frame over the size limit. */
  push(chunk: Buffer): void {
    this.#queue.push(chunk)
    this.#queued += chunk.length
    for (;;) {
      if (this.#length === -1) {
        if (this.#queued < frameHeadBytes) return
        const head = this.#take(frameHeadBytes)
        const length = head.readUInt32LE(0)
        if (length > this.#maxPayload) {
          throw new LinkProtocolError(`a frame of ${length} bytes is over the limit of ${this.#maxPayload}`)
        }
        this.#id = head.readUInt32LE(4)
        this.#type = head[8]!
        this.#length = length
      }
      if (this.#queued < this.#length) return
      const payload = this.#take(this.#length)
      this.#length = -1
      this.#onFrame(this.#type, this.#id, payload)
    }
  }

  #take(bytes: number): Buffer {
    this.#queued -= bytes
    const first = this.#queue[0]
    if (first === undefined) return Buffer.alloc(0)
    if (first.length >= bytes) {
      if (first.length === bytes) this.#queue.shift()
      else this.#queue[0] = first.subarray(bytes)
      return first.subarray(0, bytes)
    }
    const out = Buffer.allocUnsafe(bytes)
    let at = 0
    while (at < bytes) {
      const chunk = this.#queue[0]!
      const used = Math.min(chunk.length, bytes - at)
      chunk.copy(out, at, 0, used)
      at += used
      if (used === chunk.length) this.#queue.shift()
      else this.#queue[0] = chunk.subarray(used)
    }
    return out
  }
}

export type FrameWriter = {
  /** Queues a frame; false when the socket's buffer is full (wait for 'drain' before writing much more). */
  write(type: number, id: number, payload?: Buffer | string): boolean
}

const noPayload = Buffer.alloc(0)

/**
 * Writes frames to `socket`, corked from a turn's first frame until the turn's callbacks have run
 * (setImmediate), so the frames of one turn leave in one write (as the gateway's Redis commands do:
 * src/infra/redis/redis-connection.ts).
 */
export function createFrameWriter(socket: Socket): FrameWriter {
  let corked = false
  const uncork = () => {
    corked = false
    socket.uncork()
  }
  return {
    write(type, id, payload = noPayload) {
      if (socket.destroyed || socket.writableEnded) return false
      if (!corked) {
        corked = true
        socket.cork()
        setImmediate(uncork)
      }
      const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload
      const head = Buffer.allocUnsafe(frameHeadBytes)
      head.writeUInt32LE(body.length, 0)
      head.writeUInt32LE(id, 4)
      head[8] = type
      socket.write(head)
      return body.length === 0 ? !socket.writableNeedDrain : socket.write(body)
    },
  }
}
