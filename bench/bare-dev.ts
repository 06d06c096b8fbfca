/**
 * The bare fetch path, for comparison only: `sallyport dev` exactly (gateway, three in-process nodes, the
 * same routes, schemas, error handling and fleet code) without what accounts and billing add to a fetch:
 * the API key is checked against one fixed key in memory instead of its digest in the database, the
 * admission store admits everything without keeping windows, and there is no standing (trial, spending
 * cap) and no metering. `npm run bench -- --scenarios sallyport,sallyport-bare` compares the two.
 *
 * What stays, so the comparison is of the stores' work and not of the code paths around them: the auth
 * hook and its scope check, the rate-limit hook (account limits, `RateLimit-Policy`), and the limiter's own
 * work per fetch (the host's keyed hash, the `RateLimit` field, the ticket).
 *
 * Never part of the service: it accepts the key in SALLYPORT_BOOTSTRAP_KEY and nothing else.
 */
import { randomBytes } from 'node:crypto'
import { runDev } from '../src/bin/dev.ts'
import type { Principal } from '../src/gateway/keys/principal.ts'
import { fixedLimits } from '../src/gateway/rate-limits/account-limits.ts'
import type { AdmissionStore } from '../src/gateway/rate-limits/admission.ts'
import { AppError } from '../src/shared/errors.ts'

const benchKey = process.env.SALLYPORT_BOOTSTRAP_KEY
if (benchKey === undefined || benchKey === '') {
  throw new Error('bench/bare-dev.ts needs SALLYPORT_BOOTSTRAP_KEY: the one key it accepts')
}
const principal: Principal = { accountId: 'acct_bench', keyId: 'key_bench', scopes: ['proxy'] }

const admitEverything: AdmissionStore = {
  admit: () => Promise.resolve({ admitted: true, states: [] }),
  release: () => Promise.resolve(),
  refundQuota: () => Promise.resolve(),
  quotaUsed: () => Promise.resolve(0),
  keyEpoch: () => Promise.resolve('bench'),
  markRevoked: () => Promise.resolve(),
  close: () => Promise.resolve(),
}

/** A request counted nowhere. */
const unmetered = { committed: Promise.resolve(), bill: () => undefined, refund: () => Promise.resolve() }

await runDev(process.argv.slice(2), {
  authenticator: {
    authenticate: (apiKey) =>
      apiKey === benchKey
        ? Promise.resolve(principal)
        : Promise.reject(new AppError('invalid_api_key', 'Not the bench key.')),
  },
  adjust: (deps) => {
    return {
      ...deps,
      // No metering and no billing: nothing is counted, no account is on a trial or has a cap.
      metering: { reserve: () => unmetered },
      standing: { standingFor: () => Promise.resolve({ plan: 'entry', trialQuota: false }) },
      rateLimits: {
        store: admitEverything,
        limits: fixedLimits(),
        hostKeySecret: randomBytes(32).toString('base64url'),
      },
    }
  },
})
