/**
 * `node --import tsx bench/perf-frames.ts <perf script output> [--top N]`
 *
 * Where a Node process spent its CPU, by the nearest JavaScript function of each sample and by its area
 * (node internals by module, packages by name, repo files). Record it as docs/performance.md says ("How to
 * run"): `--perf-prof` for the process, `perf record -k 1 -g -p <pid>`, `perf inject --jit`, then `perf
 * script -i <injected> > file`. `-` reads standard input.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { summarisePerfScript, type Share } from './lib/perf-script.ts'

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '30' } },
  allowPositionals: true,
  strict: true,
})

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

if (positionals.length !== 1) {
  console.error('usage: node --import tsx bench/perf-frames.ts <perf script output | -> [--top N]')
  process.exitCode = 2
} else {
  const file = positionals[0]!
  const summary = summarisePerfScript(readFileSync(file === '-' ? 0 : file, 'utf8'), {
    top: Number(values.top),
  })
  const rows = (shares: Share[]) =>
    shares.map((share) => `  ${share.percent.toFixed(1).padStart(5)}%  ${share.name}`).join('\n')
  console.log(
    `${summary.samples} samples, ${summary.kernelPercent.toFixed(1)}% with their leaf in the kernel`,
  )
  console.log(`\nby the nearest JavaScript function's area\n${rows(summary.byArea)}`)
  console.log(`\nby the nearest JavaScript function\n${rows(summary.byFunction)}`)
}
