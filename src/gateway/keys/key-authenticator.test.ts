import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../test/helpers/account-gateway.ts'
import { mintApiKey } from './api-key-format.ts'
import type { KeyRepository } from './key-repository.ts'
import { keyDigest } from './key-service.ts'
import { testPassword } from '../../../test/helpers/account-gateway.ts'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { createBackgroundTasks } from '../background-tasks.ts'
import { fixedLimits } from '../rate-limits/account-limits.ts'
import { defaultLimits, type AdmissionStore } from '../rate-limits/admission.ts'
import { createMemoryAdmissionStore } from '../rate-limits/memory-admission-store.ts'
import { createRateLimiter } from '../rate-limits/rate-limiter.ts'
import { createKeyAuthenticator } from './key-authenticator.ts'
import type { Principal } from './principal.ts'
import { keyStatesOf } from './key-states.ts'

/** A gateway whose key lookups are counted. */
async function spied(options: { keyCache?: boolean } = {}) {
  const lookups: string[] = []
  const gw = await buildAccountTestGateway({
    ...options,
    keyRepository: (repo: KeyRepository) => ({
      ...repo,
      findLiveByDigest: (digest) => {
        lookups.push(digest)
        return repo.findLiveByDigest(digest)
      },
    }),
  })
  return { gw, lookups }
}

const regions = (
  gw: { app: { inject: (o: object) => Promise<{ statusCode: number; json(): { code?: string } }> } },
  key: string,
) => gw.app.inject({ method: 'GET', url: '/v2/proxy/regions', headers: { 'x-api-key': key } })

describe('the data-plane authenticator', () => {
  it('accepts a minted key in x-api-key and as a bearer token', async (t) => {
    const { gw } = await spied()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    assert.equal((await regions(gw, key.key)).statusCode, 200)
    const bearer = await gw.app.inject({
      method: 'GET',
      url: '/v2/proxy/regions',
      headers: { authorization: `Bearer ${key.key}` },
    })
    assert.equal(bearer.statusCode, 200)
  })

  it('refuses malformed and bad-checksum keys with 401 invalid_api_key without a database lookup', async (t) => {
    const { gw, lookups } = await spied()
    t.after(() => gw.close())
    const good = mintApiKey()
    const badChecksum = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A')
    for (const key of [
      'nope',
      'sp_live_',
      good.slice(0, -1),
      badChecksum,
      good.replace('sp_live_', 'sk_live_'),
    ]) {
      const response = await regions(gw, key)
      assert.equal(response.statusCode, 401, key)
      assert.equal(response.json().code, 'invalid_api_key')
    }
    assert.deepEqual(lookups, [])
  })

  it('looks a well-formed key up by its digest and refuses an unknown one', async (t) => {
    const { gw, lookups } = await spied()
    t.after(() => gw.close())
    const stranger = mintApiKey()
    const response = await regions(gw, stranger)
    assert.equal(response.json().code, 'invalid_api_key')
    assert.deepEqual(lookups, [keyDigest(stranger)])
  })

  it('refuses a key of an account that has not verified its address', async (t) => {
    const { gw } = await spied()
    t.after(() => gw.close())
    await gw.post('/v2/account', { email: 'ann@example.com', password: 'correct horse battery' })
    const account = await gw.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()
    // Cannot happen through the product (no sign-in, so no minting): planted directly.
    const key = mintApiKey()
    await gw.db
      .insertInto('api_keys')
      .values({
        id: 'key_planted',
        account_id: account.id,
        name: 'planted',
        scopes: 'proxy,read',
        digest: keyDigest(key),
        prefix: key.slice(0, 12),
        created_at: gw.clock.now(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute()
    const response = await regions(gw, key)
    assert.equal(response.statusCode, 401)
    assert.equal(response.json().code, 'invalid_api_key')
  })

  it('stamps last use at most once a minute, off the response path', async (t) => {
    const { gw } = await spied()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    const lastUsed = async () => {
      await gw.settle()
      return (await gw.db.selectFrom('api_keys').select('last_used_at').executeTakeFirstOrThrow())
        .last_used_at
    }
    assert.equal(await lastUsed(), null)
    const first = gw.clock.now()
    await regions(gw, key.key)
    assert.equal(await lastUsed(), first)
    gw.clock.advance(59_000)
    await regions(gw, key.key)
    assert.equal(await lastUsed(), first)
    gw.clock.advance(1_000)
    await regions(gw, key.key)
    assert.equal(await lastUsed(), first + 60_000)
  })

  it('keeps the key record in memory: one database lookup for many requests, each confirmed by admission', async (t) => {
    const { gw, lookups } = await spied()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    for (let i = 0; i < 5; i++) assert.equal((await regions(gw, key.key)).statusCode, 200)
    assert.deepEqual(lookups, [keyDigest(key.key)])
  })

  it('without key state every request is looked up in the database', async (t) => {
    const { gw, lookups } = await spied({ keyCache: false })
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const key = await gw.mintKey(await gw.signIn('ann@example.com'))
    for (let i = 0; i < 3; i++) assert.equal((await regions(gw, key.key)).statusCode, 200)
    assert.equal(lookups.length, 3)
  })

  it('refuses a cached key at the very next request once it is revoked, and an account deletion every key', async (t) => {
    const { gw } = await spied()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const [doomed, kept] = [await gw.mintKey(session, 'doomed'), await gw.mintKey(session, 'kept')]
    for (const key of [doomed, kept]) assert.equal((await regions(gw, key.key)).statusCode, 200)
    const revoked = await gw.app.inject({
      method: 'DELETE',
      url: `/v2/keys/${doomed.id}`,
      headers: session.headers,
    })
    assert.equal(revoked.statusCode, 204)
    const refused = await regions(gw, doomed.key)
    assert.equal(refused.statusCode, 401)
    assert.equal(refused.json().code, 'invalid_api_key')
    assert.equal((await regions(gw, kept.key)).statusCode, 200)

    const deleted = await gw.app.inject({
      method: 'POST',
      url: '/v2/account/delete',
      headers: session.headers,
      payload: { password: testPassword },
    })
    assert.equal(deleted.statusCode, 204, deleted.body)
    assert.equal((await regions(gw, kept.key)).json().code, 'invalid_api_key')
  })

  it('confirms a cached key in the database before answering missing_scope: a revoked key is 401, not 403', async (t) => {
    const { gw, lookups } = await spied()
    t.after(() => gw.close())
    await gw.verifiedAccount('ann@example.com')
    const session = await gw.signIn('ann@example.com')
    const readOnly = await gw.mintKey(session, 'read only', ['read'])
    assert.equal((await regions(gw, readOnly.key)).json().code, 'missing_scope')
    assert.equal((await regions(gw, readOnly.key)).json().code, 'missing_scope')
    // The first lookup filled the cache; each missing_scope answer asked the database again.
    assert.equal(lookups.length, 3)
    await gw.app.inject({ method: 'DELETE', url: `/v2/keys/${readOnly.id}`, headers: session.headers })
    const refused = await regions(gw, readOnly.key)
    assert.equal(refused.statusCode, 401)
    assert.equal(refused.json().code, 'invalid_api_key')
  })
})

describe('a key cache over a store that restarted empty', () => {
  const key = mintApiKey()
  const row = {
    id: 'key_1',
    account_id: 'acct_1',
    scopes: 'proxy,read',
    digest: keyDigest(key),
    last_used_at: null,
    email_verified_at: 1,
  }
  function setUp() {
    const clock = manualClock()
    let live = true
    const lookups: string[] = []
    const repo = {
      findLiveByDigest: async (digest: string) => {
        lookups.push(digest)
        return live && digest === row.digest ? row : undefined
      },
      touch: async () => undefined,
    }
    // Redis, and the same Redis after a restart that kept nothing.
    const stores = [createMemoryAdmissionStore({ clock }), createMemoryAdmissionStore({ clock })]
    let store = stores[0]!
    const current: AdmissionStore = {
      admit: (request) => store.admit(request),
      release: (k, token) => store.release(k, token),
      refundQuota: (k) => store.refundQuota(k),
      quotaUsed: (k) => store.quotaUsed(k),
      keyEpoch: (scope) => store.keyEpoch(scope),
      markRevoked: (scope, keyId) => store.markRevoked(scope, keyId),
      close: async () => undefined,
    }
    const states = keyStatesOf(current)
    const log = { warn: () => undefined, error: () => undefined }
    const authenticator = createKeyAuthenticator({
      repo,
      clock,
      background: createBackgroundTasks(log),
      states,
    })
    const limiter = createRateLimiter(
      { store: current, limits: fixedLimits(), hostKeySecret: 'secret-for-tests' },
      log,
    )
    const general = async () => {
      const principal = await authenticator.authenticate(key)
      return limiter.general(principal.accountId, defaultLimits, clock.now(), principal.cached)
    }
    const fetch = (principal: Principal) =>
      limiter.fetch({
        accountId: principal.accountId,
        host: 'example.test',
        trial: false,
        limits: defaultLimits,
        now: clock.now(),
        key: principal.cached,
      })
    return {
      authenticator,
      general,
      fetch,
      lookups,
      restartEmpty: () => void (store = stores[1]!),
      revoke: async () => {
        await states.markRevoked(row.account_id, row.id)
        live = false
      },
    }
  }

  it('answers a key it holds at once, without a promise; a key of the wrong shape as a rejection', async () => {
    const t = setUp()
    const first = t.authenticator.authenticate(key)
    assert.ok(first instanceof Promise, 'the first request looks the key up')
    const principal = await first
    assert.equal(t.authenticator.authenticate(key), principal)
    const confirmed = t.authenticator.authenticate(key, { confirmed: true })
    assert.ok(confirmed instanceof Promise, 'a confirmed answer always asks the database')
    assert.equal((await confirmed).keyId, principal.keyId)
    const malformed = t.authenticator.authenticate('sp_live_short')
    assert.ok(malformed instanceof Promise)
    await assert.rejects(malformed, { code: 'invalid_api_key' })
  })

  it("admits a held key's fetch at once, without a promise; one the store has no epoch for with one", async () => {
    const t = setUp()
    assert.equal((await t.general()).admitted, true)
    const principal = await t.authenticator.authenticate(key)
    const answer = t.fetch(principal)
    assert.ok(!(answer instanceof Promise), 'the embedded store decides at once')
    assert.equal(answer.admitted, true)
    answer.value?.finish(true)
    t.restartEmpty()
    const again = t.fetch(principal)
    assert.ok(again instanceof Promise, 'a key the store does not know is looked up in the database again')
    assert.equal((await again).admitted, true)
    assert.equal(t.lookups.length, 2)
  })

  it('finds no epoch, looks the key up again and admits it under a new one', async () => {
    const t = setUp()
    assert.equal((await t.general()).admitted, true)
    assert.equal(t.lookups.length, 1)
    t.restartEmpty()
    assert.equal((await t.general()).admitted, true)
    assert.equal(t.lookups.length, 2)
    assert.equal((await t.general()).admitted, true)
    assert.equal(t.lookups.length, 2)
  })

  it('refuses a key revoked before the restart: its marker is gone, the database still says so', async () => {
    const t = setUp()
    assert.equal((await t.general()).admitted, true)
    await t.revoke()
    t.restartEmpty()
    // The cache still holds the key; the store has no epoch for it, so the database answers.
    await assert.rejects(t.general(), { code: 'invalid_api_key' })
    assert.equal(t.lookups.length, 2)
  })

  it('refuses a revoked key by its marker without a database lookup, then forgets it', async () => {
    const t = setUp()
    assert.equal((await t.general()).admitted, true)
    await t.revoke()
    const refused = await t.general()
    assert.equal(!refused.admitted && refused.error.code, 'invalid_api_key')
    assert.equal(t.lookups.length, 1)
    await assert.rejects(t.general(), { code: 'invalid_api_key' })
    assert.equal(t.lookups.length, 2)
  })
})
