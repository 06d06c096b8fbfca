import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { normaliseEmail } from './email-address.ts'

describe('e-mail normalisation', () => {
  it('trims, lower-cases the domain, keeps the local part and keys on the whole address lower-cased', () => {
    assert.deepEqual(normaliseEmail('  Ann.Lee@Example.COM \n'), {
      address: 'Ann.Lee@example.com',
      key: 'ann.lee@example.com',
    })
  })

  it('encodes an internationalised domain', () => {
    assert.equal(normaliseEmail('ann@bücher.example')?.address, 'ann@xn--bcher-kva.example')
  })

  it('accepts plus addressing and subdomains', () => {
    assert.equal(normaliseEmail('a+tag@mail.example.co.uk')?.address, 'a+tag@mail.example.co.uk')
  })

  for (const bad of [
    '',
    'ann',
    'ann@',
    '@example.com',
    'ann@localhost',
    'ann@example',
    'ann@@example.com',
    'an n@example.com',
    'ann@exa mple.com',
    'ann@example.com\r\nBcc: x@y.z',
    '"ann"@example.com',
    '.ann@example.com',
    'an..n@example.com',
    'ann@-example.com',
    'ann@example.123',
    'ann@1.2.3.4',
    `${'a'.repeat(65)}@example.com`,
    `ann@${'a'.repeat(250)}.com`,
  ]) {
    it(`refuses ${JSON.stringify(bad)}`, () => {
      assert.equal(normaliseEmail(bad), undefined)
    })
  }
})
