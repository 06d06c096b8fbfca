import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildAccountTestGateway } from '../../test/helpers/account-gateway.ts'

type Line = {
  level: string
  time: string
  service: string
  reqId?: string
  msg: string
  req?: { method: string; route: string }
  res?: { status: number; method: string; route: string; code?: string }
  responseTime?: number
}

describe('request logs', () => {
  it('are JSON lines with the request id, route pattern, status, code and duration, and no target', async (t) => {
    const gw = await buildAccountTestGateway()
    t.after(() => gw.close())
    const marker = `mark${Date.now().toString(36)}`
    await gw.verifiedAccount('logs@example.test')
    const session = await gw.signIn('logs@example.test')
    const { key } = await gw.mintKey(session)
    const fetched = await gw.app.inject({
      method: 'POST',
      url: '/v2/proxy/fetch?region=us-east',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `http://${marker}.example/${marker}?q=${marker}` }),
    })
    assert.equal(fetched.statusCode, 200)
    const revoke = await gw.app.inject({ method: 'DELETE', url: `/v2/keys/${marker}` })
    const unknown = await gw.app.inject({ method: 'GET', url: `/v2/${marker}?q=${marker}` })
    assert.equal(unknown.statusCode, 404)
    await gw.settle()

    const lines = gw.logLines.map((line) => JSON.parse(line) as Line)
    const completed = (response: { headers: Record<string, unknown> }) => {
      const id = response.headers['x-request-id']
      const line = lines.find((entry) => entry.reqId === id && entry.msg === 'request completed')
      assert.ok(line !== undefined, `a completed line for ${String(id)}`)
      return line
    }
    const fetchLine = completed(fetched)
    assert.equal(fetchLine.service, 'gateway')
    assert.equal(fetchLine.level, 'info')
    assert.match(fetchLine.time, /^\d{4}-\d\d-\d\dT/)
    assert.deepEqual(fetchLine.res, { status: 200, method: 'POST', route: '/v2/proxy/fetch' })
    assert.equal(typeof fetchLine.responseTime, 'number')
    // One line a request at info: the incoming line is written at debug only.
    assert.deepEqual(
      lines.filter((entry) => entry.reqId === fetchLine.reqId).map((entry) => entry.msg),
      ['request completed'],
    )

    assert.deepEqual(completed(revoke).res, {
      status: revoke.statusCode,
      method: 'DELETE',
      route: '/v2/keys/:id',
      code: revoke.json<{ code: string }>().code,
    })
    assert.deepEqual(completed(unknown).res, {
      status: 404,
      method: 'GET',
      route: 'unmatched',
      code: 'not_found',
    })
    // DESIGN 7: neither the target nor a path or query the caller sent reaches a log line.
    assert.ok(!gw.logLines.join('').includes(marker))
  })
})
