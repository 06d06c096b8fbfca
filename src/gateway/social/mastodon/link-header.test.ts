import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { pageIds } from './link-header.ts'

describe('Mastodon Link header', () => {
  it('takes max_id from rel="next" and min_id from rel="prev"', () => {
    const header =
      '<https://mastodon.example/api/v1/accounts/1/statuses?limit=2&max_id=7486869>; rel="next", ' +
      '<https://mastodon.example/api/v1/accounts/1/statuses?limit=2&min_id=7489740>; rel="prev"'
    assert.deepEqual(pageIds(header), { next: '7486869', prev: '7489740' })
  })

  it('accepts since_id on prev, and no header at all', () => {
    assert.deepEqual(pageIds('<https://m.example/x?since_id=9>; rel="prev"'), { next: undefined, prev: '9' })
    assert.deepEqual(pageIds(undefined), { next: undefined, prev: undefined })
  })

  it('ignores ids that are not status ids and links that are not URLs', () => {
    assert.deepEqual(pageIds('<https://m.example/x?max_id=../../etc>; rel="next", <not a url>; rel="prev"'), {
      next: undefined,
      prev: undefined,
    })
  })
})
