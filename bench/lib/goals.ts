/**
 * The throughput work's goals as the bench reports them (issue 13, docs/performance.md): each a figure of
 * this run against a bound, with its floor beside it when the run measured one. The floor is the same
 * layout doing the least in Node (bench/topology-floor.ts, bench/node-floor.ts): where the floor misses a
 * goal too, no change to Sallyport's own code can meet it on the machine at hand, and the run says so.
 */

export type Goal = {
  name: string
  value: number | undefined
  /** Undefined when the run did not measure the figure. */
  met: boolean | undefined
  /** The same figure for the layout's floor in the same rounds, when measured. */
  floor?: number | undefined
  /** Whether the floor meets the goal, when it was measured. */
  floorMet?: boolean | undefined
  /** What else the reader needs beside the figure (squid's own CPU per request, for one). */
  context?: string | undefined
}

/** What a goal's figure must be: at least (throughput), at most (CPU, latency), or strictly below. */
type Bound = { atLeast: number } | { atMost: number } | { below: number }

function meets(figure: number | undefined, bound: Bound): boolean | undefined {
  if (figure === undefined) return undefined
  if ('atLeast' in bound) return figure >= bound.atLeast
  return 'atMost' in bound ? figure <= bound.atMost : figure < bound.below
}

/** A goal: its figure, judged by `bound`, and its floor's, judged by the same bound. */
export function goal(
  name: string,
  value: number | undefined,
  bound: Bound,
  floor?: number,
  context?: string,
): Goal {
  return {
    name,
    value,
    met: meets(value, bound),
    ...(floor !== undefined && { floor, floorMet: meets(floor, bound) }),
    ...(context !== undefined && { context }),
  }
}

/** A goal with a strict bound (`<`), as the embedded default's latency goal is stated. */
export function strictGoal(name: string, value: number | undefined, below: number, floor?: number): Goal {
  return goal(name, value, { below }, floor)
}

/** One line of the run's goals block. */
export function formatGoal(g: Goal): string {
  const verdict = g.met === undefined ? 'NOT MEASURED' : g.met ? 'MET' : 'MISSED'
  let line = `    ${verdict.padEnd(12)} ${g.name}: ${g.value === undefined ? 'n/a' : g.value.toFixed(3)}`
  if (g.context !== undefined) line += ` (${g.context})`
  if (g.floor !== undefined) {
    line += `; the floor ${g.floor.toFixed(3)}`
    if (g.met === false) {
      line +=
        g.floorMet === false
          ? ', which misses it too: out of reach of the code on this machine'
          : ', which meets it'
    } else if (g.met === true && g.floorMet === false) line += ', which misses it'
  }
  return line
}
