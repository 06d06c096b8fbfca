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

/** A goal whose figure must be at least `bound` (throughput) or at most `bound` (CPU, latency). */
export function goal(
  name: string,
  value: number | undefined,
  bound: { atLeast: number } | { atMost: number },
  floor?: number,
  context?: string,
): Goal {
  const meets = (figure: number | undefined) =>
    figure === undefined ? undefined : 'atLeast' in bound ? figure >= bound.atLeast : figure <= bound.atMost
  return {
    name,
    value,
    met: meets(value),
    ...(floor !== undefined && { floor, floorMet: meets(floor) }),
    ...(context !== undefined && { context }),
  }
}

/** A goal with a strict bound (`<`), as the embedded default's latency goal is stated. */
export function strictGoal(name: string, value: number | undefined, below: number, floor?: number): Goal {
  const meets = (figure: number | undefined) => (figure === undefined ? undefined : figure < below)
  return { name, value, met: meets(value), ...(floor !== undefined && { floor, floorMet: meets(floor) }) }
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
