/**
 * Reads a V8 `.cpuprofile` (what `node --cpu-prof` writes) and ranks where the time went: self time per
 * function, inclusive ("total") time per function, and self time per area (node internals by module,
 * npm packages by name, this repo's files, GC, idle). Percentages are of the busy time (all samples but
 * `(idle)`), which is what limits throughput; the idle share is reported apart.
 *
 * Busy time is not CPU time. V8 samples the thread whenever it is outside the event loop's wait, so on
 * cores shared with other processes it also counts the time the thread was ready to run while another
 * process ran, on whatever frame it was in then: most often a socket write, whose peer woke and took the
 * core. A gateway of the topology at c=64 was "busy" 82% of a profile while it used about 40% of a core,
 * and its rare writes to PostgreSQL had as many samples as its answers, twenty times as many writes
 * (docs/performance.md, "2026-12-02 (night)"). Read CPU from the bench's table; read the profile for the
 * JavaScript's shape.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { originalLine } from './sourcemap.ts'

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
type CpuProfile = {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

export type Ranked = { name: string; area: string; ms: number; percent: number }

export type ProfileSummary = {
  file: string
  /** Samples in the first `skippedMs` of the profile (start-up: module loading, compilation) were left out. */
  skippedMs: number
  wallMs: number
  sampledMs: number
  idleMs: number
  busyMs: number
  selfByFunction: Ranked[]
  totalByFunction: Ranked[]
  selfByArea: Ranked[]
  /** With `callersOf`: the stacks under matching functions, summed by the function that called them. */
  callers: Ranked[] | undefined
  /** With `callersOf`: the same, summed by the nearest function of this repo (src/, bench/...) above them. */
  repoCallers: Ranked[] | undefined
}

export type SummaryOptions = {
  top?: number
  /** Leave out samples taken in the first N ms of the profile (start-up). */
  skipMs?: number
  /** A substring of a function name (`name file:line`): rank the callers of the matching functions. */
  callersOf?: string
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

export function shortUrl(url: string): string {
  if (url === '') return ''
  if (url.startsWith('file://')) {
    const path = fileURLToPath(url)
    const modules = path.lastIndexOf('/node_modules/')
    if (modules !== -1) return path.slice(modules + '/node_modules/'.length)
    return relative(repoRoot, path)
  }
  return url
}

/** Node internals by module (`node:internal/streams`), packages by name, repo files by path, V8 pseudo-frames. */
export function areaOf(frame: Pick<CallFrame, 'url' | 'functionName'>): string {
  const { url, functionName } = frame
  if (url === '') return functionName.startsWith('(') ? functionName : '(native / V8 builtins)'
  if (url.startsWith('node:')) {
    const parts = url.split('/')
    return parts.slice(0, parts[0] === 'node:internal' ? 2 : 1).join('/')
  }
  const short = shortUrl(url)
  if (url.startsWith('file://') && fileURLToPath(url).includes('/node_modules/')) {
    const parts = short.split('/')
    return parts[0]?.startsWith('@') === true ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? short)
  }
  return short
}

function isRepoFrame(frame: CallFrame): boolean {
  return frame.url.startsWith('file://') && !frame.url.includes('/node_modules/')
}

function nameOf(frame: CallFrame): string {
  const fn = frame.functionName === '' ? '(anonymous)' : frame.functionName
  if (frame.url === '') return fn
  let line = frame.lineNumber + 1
  if (frame.url.startsWith('file://') && frame.url.endsWith('.ts') && !frame.url.includes('/node_modules/')) {
    // tsx compiles each file to one line: map the position back to the TypeScript source.
    line = originalLine(fileURLToPath(frame.url), frame.lineNumber, frame.columnNumber) ?? line
  }
  return `${fn} ${shortUrl(frame.url)}:${line}`
}

export function summariseProfile(file: string, options: SummaryOptions = {}): ProfileSummary {
  const top = options.top ?? 25
  const skipUs = (options.skipMs ?? 0) * 1000
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const byId = new Map<number, ProfileNode>()
  const parent = new Map<number, number>()
  for (const node of profile.nodes) {
    byId.set(node.id, node)
    for (const child of node.children ?? []) parent.set(child, node.id)
  }

  const self = new Map<string, { area: string; us: number }>()
  const total = new Map<string, { area: string; us: number }>()
  const areas = new Map<string, number>()
  const callers = new Map<string, { area: string; us: number }>()
  const repoCallers = new Map<string, { area: string; us: number }>()
  let sampledUs = 0
  let elapsedUs = 0
  let idleUs = 0
  const add = (map: Map<string, { area: string; us: number }>, key: string, area: string, us: number) => {
    const entry = map.get(key)
    if (entry === undefined) map.set(key, { area, us })
    else entry.us += us
  }

  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the gap BEFORE sample i, so sample i lasts until the next one (DevTools' reading).
    const us = Math.max(deltas[i + 1] ?? 0, 0)
    elapsedUs += Math.max(deltas[i] ?? 0, 0)
    const node = byId.get(samples[i]!)
    if (node === undefined || elapsedUs < skipUs) continue
    sampledUs += us
    if (node.callFrame.functionName === '(idle)') {
      idleUs += us
      continue
    }
    const area = areaOf(node.callFrame)
    add(self, nameOf(node.callFrame), area, us)
    areas.set(area, (areas.get(area) ?? 0) + us)
    // Inclusive time: every distinct function on the stack, once per sample (recursion counted once).
    const seen = new Set<string>()
    let callerCounted = false
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame
      if (frame.functionName === '(root)') break
      const name = nameOf(frame)
      if (options.callersOf !== undefined && !callerCounted && name.includes(options.callersOf)) {
        // The innermost matching frame's caller gets this sample.
        const up = parent.get(id)
        const callerFrame = up === undefined ? undefined : byId.get(up)?.callFrame
        if (callerFrame !== undefined) add(callers, nameOf(callerFrame), areaOf(callerFrame), us)
        for (let above = up; above !== undefined; above = parent.get(above)) {
          const frame = byId.get(above)!.callFrame
          if (isRepoFrame(frame)) {
            add(repoCallers, nameOf(frame), areaOf(frame), us)
            break
          }
        }
        callerCounted = true
      }
      if (seen.has(name)) continue
      seen.add(name)
      add(total, name, areaOf(frame), us)
    }
  }

  const busyUs = sampledUs - idleUs
  const rank = (entries: Iterable<[string, { area: string; us: number }]>): Ranked[] =>
    [...entries]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([name, { area, us }]) => ({
        name,
        area,
        ms: us / 1000,
        percent: busyUs === 0 ? 0 : (100 * us) / busyUs,
      }))

  return {
    file,
    skippedMs: skipUs / 1000,
    wallMs: (profile.endTime - profile.startTime) / 1000,
    sampledMs: sampledUs / 1000,
    idleMs: idleUs / 1000,
    busyMs: busyUs / 1000,
    selfByFunction: rank(self),
    totalByFunction: rank(total),
    selfByArea: rank([...areas].map(([area, us]) => [area, { area, us }])),
    callers: options.callersOf === undefined ? undefined : rank(callers),
    repoCallers: options.callersOf === undefined ? undefined : rank(repoCallers),
  }
}

export function formatSummary(summary: ProfileSummary, sections: { areas?: boolean; total?: boolean } = {}) {
  const lines: string[] = []
  const pct = (value: number) => `${value.toFixed(1).padStart(5)}%`
  const ms = (value: number) => `${value.toFixed(0).padStart(7)} ms`
  lines.push(
    `${summary.file}`,
    `  wall ${summary.wallMs.toFixed(0)} ms, sampled ${summary.sampledMs.toFixed(0)} ms, ` +
      `idle ${summary.idleMs.toFixed(0)} ms, busy ${summary.busyMs.toFixed(0)} ms ` +
      `(percentages below are of busy time)`,
    ...(summary.skippedMs > 0
      ? [`  the first ${summary.skippedMs.toFixed(0)} ms (start-up) are left out`]
      : []),
    '',
    '  top functions by SELF time',
  )
  for (const entry of summary.selfByFunction)
    lines.push(`  ${pct(entry.percent)} ${ms(entry.ms)}  ${entry.name}`)
  if (sections.areas !== false) {
    lines.push('', '  self time by area (node internals by module, packages by name, repo files)')
    for (const entry of summary.selfByArea)
      lines.push(`  ${pct(entry.percent)} ${ms(entry.ms)}  ${entry.name}`)
  }
  if (summary.callers !== undefined) {
    lines.push('', '  callers of the matching functions (time spent in and under them)')
    for (const entry of summary.callers) lines.push(`  ${pct(entry.percent)} ${ms(entry.ms)}  ${entry.name}`)
    lines.push('', '  ... by the nearest function of this repo above them')
    for (const entry of summary.repoCallers ?? []) {
      lines.push(`  ${pct(entry.percent)} ${ms(entry.ms)}  ${entry.name}`)
    }
  }
  if (sections.total !== false) {
    lines.push('', '  top functions by TOTAL (inclusive) time')
    for (const entry of summary.totalByFunction) {
      lines.push(`  ${pct(entry.percent)} ${ms(entry.ms)}  ${entry.name}`)
    }
  }
  return lines.join('\n')
}

/** The `.cpuprofile` files in `dir` (none when no profiles were asked for), the largest first. */
export function profilesIn(dir: string | undefined): string[] {
  if (dir === undefined) return []
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => statSync(b).size - statSync(a).size)
}
