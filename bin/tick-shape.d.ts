/**
 * Keeps one tick of this process alive (the object `process.nextTick` made), so that V8 keeps the maps its
 * fast path for the next ticks was recorded with. Returns a promise of the tick kept.
 */
export function keepTickShape(): Promise<object>
