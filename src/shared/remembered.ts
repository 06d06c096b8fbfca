/**
 * `derive` remembering its answers to the last `capacity` inputs it was asked (the oldest forgotten first):
 * the same answer, the same object, for the same input each time.
 *
 * On the fetch path that matters for the strings a fetch builds from its account and host, the keys of its
 * limits: a key built afresh is a new string that V8 joins, hashes at each lookup and flattens before each
 * write, where a kept one is flat and hashed once. `capacity` bounds what a caller sending a new input each
 * time can make a process hold; such a caller only pays `derive` each time, as without the memory.
 */
export function remembered<T>(derive: (input: string) => T, capacity: number): (input: string) => T {
  if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError('capacity must be at least 1')
  const known = new Map<string, T>()
  return (input) => {
    let answer = known.get(input)
    if (answer === undefined && !known.has(input)) {
      answer = derive(input)
      if (known.size >= capacity) known.delete(known.keys().next().value as string)
      known.set(input, answer)
    }
    return answer as T
  }
}
