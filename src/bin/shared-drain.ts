/**
 * The operator's drain of a node whose process has workers (`sallyport node --workers N`, and the nodes of
 * `sallyport dev --workers N`): `admin drain-node` reaches one worker, and a gateway's probe any other, so
 * the state lives in the supervisor, per device id. A worker reads it before it serves, and every change is
 * told to every worker (in the order the supervisor made them) before the drain call is answered. Another
 * worker may still read a probe that arrived on its socket before the change on its channel from the
 * supervisor, so the health report asks the supervisor (`read`): each probe after the answer sees the
 * change. Jobs read the state told, which lags by that moment at most.
 */
import type { DrainSwitch } from '../node/app.ts'
import type { CallHandlers, Caller } from './supervisor-calls.ts'

type DrainTold = { sallyport: 'drain'; deviceId: string; draining: boolean }

function isDrainTold(message: unknown): message is DrainTold {
  return typeof message === 'object' && message !== null && (message as DrainTold).sallyport === 'drain'
}

/** In the supervisor: the drain state of every node its workers run; `tell` reaches every worker. */
export function drainHandlers(tell: (message: DrainTold) => void): CallHandlers {
  const drained = new Map<string, boolean>()
  return {
    'drain.get': async (deviceId: string) => drained.get(deviceId) ?? false,
    'drain.set': async (deviceId: string, draining: boolean) => {
      drained.set(deviceId, draining)
      tell({ sallyport: 'drain', deviceId, draining })
    },
  }
}

/** In a worker: the drain of node `deviceId`, as its supervisor holds it. */
export async function drainOfSupervisor(
  deviceId: string,
  call: Caller,
  onTold: (listener: (message: unknown) => void) => void,
): Promise<DrainSwitch> {
  let draining = false
  let told = false
  onTold((message) => {
    if (!isDrainTold(message) || message.deviceId !== deviceId) return
    draining = message.draining
    told = true
  })
  const initial = (await call('drain.get', [deviceId])) as boolean
  // A change told while the answer was on its way is newer than the answer.
  if (!told) draining = initial
  return {
    get draining() {
      return draining
    },
    read: async () => (await call('drain.get', [deviceId])) as boolean,
    // The supervisor tells every worker, this one included, before it answers: the state is set by then.
    set: async (value) => {
      await call('drain.set', [deviceId, value])
    },
  }
}
