import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../../test/helpers/account-gateway.ts'
import { mintApiKey } from './api-key-format.ts'
import type { KeyRepository } from './key-repository.ts'
import { keyDigest } from './key-service.ts'

/** A gateway whose key lookups are counted. */
async function spied() {
  const lookups: string[] = []
  const gw = await buildAccountTestGateway({
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

describe('the database-backed data-plane authenticator', () => {
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
})
