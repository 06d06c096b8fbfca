/**
 * `node --import tsx bench/top-functions.ts <file.cpuprofile> [--top N] [--self-only] [--skip-ms MS]
 *  [--callers TEXT]`
 *
 * Prints where a `node --cpu-prof` profile spent its time: the top functions by self time, self time by
 * area (node internals, npm packages, repo files, GC) and the top functions by inclusive time.
 * `--skip-ms` leaves out the start-up; `--callers randomFillSync` ranks who calls the matching functions.
 */
import { parseArgs } from 'node:util'
import { formatSummary, summariseProfile } from './lib/profile.ts'

const { values, positionals } = parseArgs({
  options: {
    top: { type: 'string', default: '25' },
    'self-only': { type: 'boolean', default: false },
    'skip-ms': { type: 'string', default: '0' },
    callers: { type: 'string' },
  },
  allowPositionals: true,
  strict: true,
})

// `| head` closing the pipe is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0)
  throw error
})

if (positionals.length === 0) {
  console.error(
    'usage: node --import tsx bench/top-functions.ts <file.cpuprofile> [--top N] [--self-only] [--skip-ms MS] [--callers TEXT]',
  )
  process.exitCode = 2
} else {
  const top = Number(values.top)
  for (const file of positionals) {
    const selfOnly = values['self-only']
    const summary = summariseProfile(file, {
      top,
      skipMs: Number(values['skip-ms']),
      ...(values.callers === undefined ? {} : { callersOf: values.callers }),
    })
    console.log(formatSummary(summary, { areas: !selfOnly, total: !selfOnly }))
    console.log('')
  }
}
