import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createPasswordHasher, owaspScrypt, passwordProblem } from './password-hasher.ts'

const cheap = { logN: 10, r: 8, p: 1 }

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hasher = createPasswordHasher(cheap)
    const stored = await hasher.hash('correct horse battery')
    assert.equal(await hasher.verify('correct horse battery', stored), true)
    assert.equal(await hasher.verify('correct horse batterY', stored), false)
  })

  it('stores the parameters, a 32-byte salt and a 64-byte key with the hash', async () => {
    const stored = await createPasswordHasher(cheap).hash('correct horse battery')
    const match = /^\$scrypt\$ln=10,r=8,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored)
    assert.ok(match, stored)
    assert.equal(Buffer.from(match[1]!, 'base64').length, 32)
    assert.equal(Buffer.from(match[2]!, 'base64').length, 64)
  })

  it('salts: the same password hashes differently twice', async () => {
    const hasher = createPasswordHasher(cheap)
    assert.notEqual(await hasher.hash('correct horse battery'), await hasher.hash('correct horse battery'))
  })

  it('uses the OWASP parameters by default (N=2^17, r=8, p=1)', async () => {
    assert.deepEqual(owaspScrypt, { logN: 17, r: 8, p: 1 })
    const hasher = createPasswordHasher()
    const stored = await hasher.hash('correct horse battery')
    assert.match(stored, /^\$scrypt\$ln=17,r=8,p=1\$/)
    assert.equal(await hasher.verify('correct horse battery', stored), true)
  })

  it('verifies a hash made at other parameters and says it needs upgrading', async () => {
    const old = await createPasswordHasher(cheap).hash('correct horse battery')
    const current = createPasswordHasher({ logN: 11, r: 8, p: 1 })
    assert.equal(await current.verify('correct horse battery', old), true)
    assert.equal(current.needsRehash(old), true)
    assert.equal(current.needsRehash(await current.hash('x'.repeat(10))), false)
  })

  it('answers false for a malformed stored hash and for the dummy', async () => {
    const hasher = createPasswordHasher(cheap)
    assert.equal(await hasher.verify('anything at all', 'not a hash'), false)
    assert.equal(await hasher.verifyNothing('anything at all'), false)
  })

  it('treats NFC and NFD spellings of a password as the same', async () => {
    const hasher = createPasswordHasher(cheap)
    const stored = await hasher.hash('caf\u00e9 au lait!')
    assert.equal(await hasher.verify('cafe\u0301 au lait!', stored), true)
  })

  it('says which length rule a new password breaks', () => {
    assert.match(passwordProblem('short')!, /at least 10/)
    assert.match(passwordProblem('x'.repeat(129))!, /at most 128/)
    assert.equal(passwordProblem('x'.repeat(10)), undefined)
    assert.equal(passwordProblem('x'.repeat(128)), undefined)
    // Characters, not UTF-16 units: ten emoji are ten characters.
    assert.equal(passwordProblem('🔑'.repeat(10)), undefined)
  })
})
