import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pg from 'pg'
import { AppError } from '../../shared/errors.ts'
import { asDatabaseFault, isDatabaseFault } from './database-faults.ts'

function serverError(code: string): Error {
  const error = new pg.DatabaseError('from the server', 0, 'error')
  error.code = code
  return error
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code })
}

describe('database faults', () => {
  it('takes a lost, refused or timed-out connection and a server that cannot serve for a fault', () => {
    for (const error of [
      socketError('ECONNREFUSED'),
      socketError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      serverError('57P01'),
      serverError('57P03'),
      serverError('57014'),
      serverError('53300'),
      serverError('08006'),
      serverError('25006'),
    ]) {
      assert.equal(isDatabaseFault(error), true, error.message)
      const mapped = asDatabaseFault(error) as AppError
      assert.equal(mapped.code, 'database_unavailable')
      assert.equal(mapped.status, 503)
      assert.equal(mapped.retryAfter, 5)
      assert.equal(mapped.cause, error)
    }
  })

  it('leaves a wrong statement, a constraint and a bug of ours as they are', () => {
    for (const error of [
      serverError('23505'),
      serverError('42P01'),
      serverError('40001'),
      new TypeError('Connection terminated, but a TypeError'),
      new RangeError('int8 beyond 2^53'),
      new AppError('invalid_request', 'no'),
    ]) {
      assert.equal(isDatabaseFault(error), false, error.message)
      assert.equal(asDatabaseFault(error), error)
    }
  })
})
