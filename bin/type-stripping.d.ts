/** Whether a process started from `url` must strip the sources' types itself (Node lacks it, or installed). */
export function needsTypeStripping(url?: string): boolean
/** Registers the hooks that strip the types of every TypeScript module loaded from now on. */
export function registerTypeStripping(): void
