/**
 * Calls from a worker to its supervisor over the cluster's IPC channel (docs/adr/0015-embedded-stores-in-
 * the-supervisor.md): state that a process without Redis keeps in memory (rate-limit windows, in-flight
 * leases, trial counters, idempotency records, social budgets, a node's drain state) lives in the
 * supervisor once, and every worker asks it, so the workers share it exactly as one process would.
 *
 * A call is `{ sallyport: 'call', id, name, args }`, its answer `{ sallyport: 'answer', id, value | error }`;
 * both are JSON (node:cluster's default serialisation, which measured 2.5 times cheaper than `advanced`).
 * What a handler takes and gives must survive JSON: a Buffer is sent as base64 by the caller that has one.
 * The transport is passed in, so the same two ends run in tests without processes.
 */
import cluster, { type Worker } from 'node:cluster'

export type SupervisorCall = { sallyport: 'call'; id: number; name: string; args: unknown[] }
export type SupervisorAnswer =
  | { sallyport: 'answer'; id: number; value: unknown }
  | { sallyport: 'answer'; id: number; error: { message: string; name: string } }

/** What the supervisor answers: one function per call name. */
export type CallHandlers = Record<string, (...args: never[]) => Promise<unknown>>

/** A worker's side: calls `name` in the supervisor and resolves with its answer. */
export type Caller = (name: string, args: unknown[]) => Promise<unknown>

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

function isCall(message: unknown): message is SupervisorCall {
  return typeof message === 'object' && message !== null && (message as SupervisorCall).sallyport === 'call'
}

function isAnswer(message: unknown): message is SupervisorAnswer {
  return (
    typeof message === 'object' && message !== null && (message as SupervisorAnswer).sallyport === 'answer'
  )
}

/** The supervisor's side of one call: never rejects, a handler's failure is the answer's `error`. */
export async function answerCall(handlers: CallHandlers, call: SupervisorCall): Promise<SupervisorAnswer> {
  const handler = Object.hasOwn(handlers, call.name) ? handlers[call.name] : undefined
  try {
    if (handler === undefined) throw new TypeError(`no supervisor call named ${call.name}`)
    const value = await (handler as (...args: unknown[]) => Promise<unknown>)(...call.args)
    return { sallyport: 'answer', id: call.id, value }
  } catch (error) {
    const { message, name } = error instanceof Error ? error : new Error(String(error))
    return { sallyport: 'answer', id: call.id, error: { message, name } }
  }
}

/**
 * A worker's side over any transport: `send` carries a call to the supervisor, and every answer that comes
 * back is given to `receive`. `fail` rejects every call still waiting (the channel closed).
 */
export function createCaller(send: (call: SupervisorCall) => void): {
  call: Caller
  receive(answer: SupervisorAnswer): void
  fail(error: Error): void
} {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 0
  return {
    call: (name, args) =>
      new Promise((resolve, reject) => {
        const id = ++nextId
        waiting.set(id, { resolve, reject })
        try {
          send({ sallyport: 'call', id, name, args })
        } catch (error) {
          waiting.delete(id)
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      }),
    receive: (answer) => {
      const pending = waiting.get(answer.id)
      if (pending === undefined) return
      waiting.delete(answer.id)
      if ('error' in answer) pending.reject(errorOfSupervisor(answer.error))
      else pending.resolve(answer.value)
    },
    fail: (error) => {
      for (const pending of waiting.values()) pending.reject(error)
      waiting.clear()
    },
  }
}

/** In the supervisor: answers every worker's calls with `handlers`, until the returned function is called. */
export function answerWorkerCalls(handlers: CallHandlers): () => void {
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isCall(message)) return
    void answerCall(handlers, message).then((answer) => {
      // A worker that died meanwhile is past answering; its replacement asks again.
      if (worker.isConnected()) worker.send(answer)
    })
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
  const caller = createCaller((call) => void send(call))
  process.on('message', (message) => {
    if (isAnswer(message)) caller.receive(message)
  })
  // A worker exits when its supervisor goes (workers.ts); until then, a call never waits for nothing.
  process.on('disconnect', () => caller.fail(new Error('the supervisor is gone')))
  workerCaller = caller.call
  return workerCaller
}

/** In the supervisor: sends `message` to every connected worker. */
export function tellWorkers(message: unknown): void {
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker?.isConnected() === true) worker.send(message as object)
  }
}

/** In a worker: `listener` gets every message the supervisor tells the workers (`tellWorkers`). */
export function onToldBySupervisor(listener: (message: unknown) => void): void {
  process.on('message', listener)
}
