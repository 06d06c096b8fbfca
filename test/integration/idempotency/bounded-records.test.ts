/**
 * The bounds of docs/adr/0008-bounded-idempotency-records.md through the fetch route: what a keyed fetch
 * stores, what a retry gets once the account's budget is spent, and that no retry ever fetches again.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { describe, it } from 'node:test'
import { createMemoryIdempotencyStore } from '../../../src/gateway/idempotency/memory-idempotency-store.ts'
import { envelopeFor, fakeNode } from '../../helpers/test-gateway.ts'
import { buildLimitsGateway } from '../../helpers/limits-gateway.ts'

const mib = 1024 * 1024

/** A node whose every answer is `text` as the envelope's result. */
function nodeAnswering(text: string) {
  const node = fakeNode('us-east', 'node_east1', {
    onJob: async (job) => ({
      kind: 'envelope',
      body: envelopeFor(node, job, { result: text, bytes: Buffer.byteLength(text) }),
    }),
  })
  return node
}

describe('keyed fetches within the idempotency budget', () => {
  it('keeps 30 keyed fetches of 1 MiB of control characters compressed, and replays one byte for byte', async (t) => {
    const store = createMemoryIdempotencyStore({ sweepIntervalMs: 0 })
    const gw = await buildLimitsGateway({
      nodes: [nodeAnswering('\u0001'.repeat(mib))],
      idempotency: () => store,
    })
    t.after(() => gw.close())
    let first
    for (let at = 0; at < 30; at++) {
      const answer = await gw.fetch(`https://example.com/${at}`, { key: `ctl-${at}` })
      assert.equal(answer.statusCode, 200)
      assert.ok(answer.rawPayload.length > 6 * mib, 'six bytes per escaped control character')
      first ??= answer
    }
    // Thirty envelopes of 6 MiB each, held in well under one.
    assert.ok(store.storedBytes() < mib, `${store.storedBytes()} bytes held`)
    const replay = await gw.fetch('https://example.com/0', { key: 'ctl-0' })
    assert.equal(replay.headers['idempotency-replayed'], 'true')
    assert.ok(first !== undefined && replay.rawPayload.equals(first.rawPayload), 'byte for byte')
    assert.equal(replay.headers['content-type'], first.headers['content-type'])
    assert.equal(gw.nodes[0]!.jobs.length, 30)
  })

  it('answers 410 for an answer too large to keep and 429 once the budget is spent; never fetches again', async (t) => {
    // 1 KiB: a small envelope (about 300 bytes, charged with its headers and 512 bytes) fits; a marker
    // of 512 bytes on top of it spends the budget.
    const store = createMemoryIdempotencyStore({ sweepIntervalMs: 0, accountBudgetBytes: 1024 })
    const huge = randomBytes(200 * 1024).toString('base64')
    const node = fakeNode('us-east', 'node_east1', {
      onJob: async (job) => ({
        kind: 'envelope',
        body: envelopeFor(node, job, job.url.includes('huge') ? { result: huge, bytes: huge.length } : {}),
      }),
    })
    const gw = await buildLimitsGateway({ nodes: [node], idempotency: () => store })
    t.after(() => gw.close())
    assert.equal((await gw.fetch('https://example.com/a', { key: 'first' })).statusCode, 200)
    const second = await gw.fetch('https://example.com/huge', { key: 'second' })
    assert.equal(second.statusCode, 200, 'the caller gets its answer: it was fetched and billed')
    assert.equal(gw.metered.length, 2)

    const retry = await gw.fetch('https://example.com/huge', { key: 'second' })
    assert.equal(retry.statusCode, 410)
    assert.equal(retry.headers['content-type'], 'application/problem+json; charset=utf-8')
    assert.equal(retry.json().code, 'idempotency_answer_not_kept')
    assert.equal(gw.nodes[0]!.jobs.length, 2, 'no second egress')
    assert.equal(gw.metered.length, 2, 'not billed again')
    const replay = await gw.fetch('https://example.com/a', { key: 'first' })
    assert.equal(replay.headers['idempotency-replayed'], 'true')

    // The budget is spent: a new key is refused before any work, until the oldest answer expires.
    gw.clock.advance(60_000)
    const refused = await gw.fetch('https://example.com/c', { key: 'third' })
    assert.equal(refused.statusCode, 429)
    assert.equal(refused.json().code, 'idempotency_budget_spent')
    assert.equal(refused.headers['retry-after'], String(24 * 60 * 60 - 60))
    assert.equal(gw.nodes[0]!.jobs.length, 2)
    assert.equal(gw.metered.length, 2)
    // Without a key the account still fetches.
    assert.equal((await gw.fetch('https://example.com/c')).statusCode, 200)
  })

  it('holds every account of a dev process to the process ceiling', async () => {
    // Random bytes do not compress: each answer charges 1,000,000 + 2 ("{}") + 512 bytes.
    const charge = 1_000_514
    const store = createMemoryIdempotencyStore({ sweepIntervalMs: 0, processBudgetBytes: 2 * charge })
    const now = Date.UTC(2031, 0, 1)
    for (const account of ['acct_0', 'acct_1']) {
      const begun = await store.begin(account, 'k', 'fp', now)
      assert.equal(begun.kind, 'claimed')
      if (begun.kind === 'claimed') {
        const body = randomBytes(1_000_000)
        await store.complete(account, 'k', begun.token, { status: 200, headers: {}, body }, now)
      }
    }
    assert.equal(store.storedBytes(), 2 * charge)
    // A third account has spent nothing of its own, but the process has.
    assert.deepEqual(await store.begin('acct_2', 'k', 'fp', now), {
      kind: 'budget_spent',
      retryAfterSeconds: 24 * 60 * 60,
    })
    await store.close()
  })
})
