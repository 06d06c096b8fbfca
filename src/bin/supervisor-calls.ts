/**
 * Calls from a worker to its supervisor over the cluster's IPC channel (docs/adr/0015-embedded-stores-in-
 * the-supervisor.md): state that a process without Redis keeps in memory (rate-limit windows, in-flight
 * leases, trial counters, idempotency records, social budgets, a node's drain state) lives in the
 * supervisor once, and every worker asks it, so the workers share it exactly as one process would.
 *
 * A call is `{ id, name, args }`, its answer `{ id, value | error }`; both are JSON (node:cluster's default
 * serialisation, which measured 2.5 times cheaper than `advanced`). What a handler takes and gives must
 * survive JSON: a Buffer is sent as base64 by the caller that has one. Calls (and answers) made in one turn
 * of the event loop go as one message, `{ sallyport: 'calls', calls }` (`'answers'`): each message is a
 * write on the channel, and at 64 fetches in flight those writes were the largest cost of a call.
 * The transport is passed in, so the same two ends run in tests without processes.
 */
import type { Serializable } from 'node:child_process'
import cluster, { type Worker } from 'node:cluster'
import process from 'node:process'

export type SupervisorCall = { id: number; name: string; args: unknown[] }
export type SupervisorAnswer =
  { id: number; value: unknown } | { id: number; error: { message: string; name: string } }

type CallsMessage = { sallyport: 'calls'; calls: SupervisorCall[] }
type AnswersMessage = { sallyport: 'answers'; answers: SupervisorAnswer[] }

/** What the supervisor answers: one function per call name. */
export type CallHandlers = Record<string, (...args: never[]) => Promise<unknown>>

/**
 * A worker's side: calls `name` in the supervisor and resolves with its answer. With `{ answer: false }`
 * nothing comes back (id 0) and it resolves at once: for a step whose failure the caller would only log
 * (an in-flight slot's release, whose lease frees it anyway). It goes with the next call, or within a
 * millisecond, which saves the supervisor a wake-up and the worker another at one fetch at a time. Calls
 * still reach the supervisor in the order they were made.
 */
export type Caller = (name: string, args: unknown[], options?: { answer: false }) => Promise<unknown>

/**
 * An error the supervisor's handler threw, as the worker sees it: the same class when it is one of the
 * language's own (a store's TypeError or RangeError is a programming error in both processes), and the same
 * message and name otherwise.
 */
export function errorOfSupervisor({ message, name }: { message: string; name: string }): Error {
  const kinds: Record<string, new (message: string) => Error> = { TypeError, RangeError, SyntaxError }
  const Kind = Object.hasOwn(kinds, name) ? kinds[name]! : Error
  const error = new Kind(message)
  if (error.name !== name) error.name = name
  return error
}

function isCalls(message: unknown): message is CallsMessage {
  return typeof message === 'object' && message !== null && (message as CallsMessage).sallyport === 'calls'
}

function isAnswers(message: unknown): message is AnswersMessage {
  return (
    typeof message === 'object' && message !== null && (message as AnswersMessage).sallyport === 'answers'
  )
}

/**
 * Collects what is sent in one turn of the event loop and hands it over as one batch. What is sent with
 * `urgent` false (an unanswered call) may wait up to a millisecond for the next batch: it goes with the
 * next call rather than waking the supervisor on its own, and still ahead of that call.
 */
function batched<T>(flush: (items: T[]) => void): (item: T, urgent?: boolean) => void {
  let queue: T[] = []
  let immediate: NodeJS.Immediate | undefined
  let timer: NodeJS.Timeout | undefined
  const send = () => {
    if (immediate !== undefined) clearImmediate(immediate)
    if (timer !== undefined) clearTimeout(timer)
    immediate = timer = undefined
    const items = queue
    queue = []
    flush(items)
  }
  return (item, urgent = true) => {
    queue.push(item)
    if (urgent) immediate ??= setImmediate(send)
    else timer ??= setTimeout(send, 1).unref()
  }
}

/** The supervisor's side of one call: never rejects, a handler's failure is the answer's `error`. */
export async function answerCall(handlers: CallHandlers, call: SupervisorCall): Promise<SupervisorAnswer> {
  const handler = Object.hasOwn(handlers, call.name) ? handlers[call.name] : undefined
  try {
    if (handler === undefined) throw new TypeError(`no supervisor call named ${call.name}`)
    const value = await (handler as (...args: unknown[]) => Promise<unknown>)(...call.args)
    return { id: call.id, value }
  } catch (error) {
    const { message, name } = error instanceof Error ? error : new Error(String(error))
    return { id: call.id, error: { message, name } }
  }
}

/**
 * A worker's side over any transport: `send` carries a batch of calls to the supervisor, and every answer
 * that comes back is given to `receive`. `fail` rejects every call still waiting (the channel closed).
 */
export function createCaller(send: (calls: SupervisorCall[]) => void): {
  call: Caller
  receive(answer: SupervisorAnswer): void
  fail(error: Error): void
} {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0
  const fail = (error: Error) => {
    for (const pending of waiting.values()) pending.reject(error)
    waiting.clear()
  }
  const enqueue = batched<SupervisorCall>((calls) => {
    try {
      send(calls)
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)))
    }
  })
  return {
    call: (name, args, options) => {
      if (options?.answer === false) {
        enqueue({ id: 0, name, args }, false)
        return Promise.resolve(undefined)
      }
      return new Promise((resolve, reject) => {
        const id = ++nextId
        waiting.set(id, { resolve, reject })
        enqueue({ id, name, args })
      })
    },
    receive: (answer) => {
      const pending = waiting.get(answer.id)
      if (pending === undefined) return
      waiting.delete(answer.id)
      if ('error' in answer) pending.reject(errorOfSupervisor(answer.error))
      else pending.resolve(answer.value)
    },
    fail,
  }
}

/** In the supervisor: answers every worker's calls with `handlers`, until the returned function is called. */
export function answerWorkerCalls(handlers: CallHandlers): () => void {
  const replies = new WeakMap<Worker, (answer: SupervisorAnswer) => void>()
  const replyTo = (worker: Worker) => {
    let reply = replies.get(worker)
    if (reply === undefined) {
      reply = batched<SupervisorAnswer>((answers) => {
        // A worker that died meanwhile is past answering; its replacement asks again.
        sendToWorker(worker, { sallyport: 'answers', answers } satisfies AnswersMessage)
      })
      replies.set(worker, reply)
    }
    return reply
  }
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isCalls(message)) return
    const reply = replyTo(worker)
    for (const call of message.calls) {
      const answered = answerCall(handlers, call)
      if (call.id !== 0) void answered.then(reply)
    }
  }
  cluster.on('message', onMessage)
  return () => cluster.off('message', onMessage)
}

let workerCaller: Caller | undefined

/** In a worker: the caller of its supervisor (one per process, on the cluster's IPC channel). */
export function supervisorCaller(): Caller {
  if (workerCaller !== undefined) return workerCaller
  if (!cluster.isWorker || process.send === undefined) {
    throw new Error('supervisorCaller() is for a worker of a supervisor')
  }
  const send = process.send.bind(process)
  const caller = createCaller((calls) => void send({ sallyport: 'calls', calls } satisfies CallsMessage))
  process.on('message', (message) => {
    if (isAnswers(message)) for (const answer of message.answers) caller.receive(answer)
  })
  // A worker exits when its supervisor goes (workers.ts); until then, a call never waits for nothing.
  process.on('disconnect', () => caller.fail(new Error('the supervisor is gone')))
  workerCaller = caller.call
  return workerCaller
}

/**
 * In the supervisor: sends `message` to `worker`. A worker that exits can still look connected while the
 * write fails (EPIPE); Node reports that failure as an error event of the worker's process, which would
 * stop the supervisor, unless the send has a callback: `failed` gets it instead (by default, nothing: a
 * worker that is gone is past answering, and its replacement asks again).
 */
export function sendToWorker(
  worker: Worker,
  message: Serializable,
  failed: (error: Error) => void = () => {},
): void {
  if (!worker.isConnected()) return failed(new Error('the worker is gone'))
  worker.send(message, (error: Error | null) => {
    if (error !== null) failed(error)
  })
}

/** In the supervisor: sends `message` to every connected worker. */
export function tellWorkers(message: unknown): void {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker !== undefined) sendToWorker(worker, message as Serializable)
  }
}

/** In a worker: `listener` gets every message the supervisor tells the workers (`tellWorkers`). */
export function onToldBySupervisor(listener: (message: unknown) => void): void {
  process.on('message', listener)
}
