import assert from 'node:assert/strict'
import { test } from 'node:test'
import { drainHandlers, drainOfSupervisor } from './shared-drain.ts'
import { answerCall, createCaller, type CallHandlers } from './supervisor-calls.ts'

/**
 * A supervisor and its workers in one process: JSON both ways, told messages to every worker, in order.
 * A worker made with `late` gets what is told only when its `deliver()` is called.
 */
function supervisor() {
  const listeners: ((message: unknown) => void)[] = []
  const handlers: CallHandlers = drainHandlers((message) => {
    for (const listener of listeners) listener(JSON.parse(JSON.stringify(message)))
  })
  const worker = (late = false) => {
    const held: unknown[] = []
    let deliverTo: ((message: unknown) => void) | undefined
    const onTold = (listener: (message: unknown) => void) => {
      deliverTo = listener
      listeners.push(late ? (message) => held.push(message) : listener)
    }
    const caller = createCaller((calls) => {
      for (const call of JSON.parse(JSON.stringify(calls)) as typeof calls) {
        void answerCall(handlers, call).then((answer) =>
          setImmediate(() => caller.receive(JSON.parse(JSON.stringify(answer)))),
        )
      }
    })
    return {
      drainOf: (deviceId: string) => drainOfSupervisor(deviceId, caller.call, onTold),
      deliver: () => {
        for (const message of held.splice(0)) deliverTo?.(message)
      },
    }
  }
  return { worker }
}

test('a drain set through one worker is seen by every worker once the call is answered', async () => {
  const { worker } = supervisor()
  const [a, b] = [worker(), worker()]
  const onA = await a.drainOf('node_useast_1')
  const onB = await b.drainOf('node_useast_1')
  const otherNode = await b.drainOf('node_europe_1')
  assert.equal(onA.draining, false)
  await onA.set(true)
  assert.equal(onA.draining, true)
  assert.equal(onB.draining, true)
  assert.equal(otherNode.draining, false, 'per device id')
  await onB.set(false)
  assert.equal(onA.draining, false)
})

test('a worker that starts later reads the drain the others set', async () => {
  const { worker } = supervisor()
  await (await worker().drainOf('node_uswest_1')).set(true)
  assert.equal((await worker().drainOf('node_uswest_1')).draining, true)
})

test('the last change wins on every worker when two workers change the drain at once', async () => {
  const { worker } = supervisor()
  const [a, b] = [await worker().drainOf('node_europe_1'), await worker().drainOf('node_europe_1')]
  await Promise.all([a.set(true), b.set(false)])
  assert.equal(a.draining, false)
  assert.equal(b.draining, false)
})

test('a worker the change has not reached yet reports it when asked for the state', async () => {
  const { worker } = supervisor()
  const a = worker()
  const b = worker(true)
  const onA = await a.drainOf('node_uswest_1')
  const onB = await b.drainOf('node_uswest_1')
  await onA.set(true)
  // The change is on its way to b (a probe can reach b first): its jobs still see the state before it...
  assert.equal(onB.draining, false)
  // ...but its health report, which the operator's command and the gateways read, does not.
  assert.equal(await onB.read(), true)
  b.deliver()
  assert.equal(onB.draining, true)
})
