/**
 * The per-client-address ceiling of a route that takes a mailed token, seen through the real route: on a
 * gateway built with `perClientAddress: 2`, two well-formed guesses from one address are looked at, the
 * third call from it is refused with 429 before the token is looked up (even the right token), and the
 * same token still works from another address, since the refused call spent nothing.
 */
import assert from 'node:assert/strict'
import type { AccountGateway } from './account-gateway.ts'

export async function assertTokenRouteThrottled(gw: AccountGateway, url: string, token: string) {
  const send = (value: string, remoteAddress: string) => gw.post(url, { token: value }, { remoteAddress })
  for (const guess of ['A'.repeat(43), 'B'.repeat(43)]) {
    assert.equal((await send(guess, '198.51.100.7')).json().code, 'invalid_token')
  }
  const refused = await send(token, '198.51.100.7')
  assert.equal(refused.statusCode, 429)
  assert.equal(refused.headers['content-type'], 'application/problem+json; charset=utf-8')
  assert.equal(refused.json().code, 'too_many_attempts')
  assert.ok(Number(refused.headers['retry-after']) >= 1)
  assert.equal((await send(token, '198.51.100.8')).statusCode, 200, 'the refused call spent nothing')
}
