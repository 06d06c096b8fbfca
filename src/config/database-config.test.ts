import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadDatabasePool } from './database-config.ts'
import { ConfigError } from './env-parsing.ts'
import { loadGatewayConfig } from './gateway-config.ts'

describe('the PostgreSQL pool settings', () => {
  it('default to ten connections, time-outs of 5 s and 2 s, and named statements', () => {
    assert.deepEqual(loadDatabasePool({}), {
      size: 10,
      statementTimeoutMs: 5_000,
      connectTimeoutMs: 2_000,
      preparedStatements: true,
    })
  })

  it('turn named statements off for a pooler that does not keep them, and a gateway takes that', () => {
    assert.equal(
      loadDatabasePool({ SALLYPORT_DATABASE_PREPARED_STATEMENTS: 'off' }).preparedStatements,
      false,
    )
    assert.equal(loadDatabasePool({ SALLYPORT_DATABASE_PREPARED_STATEMENTS: 'on' }).preparedStatements, true)
    assert.equal(loadDatabasePool({ SALLYPORT_DATABASE_PREPARED_STATEMENTS: '' }).preparedStatements, true)
    const gateway = loadGatewayConfig(
      {},
      { SALLYPORT_FLEET_SECRET: 'f'.repeat(32), SALLYPORT_DATABASE_PREPARED_STATEMENTS: 'off' },
    )
    assert.equal(gateway.databasePool.preparedStatements, false)
  })

  it('refuse anything but on and off, naming the variable', () => {
    for (const raw of ['false', '0', 'OFF', 'no']) {
      assert.throws(
        () => loadDatabasePool({ SALLYPORT_DATABASE_PREPARED_STATEMENTS: raw }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message === `SALLYPORT_DATABASE_PREPARED_STATEMENTS must be on or off, got "${raw}"`,
      )
    }
  })
})
