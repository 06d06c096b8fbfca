import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { formatGoal, goal, strictGoal } from '../../bench/lib/goals.ts'

describe("bench's goals: each figure against its bound, its floor beside it", () => {
  it('meets a lower bound at the bound and above, an upper bound at the bound and below', () => {
    assert.equal(goal('t', 0.5, { atLeast: 0.5 }).met, true)
    assert.equal(goal('t', 0.499, { atLeast: 0.5 }).met, false)
    assert.equal(goal('c', 0.25, { atMost: 0.25 }).met, true)
    assert.equal(goal('c', 0.251, { atMost: 0.25 }).met, false)
    assert.equal(strictGoal('l', 1, 1).met, false)
    assert.equal(strictGoal('l', 0.999, 1).met, true)
    assert.equal(goal('t', undefined, { atLeast: 0.5 }).met, undefined)
  })

  it('judges the floor by the same bound', () => {
    const reachable = goal('t', 0.41, { atLeast: 0.5 }, 0.65)
    assert.deepEqual([reachable.met, reachable.floor, reachable.floorMet], [false, 0.65, true])
    const unreachable = goal('c', 0.545, { atMost: 0.25 }, 0.346)
    assert.deepEqual([unreachable.met, unreachable.floorMet], [false, false])
    assert.equal(strictGoal('l', 1.2, 1, 0.9).floorMet, true)
    assert.equal('floor' in goal('t', 0.41, { atLeast: 0.5 }), false)
  })

  it("says whether a missed goal is within the floor's reach on this machine", () => {
    assert.equal(
      formatGoal(goal('topology throughput / squid >= 0.50', 0.409, { atLeast: 0.5 }, 0.652)),
      '    MISSED       topology throughput / squid >= 0.50: 0.409; the floor 0.652, which meets it',
    )
    assert.equal(
      formatGoal(
        goal('topology CPU <= 0.25 ms', 0.545, { atMost: 0.25 }, 0.346, 'squid 0.138 ms per request'),
      ),
      '    MISSED       topology CPU <= 0.25 ms: 0.545 (squid 0.138 ms per request); the floor 0.346, ' +
        'which misses it too: out of reach of the code on this machine',
    )
    assert.equal(
      formatGoal(goal('latency <= 1 ms', 0.2, { atMost: 1 }, 0.1)),
      '    MET          latency <= 1 ms: 0.200; the floor 0.100',
    )
    // A naive floor can be slower than the service (1 MiB bodies): meeting the goal is then the code's doing.
    assert.equal(
      formatGoal(goal('dev 1 MiB / squid >= 0.80', 2.3, { atLeast: 0.8 }, 0.25)),
      '    MET          dev 1 MiB / squid >= 0.80: 2.300; the floor 0.250, which misses it',
    )
    assert.equal(
      formatGoal(goal('dev / squid >= 1.00', undefined, { atLeast: 1 })),
      '    NOT MEASURED dev / squid >= 1.00: n/a',
    )
  })
})
