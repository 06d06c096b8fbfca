/**
 * The key part of admission both stores must show (ADR 0011, DESIGN 6): a cached key is admitted only under
 * the account's current epoch and without a revocation marker, in the same step as the rules, and a key
 * refusal records nothing. Run from admission-store-suite.ts, so from both twins.
 */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  allKeys,
  fetchAdmission,
  generalAdmission,
  type AdmissionRequest,
  type KeyCheck,
} from '../../src/gateway/rate-limits/admission.ts'
import { account, admitted, hostA, refused, type WithStore } from './admission-store-fixtures.ts'

const scope = '{acct_k}'

export function runAdmissionKeyTests(withStore: WithStore): void {
  test('a cached key is admitted under the epoch the store handed out, the same on every connection', () =>
    withStore(async (store, _clock, harness) => {
      const epoch = await store.keyEpoch(scope)
      assert.match(epoch, /^[A-Za-z0-9_-]{12}$/)
      const other = harness.open()
      assert.equal(await other.keyEpoch(scope), epoch)
      assert.notEqual(await store.keyEpoch('{acct_other}'), epoch)
      const key: KeyCheck = { scope, keyId: 'key_1', epoch }
      admitted(await other.admit({ rules: [account(scope, 5)], key }))
      admitted(await store.admit(fetchAdmission({ accountId: 'acct_k', hostKey: hostA, key })))
    }))

  test('an epoch the store does not hold (restarted empty, expired) is key_unconfirmed and records nothing', () =>
    withStore(async (store) => {
      const request = (epoch: string): AdmissionRequest => ({
        rules: [account(scope, 1)],
        key: { scope, keyId: 'key_1', epoch },
      })
      // No epoch at all yet: what a Redis that restarted empty holds.
      const cold = refused(await store.admit(request('epoch-of-before')))
      assert.deepEqual(cold, { admitted: false, reason: 'key_unconfirmed', retryAfterMs: 0, states: [] })
      const epoch = await store.keyEpoch(scope)
      assert.equal(refused(await store.admit(request('epoch-of-before'))).reason, 'key_unconfirmed')
      // Nothing was recorded by the refusals: the budget of 1 is whole.
      admitted(await store.admit(request(epoch)))
      assert.equal(refused(await store.admit(request(epoch))).reason, 'rate_limited')
    }))

  test('a revocation marker refuses that key at the next admission, before any rule, and no other key', () =>
    withStore(async (store, _clock, harness) => {
      const epoch = await store.keyEpoch(scope)
      const revoked: KeyCheck = { scope, keyId: 'key_revoked', epoch }
      const kept: KeyCheck = { scope, keyId: 'key_kept', epoch }
      admitted(await store.admit(generalAdmission({ accountId: 'acct_k', key: revoked })))
      // Another gateway writes the marker.
      await harness.open().markRevoked(scope, 'key_revoked')
      const refusal = refused(
        await store.admit(fetchAdmission({ accountId: 'acct_k', hostKey: hostA, key: revoked })),
      )
      assert.deepEqual(refusal, { admitted: false, reason: 'key_revoked', retryAfterMs: 0, states: [] })
      // The epoch is unchanged by a marker: the account's other keys go on, and the refusal took no budget.
      assert.equal(await store.keyEpoch(scope), epoch)
      admitted(await store.admit({ rules: [account(scope, 1)], key: kept }))
      // A marker wins over a stale epoch: no database lookup for a key known to be revoked.
      assert.equal(
        refused(await store.admit({ rules: [account(scope, 5)], key: { ...revoked, epoch: 'stale' } }))
          .reason,
        'key_revoked',
      )
    }))

  test('the marker of every key (an account deleted) refuses each of them; other accounts go on', () =>
    withStore(async (store) => {
      const epoch = await store.keyEpoch(scope)
      const elsewhere = { scope: '{acct_else}', keyId: 'key_3', epoch: await store.keyEpoch('{acct_else}') }
      await store.markRevoked(scope, allKeys)
      for (const keyId of ['key_1', 'key_2']) {
        const answer = refused(
          await store.admit({ rules: [account(scope, 5)], key: { scope, keyId, epoch } }),
        )
        assert.equal(answer.reason, 'key_revoked')
      }
      admitted(await store.admit({ rules: [account('{acct_else}', 5)], key: elsewhere }))
    }))

  test('a marker written before any epoch (a cold store) still refuses once an epoch is made', () =>
    withStore(async (store) => {
      await store.markRevoked(scope, 'key_1')
      const epoch = await store.keyEpoch(scope)
      const answer = refused(
        await store.admit({ rules: [account(scope, 5)], key: { scope, keyId: 'key_1', epoch } }),
      )
      assert.equal(answer.reason, 'key_revoked')
    }))
}
