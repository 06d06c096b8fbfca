/**
 * The gateway's end of a fleet link to one node (src/shared/fleet-link.ts, ADR 0016): fetch jobs in
 * frames on one connection, answered by id in any order. What a job's caller sees is what the HTTP call
 * gave (node-client.ts): the node's answer, the signal's reason when the caller gave up, or a NodeFailure
 * when the node could not serve: the link closed under the job (the node crashed, was killed, or reset
 * the connection), the node answered `failed`, or no answer came within the job's time-out.
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Socket } from 'node:net'
import type { CancelSignal } from '../../shared/cancellation.ts'
import { fleetPaths, signFleetCall } from '../../shared/fleet-contract.ts'
import {
  answerFrame,
  createFrameWriter,
  FrameReader,
  joinPayload,
  jobFrame,
  linkProtocol,
  maxAnswerFrameBytes,
  type FrameWriter,
} from '../../shared/fleet-link.ts'
import { abortReason, NodeFailure } from './node-failure.ts'

export type LinkOutcome = 'envelope' | 'refused' | 'redirect' | 'drained'

export type LinkAnswer = { outcome: LinkOutcome; payload: Buffer }

/** The node does not speak the link (it answered the upgrade with anything but 101): use HTTP calls. */
export class LinkRefused extends Error {
  override name = 'LinkRefused'
  readonly status: number
  constructor(status: number) {
    super(`the node answered ${status} to the fleet link's upgrade`)
    this.status = status
  }
}

type Pending = {
  resolve: (answer: LinkAnswer) => void
  reject: (error: unknown) => void
  /** The answer's parts so far, as views on the chunks they arrived in: joined once, at its last frame. */
  parts: Buffer[] | undefined
  partsLength: number
  deadline: number
  signal: CancelSignal | undefined
  onAbort: (() => void) | undefined
}

const outcomes: Record<number, LinkOutcome | undefined> = {
  [answerFrame.envelope]: 'envelope',
  [answerFrame.refused]: 'refused',
  [answerFrame.redirect]: 'redirect',
  [answerFrame.drained]: 'drained',
}

/** Ids are uint32; a link that used them all is closed and another opened. */
const lastId = 0xffff_ffff

export class NodeLink {
  readonly #socket: Socket
  readonly #writer: FrameWriter
  readonly #pending = new Map<number, Pending>()
  readonly #sweep: NodeJS.Timeout
  #nextId = 1
  #closed = false
  /** Called once when the link closes, for whatever reason. */
  onClose: (() => void) | undefined

  constructor(socket: Socket, head: Buffer) {
    this.#socket = socket
    this.#writer = createFrameWriter(socket)
    socket.setNoDelay(true)
    socket.setTimeout(0)
    socket.setKeepAlive(true, 10_000)
    const reader = new FrameReader(maxAnswerFrameBytes, (type, id, views, length) =>
      this.#answer(type, id, views, length),
    )
    socket.on('data', (chunk: Buffer) => {
      try {
        reader.push(chunk)
      } catch (error) {
        this.#close(`the node broke the link's protocol: ${(error as Error).message}`)
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => this.#close(error.code ?? error.message))
    socket.on('close', () => this.#close('the link closed'))
    // Jobs past their time-out, once a second: no timer per job.
    this.#sweep = setInterval(() => this.#expire(), 1000)
    this.#sweep.unref()
    if (head.length > 0) reader.push(head)
  }

  send(job: string, timeoutMs: number, signal?: CancelSignal): Promise<LinkAnswer> {
    if (signal?.aborted === true) return Promise.reject(abortReason(signal))
    if (this.#nextId === lastId) this.#close('every job id was used')
    if (this.#closed) return Promise.reject(new NodeFailure('node call failed: the link closed'))
    const id = this.#nextId++
    return new Promise<LinkAnswer>((resolve, reject) => {
      const pending: Pending = {
        resolve,
        reject,
        parts: undefined,
        partsLength: 0,
        deadline: Date.now() + timeoutMs,
        signal,
        onAbort: undefined,
      }
      if (signal !== undefined) {
        pending.onAbort = () => {
          if (this.#pending.delete(id)) {
            this.#writer.write(jobFrame.cancel, id)
            reject(abortReason(signal))
          }
        }
        signal.addEventListener('abort', pending.onAbort, { once: true })
      }
      this.#pending.set(id, pending)
      this.#writer.write(jobFrame.job, id, job)
    })
  }

  close(): void {
    this.#close('the gateway closed the link')
  }

  #answer(type: number, id: number, views: readonly Buffer[], length: number): void {
    const pending = this.#pending.get(id)
    // A job the gateway gave up on: its answer has nobody to go to.
    if (pending === undefined) return
    if (type === answerFrame.part) {
      ;(pending.parts ??= []).push(...views)
      pending.partsLength += length
      return
    }
    this.#pending.delete(id)
    detach(pending)
    const outcome = outcomes[type]
    if (outcome === undefined) {
      const detail =
        type === answerFrame.failed
          ? joinPayload(views, length).toString('utf8')
          : `an answer of type ${type}`
      pending.reject(new NodeFailure(`node could not serve the job: ${detail}`))
      return
    }
    const body =
      pending.parts === undefined
        ? joinPayload(views, length)
        : joinPayload([...pending.parts, ...views], pending.partsLength + length)
    pending.resolve({ outcome, payload: body })
  }

  #expire(): void {
    const now = Date.now()
    for (const [id, pending] of this.#pending) {
      if (pending.deadline > now) continue
      this.#pending.delete(id)
      detach(pending)
      this.#writer.write(jobFrame.cancel, id)
      pending.reject(new NodeFailure('node call failed: no answer in time'))
    }
  }

  #close(reason: string): void {
    if (this.#closed) return
    this.#closed = true
    clearInterval(this.#sweep)
    this.#socket.destroy()
    const failure = new NodeFailure(`node call failed: ${reason}`)
    for (const pending of this.#pending.values()) {
      detach(pending)
      pending.reject(failure)
    }
    this.#pending.clear()
    this.onClose?.()
  }
}

/** A settled job no longer listens to its caller's signal. */
function detach(pending: Pending): void {
  if (pending.onAbort !== undefined) pending.signal?.removeEventListener('abort', pending.onAbort)
}

export type OpenLinkOptions = {
  url: string
  fleetSecret: string
  now: number
  connectTimeoutMs: number
}

/**
 * Opens a link: the signed upgrade, then the link once the node answered 101. Rejects with LinkRefused
 * when the node answered anything else (a node that does not speak the link, or a proxy in front of it
 * that does not pass upgrades), with the connection's error otherwise.
 */
export function openNodeLink(options: OpenLinkOptions): Promise<NodeLink> {
  const base = new URL(options.url)
  const request = base.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(new URL(fleetPaths.link, base), {
      method: 'GET',
      agent: false,
      headers: {
        ...signFleetCall(options.fleetSecret, 'GET', fleetPaths.link, '', options.now),
        connection: 'Upgrade',
        upgrade: linkProtocol,
      },
    })
    const timer = setTimeout(
      () => req.destroy(new Error('the node did not answer the upgrade in time')),
      options.connectTimeoutMs,
    )
    req.on('upgrade', (res: IncomingMessage, socket: Socket, head: Buffer) => {
      clearTimeout(timer)
      if (res.headers.upgrade?.toLowerCase() !== linkProtocol) {
        socket.destroy()
        reject(new LinkRefused(res.statusCode ?? 0))
        return
      }
      resolve(new NodeLink(socket, head))
    })
    req.on('response', (res: IncomingMessage) => {
      clearTimeout(timer)
      res.resume()
      req.destroy()
      reject(new LinkRefused(res.statusCode ?? 0))
    })
    req.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.end()
  })
}
