/**
 * The repo's TypeScript runs through tsx, which compiles each file to ONE line of JavaScript, so a CPU
 * profile only says "src/node/app.ts:1, column 2417". tsx keeps every compiled file, with its source map,
 * in its cache (`<tmpdir>/tsx-<uid>/`): this maps a profile position back to the TypeScript line. When
 * the cache holds several versions of a file (the tree changed), the newest whose source matches the file
 * on disk wins, else the newest; with no cache the position is left as it is.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Segment = [generatedColumn: number, sourceLine: number]
type Mapped = { lines: Segment[][] }

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Source map v3 `mappings` to, per generated line, [generated column, original line] pairs (sorted). */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = []
  let sourceLine = 0
  for (const line of mappings.split(';')) {
    const segments: Segment[] = []
    let column = 0
    for (const segment of line.split(',')) {
      if (segment === '') continue
      const values: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = base64.indexOf(char)
        value += (digit & 31) << shift
        if ((digit & 32) !== 0) shift += 5
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += values[0] ?? 0
      if (values.length >= 4) {
        sourceLine += values[2]!
        segments.push([column, sourceLine])
      }
    }
    lines.push(segments)
  }
  return lines
}

let index: Map<string, Mapped> | undefined

function loadIndex(): Map<string, Mapped> {
  const found = new Map<string, { mtime: number; matches: boolean; mappings: string }>()
  let dirs: string[] = []
  try {
    dirs = readdirSync(tmpdir()).filter((name) => name.startsWith('tsx-'))
  } catch {
    // no tmpdir listing: no mapping
  }
  for (const dir of dirs) {
    let files: string[] = []
    try {
      files = readdirSync(join(tmpdir(), dir))
    } catch {
      continue
    }
    for (const name of files) {
      const path = join(tmpdir(), dir, name)
      try {
        const entry = JSON.parse(readFileSync(path, 'utf8')) as { map?: unknown }
        const map = (typeof entry.map === 'string' ? JSON.parse(entry.map) : entry.map) as
          { sources?: string[]; sourcesContent?: string[]; mappings?: string } | undefined
        const source = map?.sources?.[0]
        if (source === undefined || map?.mappings === undefined || !source.endsWith('.ts')) continue
        let matches = false
        try {
          matches = map.sourcesContent?.[0] === readFileSync(source, 'utf8')
        } catch {
          // the file is gone
        }
        const mtime = statSync(path).mtimeMs
        const best = found.get(source)
        if (
          best === undefined ||
          (matches && !best.matches) ||
          (matches === best.matches && mtime > best.mtime)
        ) {
          found.set(source, { mtime, matches, mappings: map.mappings })
        }
      } catch {
        // not a tsx cache entry
      }
    }
  }
  const result = new Map<string, Mapped>()
  for (const [source, { mappings }] of found) result.set(source, { lines: decodeMappings(mappings) })
  return result
}

/** The 1-based TypeScript line of a 0-based generated position in `path`, or undefined. */
export function originalLine(path: string, line: number, column: number): number | undefined {
  index ??= loadIndex()
  const segments = index.get(path)?.lines[line]
  if (segments === undefined || segments.length === 0) return undefined
  let low = 0
  let high = segments.length - 1
  if (segments[0]![0] > column) return segments[0]![1] + 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (segments[middle]![0] <= column) low = middle
    else high = middle - 1
  }
  return segments[low]![1] + 1
}
