import assert from 'node:assert/strict'
import { test } from 'node:test'
import { TargetNotPermittedError, TargetUnresolvedError } from './fetch-errors.ts'
import { refusalOf } from './refusal.ts'

function failure(code: string, message = 'connect ECONNREFUSED 10.1.2.3:443 secret.example.com'): Error {
  return Object.assign(new Error(message), { code })
}

test('policy refusals map to target_not_permitted, everything else to upstream_unavailable', () => {
  assert.equal(refusalOf(new TargetNotPermittedError()).code, 'target_not_permitted')
  assert.equal(refusalOf(new TargetUnresolvedError()).code, 'upstream_unavailable')
  for (const code of [
    'ECONNREFUSED',
    'ECONNRESET',
    'ENETUNREACH',
    'UND_ERR_SOCKET',
    'HPE_INVALID_CONSTANT',
    'EWHATEVER',
  ]) {
    assert.equal(refusalOf(failure(code)).code, 'upstream_unavailable', code)
  }
  assert.equal(refusalOf('not even an error').code, 'upstream_unavailable')
})

test('connect, header and body time-outs are timed_out', () => {
  for (const code of [
    'UND_ERR_CONNECT_TIMEOUT',
    'ETIMEDOUT',
    'UND_ERR_HEADERS_TIMEOUT',
    'UND_ERR_BODY_TIMEOUT',
  ]) {
    assert.equal(refusalOf(failure(code)).timed_out, true, code)
  }
  assert.equal(refusalOf(failure('ECONNREFUSED')).timed_out, false)
})

test('TLS failures say so', () => {
  for (const code of [
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'ERR_SSL_WRONG_VERSION_NUMBER',
    'CERT_HAS_EXPIRED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  ]) {
    assert.equal(
      refusalOf(failure(code)).detail,
      'The target could not be reached: the TLS handshake failed.',
      code,
    )
  }
})

test('a detail never repeats the underlying message, which names the target', () => {
  for (const code of [
    'ECONNREFUSED',
    'UND_ERR_CONNECT_TIMEOUT',
    'ERR_TLS_CERT_ALTNAME_INVALID',
    'EUNKNOWN',
    '',
  ]) {
    const { detail } = refusalOf(failure(code))
    assert.doesNotMatch(detail, /10\.1\.2\.3|secret|example/, code)
  }
})

test('HTTP/2 stream and session failures', () => {
  const calm = failure('ERR_HTTP2_STREAM_ERROR', 'Stream closed with error code NGHTTP2_ENHANCE_YOUR_CALM')
  assert.equal(refusalOf(calm).detail, 'The target sent response headers that are too large.')
  const reset = failure('ERR_HTTP2_STREAM_ERROR', 'Stream closed with error code NGHTTP2_INTERNAL_ERROR')
  assert.equal(
    refusalOf(reset).detail,
    'The target could not be reached: connection closed before the response was complete.',
  )
  const invalid = refusalOf(failure('ERR_HTTP2_INVALID_HEADER_VALUE'))
  assert.equal(invalid.detail, 'The target sent an invalid HTTP response.')
  for (const refusal of [refusalOf(calm), refusalOf(reset), invalid]) {
    assert.equal(refusal.code, 'upstream_unavailable')
    assert.equal(refusal.timed_out, false)
  }
})
