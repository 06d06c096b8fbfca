import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import { createMemoryAttemptStore } from '../throttles/memory-attempt-store.ts'
import { createMailGate, defaultMailGatePolicy } from './mail-gate.ts'

describe('mail gate', () => {
  it('lets 5 mails an hour through to one address, then none until the hour has passed', async () => {
    const clock = manualClock()
    const gate = createMailGate({ store: createMemoryAttemptStore(), clock })
    for (let i = 0; i < 5; i++) assert.equal(await gate.allow('ann@example.com'), true)
    assert.equal(await gate.allow('ann@example.com'), false)
    assert.equal(await gate.allow('bob@example.com'), true)
    clock.advance(defaultMailGatePolicy.windowMs)
    assert.equal(await gate.allow('ann@example.com'), true)
  })

  it('lets no more than 5 through when they are asked for all at once', async () => {
    const gate = createMailGate({ store: createMemoryAttemptStore(), clock: manualClock() })
    const answers = await Promise.all(Array.from({ length: 20 }, () => gate.allow('ann@example.com')))
    assert.ok(answers.filter(Boolean).length <= 5, `${answers.filter(Boolean).length} mails let through`)
    // Skipped mails are not counted: the address still has what the burst did not use.
    let more = 0
    while (await gate.allow('ann@example.com')) more++
    assert.equal(answers.filter(Boolean).length + more, 5)
  })
})
