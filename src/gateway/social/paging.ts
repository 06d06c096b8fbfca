/** Page sizes and bounded fan-out shared by the three networks. */

/** Requested limits are clamped to the network's page size, as Mastodon clamps to 40; the answer says which applied. */
export function pageLimit(requested: number | undefined, fallback: number, max: number): number {
  if (requested === undefined) return fallback
  return Math.min(Math.max(1, Math.trunc(requested)), max)
}

/** `fn` over `items` with at most `concurrency` calls running; results in input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}
