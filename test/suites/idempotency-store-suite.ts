/**
 * The behaviour both idempotency twins must show (SPEC 3, DESIGN 6 and 7). Run by
 * memory-idempotency-store.test.ts and test/integration/idempotency/redis-idempotency-store.test.ts.
 * Time is a manual clock: every call gets its `now` from it, so leases and retention are crossed by
 * moving the clock, not by waiting.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, it } from 'node:test'
import type { Clock } from '../../src/shared/clock.ts'
import { idempotencyFingerprint } from '../../src/gateway/idempotency/idempotency-key.ts'
import type { createMemoryIdempotencyStore } from '../../src/gateway/idempotency/memory-idempotency-store.ts'
import {
  unpackBody,
  type BeginOutcome,
  type CompletedResponse,
  type IdempotencyStore,
} from '../../src/gateway/idempotency/idempotency-store.ts'

export type ManualClock = Clock & { advance(ms: number): number; set(ms: number): number }

export function manualClock(start = Date.UTC(2031, 0, 15, 9, 30)): ManualClock {
  let at = start
  return {
    now: () => at,
    monotonic: () => at,
    advance: (ms) => (at += ms),
    set: (ms) => (at = ms),
  }
}

export type IdempotencyStoreSetup = {
  leaseMs: number
  retentionMs: number
  clock: Clock
  accountBudgetBytes: number
}

export type IdempotencyStoreFixture = {
  /** Handles onto ONE shared state: the memory twin repeats its store, Redis has one per connection. */
  stores: readonly [IdempotencyStore, ...IdempotencyStore[]]
  /** Every key, field and value the twin holds, as latin1 text (bodies decompressed), for the privacy check. */
  dump(): Promise<string>
  /** What the twin really holds for stored answers: Redis' own MEMORY USAGE, or the bodies in the Map. */
  storedBytes(): Promise<number>
  /** Closes the stores and removes whatever the fixture wrote. */
  close(): Promise<void>
}

const leaseMs = 45_000
const retentionMs = 24 * 60 * 60 * 1000
/** Small enough that a few megabytes of incompressible answers spend it. */
const accountBudgetBytes = 4 * 1024 * 1024
const mib = 1024 * 1024
/**
 * What the twin may really hold for the budget: Redis keeps a large hash value in an allocation of up to
 * 1.75 times its length (MEMORY USAGE of a 1 MiB body on Redis 7.0), plus the bookkeeping of a few keys.
 */
const heldBound = accountBudgetBytes * 2 + 64 * 1024

/** An envelope as the node builds it for a text body of control characters: six bytes per byte. */
function controlEnvelope(bytes: number): Buffer {
  const text = Buffer.alloc(bytes, 0x01).toString('latin1')
  return Buffer.from(JSON.stringify({ result: text, status: 200, content_type: 'text/plain' }), 'utf8')
}

function response(body: Buffer | string, status = 200): CompletedResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body }
}

function claimed(outcome: BeginOutcome): string {
  assert.equal(outcome.kind, 'claimed', `expected a claim, got ${outcome.kind}`)
  return outcome.kind === 'claimed' ? outcome.token : ''
}

function replayed(outcome: BeginOutcome) {
  assert.equal(outcome.kind, 'replay', `expected a replay, got ${outcome.kind}`)
  if (outcome.kind !== 'replay') throw new Error('unreachable')
  return outcome.response
}

export function runIdempotencyStoreSuite(
  name: string,
  makeStore: (setup: IdempotencyStoreSetup) => Promise<IdempotencyStoreFixture>,
  options: { skip?: string | false } = {},
): void {
  describe(name, { skip: options.skip ?? false }, () => {
    let clock: ManualClock
    let fixture: IdempotencyStoreFixture
    let store: IdempotencyStore
    const account = 'acct_suiteAAAAAAAAAAAAAAA'
    const other = 'acct_suiteBBBBBBBBBBBBBBB'
    const fpA = idempotencyFingerprint('https://a.example/one', 'us-east')
    const fpB = idempotencyFingerprint('https://a.example/two', 'us-east')

    beforeEach(async () => {
      clock = manualClock()
      fixture = await makeStore({ leaseMs, retentionMs, clock, accountBudgetBytes })
      store = fixture.stores[0]
    })

    afterEach(async () => {
      await fixture.close()
    })

    it('claims a new key, then replays the stored answer to the same request', async () => {
      const token = claimed(await store.begin(account, 'k1', fpA, clock.now()))
      const body = Buffer.from('{"result":"hello","status":200}')
      clock.advance(1_200)
      assert.equal(await store.complete(account, 'k1', token, response(body), clock.now()), true)
      clock.advance(60_000)
      const replay = replayed(await store.begin(account, 'k1', fpA, clock.now()))
      assert.equal(replay.status, 200)
      assert.deepEqual(replay.headers, { 'content-type': 'application/json; charset=utf-8' })
      assert.deepEqual(replay.body, body)
      // A replay does not consume the record: the next one replays too.
      assert.equal((await store.begin(account, 'k1', fpA, clock.now())).kind, 'replay')
    })

    it('keeps binary bodies byte for byte, stores a string body as UTF-8, and only content-type', async () => {
      const bytes = Buffer.from(Array.from({ length: 512 }, (_, at) => at % 256))
      const token = claimed(await store.begin(account, 'bin', fpA, clock.now()))
      const headers = { 'Content-Type': 'application/octet-stream', 'set-cookie': 'a=b', 'x-extra': '1' }
      await store.complete(account, 'bin', token, { status: 200, headers, body: bytes }, clock.now())
      const replay = replayed(await store.begin(account, 'bin', fpA, clock.now()))
      assert.deepEqual(replay.body, bytes)
      assert.deepEqual(replay.headers, { 'content-type': 'application/octet-stream' })

      const text = claimed(await store.begin(account, 'text', fpA, clock.now()))
      await store.complete(account, 'text', text, response('{"result":"Grüße ✓"}'), clock.now())
      const again = replayed(await store.begin(account, 'text', fpA, clock.now()))
      assert.equal(again.body.toString('utf8'), '{"result":"Grüße ✓"}')
    })

    it('stores a 60 MiB envelope of control characters compressed, and replays it byte for byte', async () => {
      const envelope = controlEnvelope(10 * mib)
      assert.ok(envelope.length > 60 * mib)
      const token = claimed(await store.begin(account, 'big', fpA, clock.now()))
      assert.equal(await store.complete(account, 'big', token, response(envelope), clock.now()), true)
      const stored = await fixture.storedBytes()
      assert.ok(stored < mib, `${stored} bytes held for a ${envelope.length}-byte answer`)
      const replay = replayed(await store.begin(account, 'big', fpA, clock.now()))
      assert.ok(replay.body.equals(envelope), 'the replay is the original answer')
      assert.deepEqual(replay.headers, { 'content-type': 'application/json; charset=utf-8' })
    })

    it('keeps 30 keyed answers of control characters under the account budget', async () => {
      const envelope = controlEnvelope(mib)
      for (let at = 0; at < 30; at++) {
        const begun = await store.begin(account, `ctl-${at}`, fpA, clock.now())
        if (begun.kind !== 'claimed') {
          assert.equal(begun.kind, 'budget_spent')
          continue
        }
        assert.equal(
          await store.complete(account, `ctl-${at}`, begun.token, response(envelope), clock.now()),
          true,
        )
      }
      const stored = await fixture.storedBytes()
      assert.ok(stored <= heldBound, `${stored} bytes held`)
      assert.ok(replayed(await store.begin(account, 'ctl-29', fpA, clock.now())).body.equals(envelope))
    })

    it('keeps what fits the account budget; past it a retry is told the answer was not kept', async () => {
      // Incompressible: each answer charges about 1 MiB, so the fourth does not fit a 4 MiB budget.
      const bodies = Array.from({ length: 4 }, () => randomBytes(mib))
      for (const [at, body] of bodies.entries()) {
        const token = claimed(await store.begin(account, `r${at}`, fpA, clock.now()))
        assert.equal(await store.complete(account, `r${at}`, token, response(body), clock.now()), true)
        clock.advance(1_000)
      }
      for (const at of [0, 1, 2]) {
        assert.ok(replayed(await store.begin(account, `r${at}`, fpA, clock.now())).body.equals(bodies[at]!))
      }
      // Delivered and billed but not kept: never claimed (so never fetched) again, for its 24 hours.
      assert.deepEqual(await store.begin(account, 'r3', fpA, clock.now()), { kind: 'not_kept' })
      assert.deepEqual(await store.begin(account, 'r3', fpA, clock.now()), { kind: 'not_kept' })
      // The fingerprint still comes first.
      assert.deepEqual(await store.begin(account, 'r3', fpB, clock.now()), { kind: 'mismatch' })
      const stored = await fixture.storedBytes()
      assert.ok(stored <= heldBound, `${stored} bytes held`)
      // Another account has its own budget.
      claimed(await store.begin(other, 'r0', fpA, clock.now()))
    })

    it('refuses a new key up front while the budget is spent, until the oldest answer expires', async () => {
      const started = clock.now()
      // Each charges a quarter of the budget less 50 bytes (its 50 bytes of headers and 512 of overhead).
      const size = accountBudgetBytes / 4 - 612
      for (let at = 0; at < 5; at++) {
        const token = claimed(await store.begin(account, `s${at}`, fpA, clock.now()))
        assert.equal(
          await store.complete(account, `s${at}`, token, response(randomBytes(size)), clock.now()),
          true,
        )
        clock.advance(10_000)
      }
      // Four fitted, the fifth left a marker, whose own 512 bytes spend the budget.
      const spent = await store.begin(account, 'fresh', fpA, clock.now())
      assert.equal(spent.kind, 'budget_spent')
      const wait = spent.kind === 'budget_spent' ? spent.retryAfterSeconds : 0
      assert.equal(wait, Math.ceil((started + retentionMs - clock.now()) / 1000))
      // Keys already used still answer as before.
      assert.equal((await store.begin(account, 's0', fpA, clock.now())).kind, 'replay')
      assert.equal((await store.begin(account, 's4', fpA, clock.now())).kind, 'not_kept')
      assert.equal((await store.begin(other, 'fresh', fpA, clock.now())).kind, 'claimed')
      clock.set(started + retentionMs)
      claimed(await store.begin(account, 'fresh', fpA, clock.now()))
      assert.equal((await store.begin(account, 's0', fpA, clock.now())).kind, 'claimed')
    })

    it('charges every entry a fixed overhead, so small answers are bounded in number too', async () => {
      const budget = 64 * 1024
      const small = await makeStore({ leaseMs, retentionMs, clock, accountBudgetBytes: budget })
      try {
        const tiny = small.stores[0]
        let storedCount = 0
        for (let at = 0; at < 1_000; at++) {
          const begun = await tiny.begin(account, `tiny-${at}`, fpA, clock.now())
          if (begun.kind === 'budget_spent') break
          const token = claimed(begun)
          assert.equal(await tiny.complete(account, `tiny-${at}`, token, response('{}'), clock.now()), true)
          storedCount++
        }
        // Each charges 2 + 50 (headers) + 512 = 564 bytes: 116 fit, the 117th does not and leaves a
        // 512-byte marker, and then the budget is spent and the 118th key is refused up front.
        assert.equal(storedCount, 117)
        assert.equal((await tiny.begin(account, 'tiny-115', fpA, clock.now())).kind, 'replay')
        assert.equal((await tiny.begin(account, 'tiny-116', fpA, clock.now())).kind, 'not_kept')
      } finally {
        await small.close()
      }
    })

    it('refuses to store an error answer: errors release the claim with abandon instead', async () => {
      const token = claimed(await store.begin(account, 'err', fpA, clock.now()))
      await assert.rejects(
        store.complete(account, 'err', token, response('{}', 502), clock.now()),
        RangeError,
      )
      assert.equal((await store.begin(account, 'err', fpA, clock.now())).kind, 'in_flight')
    })

    it('answers mismatch to another url or region before in-flight and before replay', async () => {
      const token = claimed(await store.begin(account, 'k2', fpA, clock.now()))
      assert.deepEqual(await store.begin(account, 'k2', fpB, clock.now()), { kind: 'mismatch' })
      const otherRegion = idempotencyFingerprint('https://a.example/one', 'europe')
      assert.deepEqual(await store.begin(account, 'k2', otherRegion, clock.now()), { kind: 'mismatch' })
      await store.complete(account, 'k2', token, response('{}'), clock.now())
      assert.deepEqual(await store.begin(account, 'k2', fpB, clock.now()), { kind: 'mismatch' })
      assert.equal((await store.begin(account, 'k2', fpA, clock.now())).kind, 'replay')
      // A mismatch changes nothing: the record is still there for the right request.
      assert.equal((await store.begin(account, 'k2', fpA, clock.now())).kind, 'replay')
    })

    it('answers in-flight while the first attempt runs, Retry-After being the rest of the lease', async () => {
      const started = clock.now()
      claimed(await store.begin(account, 'k3', fpA, started))
      assert.deepEqual(await store.begin(account, 'k3', fpA, started), {
        kind: 'in_flight',
        retryAfterSeconds: 45,
      })
      assert.deepEqual(await store.begin(account, 'k3', fpA, started + 10_500), {
        kind: 'in_flight',
        retryAfterSeconds: 35,
      })
      // Never 0: a client told to retry at once would only be told again.
      assert.deepEqual(await store.begin(account, 'k3', fpA, started + leaseMs - 1), {
        kind: 'in_flight',
        retryAfterSeconds: 1,
      })
    })

    it('lets exactly one of 50 concurrent identical requests run', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, at) =>
          (fixture.stores[at % fixture.stores.length] ?? store).begin(account, 'race', fpA, clock.now()),
        ),
      )
      const kinds = outcomes.map((outcome) => outcome.kind)
      assert.equal(kinds.filter((kind) => kind === 'claimed').length, 1)
      assert.equal(kinds.filter((kind) => kind === 'in_flight').length, 49)
    })

    it('lets a new request take over a lease that ran out, and refuses the stale owner', async () => {
      const stale = claimed(await store.begin(account, 'k4', fpA, clock.now()))
      clock.advance(leaseMs)
      const fresh = claimed(await store.begin(account, 'k4', fpA, clock.now()))
      assert.notEqual(fresh, stale)
      assert.equal(await store.complete(account, 'k4', stale, response('"stale"'), clock.now()), false)
      assert.equal(await store.abandon(account, 'k4', stale), false)
      assert.equal((await store.begin(account, 'k4', fpA, clock.now())).kind, 'in_flight')
      assert.equal(await store.complete(account, 'k4', fresh, response('"fresh"'), clock.now()), true)
      assert.equal(replayed(await store.begin(account, 'k4', fpA, clock.now())).body.toString(), '"fresh"')
    })

    it('refuses to complete once the own lease ran out, even when nobody took over', async () => {
      const token = claimed(await store.begin(account, 'late', fpA, clock.now()))
      clock.advance(leaseMs + 1)
      assert.equal(await store.complete(account, 'late', token, response('{}'), clock.now()), false)
      claimed(await store.begin(account, 'late', fpA, clock.now()))
    })

    it('accepts only the claim token, and only once', async () => {
      const token = claimed(await store.begin(account, 'k5', fpA, clock.now()))
      assert.equal(await store.complete(account, 'k5', 'not-the-token', response('{}'), clock.now()), false)
      assert.equal(await store.abandon(account, 'k5', 'not-the-token'), false)
      assert.equal((await store.begin(account, 'k5', fpA, clock.now())).kind, 'in_flight')
      assert.equal(await store.complete(account, 'k5', token, response('"first"'), clock.now()), true)
      assert.equal(await store.complete(account, 'k5', token, response('"second"'), clock.now()), false)
      assert.equal(await store.abandon(account, 'k5', token), false, 'a stored answer is not abandoned')
      assert.equal(replayed(await store.begin(account, 'k5', fpA, clock.now())).body.toString(), '"first"')
    })

    it('abandon frees the key so a retry with the same key runs again', async () => {
      const token = claimed(await store.begin(account, 'k6', fpA, clock.now()))
      assert.equal(await store.abandon(account, 'k6', token), true)
      assert.equal(await store.abandon(account, 'k6', token), false)
      // Nothing of the first attempt is left, not even its fingerprint.
      claimed(await store.begin(account, 'k6', fpB, clock.now()))
    })

    it('replays for 24 hours from completion, then forgets; purgeExpired removes what expired', async () => {
      const token = claimed(await store.begin(account, 'k7', fpA, clock.now()))
      clock.advance(20_000)
      await store.complete(account, 'k7', token, response('{}'), clock.now())
      const completedAt = clock.now()
      claimed(await store.begin(account, 'pending', fpA, clock.now()))

      clock.set(completedAt + retentionMs - 1)
      assert.equal(await store.purgeExpired(clock.now()), 1, 'only the expired claim goes')
      assert.equal((await store.begin(account, 'k7', fpA, clock.now())).kind, 'replay')

      clock.set(completedAt + retentionMs)
      assert.equal(await store.purgeExpired(clock.now()), 1)
      assert.equal(await store.purgeExpired(clock.now()), 0)
      assert.equal((await fixture.dump()).length, 0, 'nothing is left in storage')
      // After expiry the key is new again, for any request.
      claimed(await store.begin(account, 'k7', fpB, clock.now()))
    })

    it('drops an expired record on read, without a purge', async () => {
      const token = claimed(await store.begin(account, 'k8', fpA, clock.now()))
      await store.complete(account, 'k8', token, response('{}'), clock.now())
      clock.advance(retentionMs)
      claimed(await store.begin(account, 'k8', fpB, clock.now()))
    })

    it('keeps accounts apart: one key on two accounts is two independent requests', async () => {
      const mine = claimed(await store.begin(account, 'shared', fpA, clock.now()))
      const theirs = claimed(await store.begin(other, 'shared', fpB, clock.now()))
      await store.complete(account, 'shared', mine, response('"mine"'), clock.now())
      assert.equal((await store.begin(other, 'shared', fpB, clock.now())).kind, 'in_flight')
      assert.equal(await store.complete(other, 'shared', mine, response('"x"'), clock.now()), false)
      await store.complete(other, 'shared', theirs, response('"theirs"'), clock.now())
      assert.equal(replayed(await store.begin(account, 'shared', fpA, clock.now())).body.toString(), '"mine"')
      assert.equal(replayed(await store.begin(other, 'shared', fpB, clock.now())).body.toString(), '"theirs"')
      assert.deepEqual(await store.begin(other, 'shared', fpA, clock.now()), { kind: 'mismatch' })
    })

    it('stores no target URL, host or raw key, whether claimed or stored (DESIGN 7)', async () => {
      const host = `idem-marker-${randomBytes(6).toString('hex')}.example`
      const url = `https://${host}/private/path?q=secret`
      // A caller may use the URL itself as its key: the key must not leak it either.
      const key = url
      const fingerprint = idempotencyFingerprint(url, 'europe')
      const token = claimed(await store.begin(account, key, fingerprint, clock.now()))
      const whileRunning = await fixture.dump()
      assert.ok(whileRunning.includes(fingerprint), 'the dump sees the entry')
      for (const secret of [host, '/private/path', 'q=secret']) {
        assert.ok(!whileRunning.includes(secret), `${secret} stored with the claim`)
      }
      // The answer here carries no URL; a real envelope's final_url is the one exception DESIGN 7 allows.
      await store.complete(account, key, token, response('{"result":"opaque"}'), clock.now())
      assert.equal((await store.begin(account, key, fingerprint, clock.now())).kind, 'replay')
      const afterwards = await fixture.dump()
      assert.ok(afterwards.includes('opaque'), 'the dump sees the stored body')
      for (const secret of [host, '/private/path', 'q=secret']) {
        assert.ok(!afterwards.includes(secret), `${secret} stored with the record`)
      }
    })
  })
}

/** `dump` and `storedBytes` of a fixture on the memory twin: what its Map holds. */
export function memoryTwinContents(
  store: ReturnType<typeof createMemoryIdempotencyStore>,
): Pick<IdempotencyStoreFixture, 'dump' | 'storedBytes'> {
  return {
    dump: async () => {
      const parts: string[] = []
      for (const [name, entry] of store.entries()) {
        parts.push(name, JSON.stringify({ ...entry, response: undefined }))
        if (entry.state === 'stored') {
          const { headers, encoding, body } = entry.response
          parts.push(JSON.stringify(headers), (await unpackBody(encoding, body)).toString('latin1'))
        }
      }
      return parts.join('\n')
    },
    storedBytes: async () =>
      [...store.entries().values()].reduce(
        (sum, entry) => sum + (entry.state === 'stored' ? entry.response.body.length : 0),
        0,
      ),
  }
}
