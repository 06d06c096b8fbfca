/** The V8 flags for the V8 of version `v8Version` (`process.versions.v8`). */
export function heapFlagsFor(v8Version: string): string[]
/** The flags `tuneHeap` sets in this process, each unless node's own command line already sets it. */
export const heapFlags: readonly string[]
/** Sets each of `heapFlags` that `execArgv` does not set; returns the flags it set. */
export function tuneHeap(execArgv?: readonly string[], setFlags?: (flag: string) => void): string[]
