/**
 * Reading what bench/instructions.ts collects: a callgrind dump (each function's own instructions) and a
 * Node process's perf map (`--perf-basic-prof`), which names V8's compiled code by address.
 */

/** A function's own instructions (not its callees'), by name. */
export type Costs = Map<string, number>

/**
 * The instructions of a callgrind dump (its `summary:` line), and each function's own share: the cost
 * lines under each `fn=`, less those right after a `calls=` line (a call's inclusive cost). Names are
 * compressed (`fn=(7) name` the first time, then `fn=(7)`), for callees (`cfn=`) too. One event (Ir).
 */
export function readDump(text: string): { total: number; costs: Costs } {
  const summary = /^(?:summary|totals): (\d+)/m.exec(text)
  if (summary === null) throw new Error('a callgrind dump without its summary line')
  const names = new Map<string, string>()
  const costs: Costs = new Map()
  let current = ''
  let afterCall = false
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      const match = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line)
      if (match === null) continue
      if (match[2] !== undefined) names.set(match[1]!, match[2])
      if (line.startsWith('fn=')) current = names.get(match[1]!) ?? match[1]!
    } else if (line.startsWith('calls=')) {
      afterCall = true
    } else if (/^[0-9+*-]/.test(line)) {
      if (afterCall) afterCall = false
      else costs.set(current, (costs.get(current) ?? 0) + Number(line.split(' ')[1] ?? 0))
    }
  }
  return { total: Number(summary[1]), costs }
}

type MapEntry = { start: number; end: number; name: string; order: number }

/**
 * The name of the compiled code at an address, from a perf map's lines (`<start> <size> <name>`, hex).
 * V8 reuses the addresses of code it dropped, and the map only grows: of the entries that cover an
 * address, the one written last names it.
 */
export function perfMapNames(text: string): (address: number) => string | undefined {
  const entries: MapEntry[] = []
  let largest = 0
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line)
    if (match === null) continue
    const start = parseInt(match[1]!, 16)
    const size = parseInt(match[2]!, 16)
    largest = Math.max(largest, size)
    entries.push({ start, end: start + size, name: match[3]!, order: entries.length })
  }
  entries.sort((a, b) => a.start - b.start)
  return (address) => {
    // The last entry starting at or below the address, then back while one could still cover it.
    let low = 0
    let high = entries.length - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      if (entries[middle]!.start <= address) low = middle + 1
      else high = middle - 1
    }
    let found: MapEntry | undefined
    for (let i = high; i >= 0 && entries[i]!.start > address - largest - 1; i--) {
      const entry = entries[i]!
      if (address < entry.end && (found === undefined || entry.order > found.order)) found = entry
    }
    return found?.name
  }
}

/**
 * Callgrind's names for code it has no symbol of (`0x00000000281bf880`) as the JavaScript they are, `root`
 * (the repository's path) taken out of them; code the map does not cover is "compiled code, unnamed".
 */
export function named(costs: Costs, jit: (address: number) => string | undefined, root: string): Costs {
  const byName: Costs = new Map()
  for (const [name, cost] of costs) {
    const address = /^0x([0-9a-f]+)$/.exec(name)
    const resolved = address === null ? name : (jit(parseInt(address[1]!, 16)) ?? 'compiled code, unnamed')
    const short = resolved.replaceAll(`file://${root}/`, '').replaceAll(`${root}/`, '')
    byName.set(short, (byName.get(short) ?? 0) + cost)
  }
  return byName
}

/** V8's tiers, by the mark its perf map puts after `JS:`. */
const tiers = { '*': 'TurboFan', '+': 'Maglev', '^': 'Sparkplug', '~': 'Ignition' } as const

export type Tier = (typeof tiers)[keyof typeof tiers]

/**
 * The instructions of V8's compiled JavaScript by the tier that compiled it, from `named`'s costs: how warm
 * the process was while counted. Code V8 compiled in a lower tier runs for a while after a function reached
 * the top one, then not at all; a function that stays there was deoptimized or has not been optimized yet.
 */
export function byTier(costs: Costs): Map<Tier, number> {
  const totals = new Map<Tier, number>()
  for (const [name, cost] of costs) {
    if (!name.startsWith('JS:')) continue
    const tier = tiers[name[3] as keyof typeof tiers]
    if (tier === undefined) continue
    totals.set(tier, (totals.get(tier) ?? 0) + cost)
  }
  return totals
}
