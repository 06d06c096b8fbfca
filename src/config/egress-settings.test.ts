import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { createTestCa } from '../../test/helpers/test-ca.ts'
import { ConfigError } from './env-parsing.ts'
import { loadNodeConfig } from './node-config.ts'
import { egressDefaults, parseEgressSettings } from './egress-settings.ts'

const base = { SALLYPORT_FLEET_SECRET: 'f'.repeat(32) }

describe('the egress node wire settings', () => {
  const ca = createTestCa(['ca.test'])
  const dir = mkdtempSync(join(tmpdir(), 'sallyport-egress-settings-'))
  after(() => {
    ca.remove()
    rmSync(dir, { recursive: true, force: true })
  })

  it('default to a 64 KiB header cap, 128 idle connections and no extra CA', () => {
    const config = loadNodeConfig({ region: 'us-east' }, base)
    assert.deepEqual(config.egress, { maxHeaderBytes: 65536, maxIdleConnections: 128, extraCa: undefined })
    assert.deepEqual(parseEgressSettings({}), { ...egressDefaults, extraCa: undefined })
  })

  it('read the header cap, the idle connections and the CA file from the environment', () => {
    const settings = parseEgressSettings({
      SALLYPORT_MAX_HEADER_BYTES: '131072',
      SALLYPORT_MAX_IDLE_CONNECTIONS: '0',
      SALLYPORT_EXTRA_CA_FILE: ca.caFile,
    })
    assert.equal(settings.maxHeaderBytes, 131072)
    assert.equal(settings.maxIdleConnections, 0)
    assert.equal(settings.extraCa, ca.caPem)
  })

  it('refuse numbers that are not, and a header cap under 1 KiB', () => {
    for (const env of [
      { SALLYPORT_MAX_HEADER_BYTES: '64k' },
      { SALLYPORT_MAX_HEADER_BYTES: '100' },
      { SALLYPORT_MAX_IDLE_CONNECTIONS: '-1' },
    ]) {
      assert.throws(() => loadNodeConfig({ region: 'europe' }, { ...base, ...env }), ConfigError)
    }
  })

  it('refuse a CA file that is missing, empty of certificates or broken', () => {
    const notPem = join(dir, 'not.pem')
    writeFileSync(notPem, 'hello')
    const broken = join(dir, 'broken.pem')
    writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n')
    for (const [file, message] of [
      [join(dir, 'missing.pem'), /cannot be read/],
      [notPem, /no PEM certificate/],
      [broken, /invalid certificate/],
    ] as const) {
      assert.throws(
        () => parseEgressSettings({ SALLYPORT_EXTRA_CA_FILE: file }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError)
          assert.match(error.message, message)
          return true
        },
      )
    }
  })
})
