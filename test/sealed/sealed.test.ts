/**
 * Runs the live SSRF tests (live-policy.sealed.ts) inside a sealed network namespace: `unshare -n` leaves
 * only a loopback interface, so a policy bug cannot send traffic off this machine. Needs root or user
 * namespaces; without them the test fails on CI and is skipped, loudly, elsewhere.
 */
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { test } from 'node:test'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const script = 'ip link set lo up && exec node --import tsx --test test/sealed/live-policy.sealed.ts'

test(
  'the live address-policy tests pass inside a sealed network namespace',
  { timeout: 120_000 },
  async (t) => {
    const probe = spawnSync('unshare', ['-n', '--', 'true'], { encoding: 'utf8' })
    if (probe.error !== undefined || probe.status !== 0) {
      const why = probe.error?.message ?? (probe.stderr.trim() || `exit code ${String(probe.status)}`)
      const message = `\`unshare -n\` is not permitted here (${why}): the live SSRF tests in test/sealed did NOT run`
      if (process.env.CI === 'true') assert.fail(message)
      t.skip(message)
      return
    }

    // The child is a test runner of its own: drop the parent runner's context so it reports normally.
    const env = { ...process.env }
    delete env.NODE_TEST_CONTEXT
    const child = spawn('unshare', ['-n', '--', 'sh', '-c', script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Streamed to stderr: the parent runner owns this process's stdout.
    child.stdout.pipe(process.stderr, { end: false })
    child.stderr.pipe(process.stderr, { end: false })
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject)
      child.once('close', (exitCode) => resolve(exitCode))
    })
    assert.equal(code, 0, 'live-policy.sealed.ts failed inside the sealed namespace (its output is above)')
  },
)
