/**
 * Large buffers lent out and given back, for the envelopes a process writes to a socket (the node's
 * envelope JSON, an answer joined from the fleet link's parts).
 *
 * A fresh buffer of a megabyte per envelope cost more than writing the envelope into it: the allocator
 * maps new pages and faults each one in, and V8 counts every such buffer as external memory, which starts
 * a collection of the whole heap every few dozen megabytes. At 1 MiB bodies that halved `dev`'s throughput
 * (docs/performance.md). A buffer taken here goes back once its bytes are in the kernel (the socket
 * write's callback), and the next envelope is written into memory that is already mapped.
 *
 * Only the last holder of a buffer gives it back: whoever writes it to the socket. A buffer never given
 * back (a socket closed first, a copy kept instead) is simply collected. Giving back anything this pool did
 * not lend, or the same buffer twice, does nothing.
 */
import { Buffer } from 'node:buffer'

/** Smaller buffers come from Node's own slab or a plain allocation: there is nothing to win below this. */
export const minPooledBytes = 64 * 1024

/** What the pool keeps, at most, between uses (a few large envelopes, or many small ones). */
const maxIdleBytes = 32 * 1024 * 1024

const mib = 1024 * 1024

/**
 * The capacity a buffer of `size` bytes is lent with: a power of two up to 1 MiB, whole MiB above, so that
 * a 10 MiB envelope holds 11 MiB, not 16, while it is written.
 */
function capacityFor(size: number): number {
  return size <= mib ? 2 ** Math.ceil(Math.log2(size)) : Math.ceil(size / mib) * mib
}

/** Idle buffers by capacity. */
const idle = new Map<number, Buffer[]>()
let idleBytes = 0
/** The memory of every buffer lent and not yet given back. */
const lent = new WeakSet<ArrayBufferLike>()

/** A buffer of at least `size` bytes (its contents are whatever was there); give it back with `giveBack`. */
export function takeBuffer(size: number): Buffer {
  if (size < minPooledBytes) return Buffer.allocUnsafe(size)
  const capacity = capacityFor(size)
  let buffer = idle.get(capacity)?.pop()
  if (buffer === undefined) buffer = Buffer.allocUnsafeSlow(capacity)
  else idleBytes -= capacity
  lent.add(buffer.buffer)
  return buffer
}

/** Gives back the buffer `view` is a view of, for another `takeBuffer`: its bytes may change from now on. */
export function giveBack(view: Uint8Array): void {
  const memory = view.buffer
  if (!lent.delete(memory)) return
  const capacity = memory.byteLength
  if (idleBytes + capacity > maxIdleBytes) return
  let buffers = idle.get(capacity)
  if (buffers === undefined) idle.set(capacity, (buffers = []))
  buffers.push(Buffer.from(memory, 0, capacity))
  idleBytes += capacity
}

/**
 * What to call once `view` is written: the giving back of its buffer when this pool lent it, else
 * undefined (so a small envelope's write carries no callback at all).
 */
export function giveBackWhenWritten(view: Uint8Array): (() => void) | undefined {
  return lent.has(view.buffer) ? () => giveBack(view) : undefined
}

/** What the pool holds idle, in bytes (tests). */
export function idlePoolBytes(): number {
  return idleBytes
}
