import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { manualClock } from '../../../test/helpers/manual-clock.ts'
import type { Region } from '../../shared/regions.ts'
import { createStatusHistory, hourMs } from './status-history.ts'

describe('status history', () => {
  it('keeps the in-service share of each hour for 24 hours, and nothing for hours without samples', () => {
    const clock = manualClock(Date.UTC(2026, 10, 25, 0, 0, 0))
    const down = new Set<Region>()
    const history = createStatusHistory({ fleet: { regionInService: (region) => !down.has(region) }, clock })
    history.sample()
    down.add('europe')
    history.sample()
    clock.advance(2 * hourMs)
    history.sample()

    const europe = history.strip('europe')
    assert.equal(europe.length, 24)
    assert.deepEqual(
      europe.slice(-3).map((hour) => hour.availability),
      [0.5, null, 0],
    )
    assert.equal(europe.at(-1)!.start, Date.UTC(2026, 10, 25, 2, 0, 0))
    assert.deepEqual(
      history
        .strip('us-east')
        .slice(-3)
        .map((hour) => hour.availability),
      [1, null, 1],
    )

    clock.advance(23 * hourMs)
    history.sample()
    const day = history.strip('europe')
    assert.equal(day[0]!.start, Date.UTC(2026, 10, 25, 2, 0, 0))
    assert.deepEqual(
      day.map((hour) => hour.availability),
      [0, ...Array<null>(22).fill(null), 0],
    )
  })
})
