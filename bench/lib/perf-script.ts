/**
 * Reads what `perf script` prints for a Node process recorded with its JIT map (`NODE_OPTIONS="--perf-prof
 * --interpreted-frames-native-stack"`, `perf record -k 1 -g -p <pid>`, `perf inject --jit`) and charges
 * each sample to its nearest JavaScript function: the frame a native leaf (a socket write, the collector,
 * a kernel path) was reached from. Unlike a `.cpuprofile` (profile.ts), these samples are taken on the CPU,
 * so a thread waiting for a core counts nothing, and the time in the kernel and in V8's C++ stays with the
 * JavaScript that asked for it (docs/performance.md, "2026-12-04 (sixteenth)").
 */
import { pathToFileURL } from 'node:url'
import { areaOf, shortUrl } from './profile.ts'

type PerfFrame = { symbol: string; dso: string }

/**
 * A frame of JavaScript, as V8's perf map names compiled functions: `JS:*'name file:///...:12:3+0x40` (an
 * ES module), `JS:~name /path/to/file.js:12:3` (CommonJS), `JS:*'name node:net:1293:42`, `JS:*name [eval]:1:46`.
 */
const jsFrame = /^JS:[*~^+]?'?(.*?) ?(\S+?):(\d+):(\d+)(?:\+0x[0-9a-f]+)?$/

export type JsFunction = { name: string; url: string; line: number }

/** The function a perf symbol names, or undefined for V8's builtins, handlers, stubs and native code. */
export function jsFunctionOf(symbol: string): JsFunction | undefined {
  const match = jsFrame.exec(symbol)
  if (match === null) return undefined
  const url = match[2]!.startsWith('/') ? pathToFileURL(match[2]!).href : match[2]!
  return { name: match[1] || '(anonymous)', url, line: Number(match[3]) }
}

/** The samples of `perf script` text, each its frames from the leaf up. */
function* perfSamples(text: string): Generator<PerfFrame[]> {
  let frames: PerfFrame[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      if (frames.length > 0) yield frames
      frames = []
      continue
    }
    // A sample's header starts the line; its frames are indented: `addr symbol+0xoff (dso)`.
    if (line[0] !== '\t' && line[0] !== ' ') continue
    const match = /^\s*[0-9a-f]+ (.*) \((.*)\)$/.exec(line)
    if (match !== null) frames.push({ symbol: match[1]!, dso: match[2]! })
  }
  if (frames.length > 0) yield frames
}

export type Share = { name: string; samples: number; percent: number }

export type PerfSummary = {
  samples: number
  /** Samples whose leaf is in the kernel. */
  kernelPercent: number
  /** By the area of the nearest JavaScript function (profile.ts's areas); `(no JavaScript frame)` else. */
  byArea: Share[]
  /** By the nearest JavaScript function. */
  byFunction: Share[]
}

function ranked(counts: Map<string, number>, total: number, top: number): Share[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, samples]) => ({ name, samples, percent: (100 * samples) / total }))
}

export function summarisePerfScript(text: string, { top = 30 } = {}): PerfSummary {
  const areas = new Map<string, number>()
  const functions = new Map<string, number>()
  let samples = 0
  let kernel = 0
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1)
  for (const frames of perfSamples(text)) {
    samples++
    if (frames[0]!.dso === '[kernel.kallsyms]') kernel++
    let nearest: JsFunction | undefined
    for (const frame of frames) {
      nearest = jsFunctionOf(frame.symbol)
      if (nearest !== undefined) break
    }
    if (nearest === undefined) {
      add(areas, '(no JavaScript frame)')
      add(functions, '(no JavaScript frame)')
      continue
    }
    add(areas, areaOf({ url: nearest.url, functionName: nearest.name }))
    add(functions, `${nearest.name} ${shortUrl(nearest.url)}:${nearest.line}`)
  }
  const total = Math.max(samples, 1)
  return {
    samples,
    kernelPercent: (100 * kernel) / total,
    byArea: ranked(areas, total, top),
    byFunction: ranked(functions, total, top),
  }
}
