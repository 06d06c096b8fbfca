import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AppError } from '../../shared/errors.ts'
import { createCursorCodec, invalidCursorDetail, type CursorContext } from './cursor-codec.ts'

const context: CursorContext = {
  network: 'mastodon',
  instance: 'mastodon.social',
  endpoint: 'mastodon.tag_posts',
  query: 'rust\n{}',
}

function clock(start = 1_700_000_000_000) {
  let now = start
  return { now: () => now, monotonic: () => 0, advance: (ms: number) => (now += ms) }
}

function refused(fn: () => unknown): AppError {
  try {
    fn()
  } catch (error) {
    assert.ok(error instanceof AppError)
    assert.equal(error.code, 'invalid_request')
    return error
  }
  assert.fail('expected invalid_request')
}

describe('cursor codec', () => {
  it('round-trips the upstream cursor for the context it was sealed for', () => {
    const codec = createCursorCodec('k'.repeat(32), clock())
    const token = codec.seal(context, 'max:110000000000000123')
    assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    assert.equal(codec.open(context, token), 'max:110000000000000123')
  })

  it('binds the cursor to network, instance, endpoint and query', () => {
    const codec = createCursorCodec('k'.repeat(32), clock())
    const token = codec.seal(context, 'max:1')
    for (const other of [
      { ...context, network: 'bluesky' },
      { ...context, instance: 'fosstodon.org' },
      { ...context, endpoint: 'mastodon.account_posts' },
      { ...context, query: 'rust\n{"only_media":true}' },
    ]) {
      refused(() => codec.open(other, token))
    }
  })

  it('refuses any change to the payload or the MAC, another secret, garbage and oversized tokens', () => {
    const codec = createCursorCodec('k'.repeat(32), clock())
    const token = codec.seal(context, 'max:1')
    const [payload, mac] = token.split('.') as [string, string]
    const forgedPayload = Buffer.from(JSON.stringify({ u: 'max:2', t: Date.now() })).toString('base64url')
    for (const bad of [
      `${forgedPayload}.${mac}`,
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${payload}.`,
      payload,
      '.',
      '',
      `${payload}.${mac}.${mac}`,
      'a'.repeat(3000),
    ]) {
      refused(() => codec.open(context, bad))
    }
    refused(() => createCursorCodec('z'.repeat(32), clock()).open(context, token))
  })

  it('opens on another instance with the same secret (another gateway), and nowhere else', () => {
    const secret = 's'.repeat(32)
    const token = createCursorCodec(secret, clock()).seal(context, 'max:7')
    assert.equal(createCursorCodec(secret, clock(1_700_000_060_000)).open(context, token), 'max:7')
    const error = refused(() => createCursorCodec('t'.repeat(32), clock()).open(context, token))
    assert.equal(error.message, invalidCursorDetail)
  })

  it('expires after 24 hours', () => {
    const time = clock()
    const codec = createCursorCodec('k'.repeat(32), time)
    const token = codec.seal(context, 'max:1')
    time.advance(23 * 3600_000)
    assert.equal(codec.open(context, token), 'max:1')
    time.advance(2 * 3600_000)
    assert.match(refused(() => codec.open(context, token)).message, /expired/)
  })
})
