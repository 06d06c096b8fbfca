import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { envelopeFor } from '../../../test/helpers/test-gateway.ts'
import { envelopeBytes } from './envelope-bytes.ts'

const job = { url: 'https://example.com/', user_agent: null }

describe('envelopeBytes', () => {
  it("reads the node envelope's bytes field", () => {
    assert.equal(envelopeBytes(envelopeFor({ deviceId: 'n' }, job)), 5)
    assert.equal(envelopeBytes(envelopeFor({ deviceId: 'n' }, job, { bytes: 10_485_760 })), 10_485_760)
    assert.equal(envelopeBytes(envelopeFor({ deviceId: 'n' }, job, { bytes: 0 })), 0)
  })

  it('is not fooled by the key inside a string value (the body, the content type)', () => {
    const envelope = envelopeFor({ deviceId: 'n' }, job, {
      result: 'x,"bytes":999999,"y":1',
      content_type: 'text/plain; a=",\\"bytes\\":77"',
      bytes: 42,
    })
    assert.equal(envelopeBytes(envelope), 42)
  })

  it('answers 0 when there is no bytes field', () => {
    assert.equal(envelopeBytes(Buffer.from('{"result":"x"}')), 0)
  })
})
