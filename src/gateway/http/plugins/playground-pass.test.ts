import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { testAuthenticator, testKeys } from '../../../../test/helpers/test-gateway.ts'
import { createPlaygroundPasses } from './playground-pass.ts'

describe('playground passes', () => {
  it('a pass opens one request for its account with the proxy scope only, then is an unknown key', async () => {
    const passes = createPlaygroundPasses()
    const auth = passes.authenticator(testAuthenticator())
    const pass = passes.issue('acct_ann')
    assert.deepEqual(await auth.authenticate(pass), {
      accountId: 'acct_ann',
      keyId: 'playground',
      scopes: ['proxy'],
    })
    await assert.rejects(async () => auth.authenticate(pass), { code: 'invalid_api_key' })
  })

  it('a revoked pass is an unknown key, and real keys are resolved as before', async () => {
    const passes = createPlaygroundPasses()
    const auth = passes.authenticator(testAuthenticator())
    const pass = passes.issue('acct_ann')
    passes.revoke(pass)
    await assert.rejects(async () => auth.authenticate(pass), { code: 'invalid_api_key' })
    await assert.rejects(async () => auth.authenticate('playground_made-up'), { code: 'invalid_api_key' })
    assert.equal((await auth.authenticate(testKeys.full)).accountId, 'acct_test')
  })
})
