/** Timing a call in a loop, for the micro benchmarks (bench/micro/). */

/** What one call is, in the printed row: `fetch` and `fetches`, say. */
export type CallNoun = { one: string; many: string }

/**
 * Runs `call` `count` times from `concurrency` workers, after a warm-up of up to 2,000 calls (connections,
 * JIT); prints this process's CPU per call and the calls a second, and answers the CPU µs per call.
 */
export async function timeCalls(
  label: string,
  concurrency: number,
  count: number,
  call: () => Promise<unknown>,
  noun: CallNoun = { one: 'call', many: 'calls' },
): Promise<number> {
  let left = Math.min(2_000, count)
  const worker = async () => {
    while (left-- > 0) await call()
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  left = count
  const cpu = process.cpuUsage()
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const wallMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  const cpuMicroseconds = (used.user + used.system) / count
  console.log(
    `${cpuMicroseconds.toFixed(1).padStart(8)} µs CPU/${noun.one}  ${((count / wallMs) * 1000).toFixed(0).padStart(7)} ${noun.many}/s  ${label}`,
  )
  return cpuMicroseconds
}
