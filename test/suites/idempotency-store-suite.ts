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
import type {
  BeginOutcome,
  CompletedResponse,
  IdempotencyStore,
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

export type IdempotencyStoreSetup = { leaseMs: number; retentionMs: number; clock: Clock }

export type IdempotencyStoreFixture = {
  /** Handles onto ONE shared state: the memory twin repeats its store, Redis has one per connection. */
  stores: readonly [IdempotencyStore, ...IdempotencyStore[]]
  /** Every key, field and value the twin holds, as latin1 text, for the privacy check. */
  dump(): Promise<string>
  /** Closes the stores and removes whatever the fixture wrote. */
  close(): Promise<void>
}

const leaseMs = 45_000
const retentionMs = 24 * 60 * 60 * 1000

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
      fixture = await makeStore({ leaseMs, retentionMs, clock })
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

    it('stores and replays a 10 MiB answer', async () => {
      const big = randomBytes(10 * 1024 * 1024)
      const token = claimed(await store.begin(account, 'big', fpA, clock.now()))
      assert.equal(await store.complete(account, 'big', token, response(big), clock.now()), true)
      assert.ok(replayed(await store.begin(account, 'big', fpA, clock.now())).body.equals(big))
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
