/**
 * Sign-up to sign-in through a real SMTP server on 127.0.0.1: the gateway is wired by its own composition
 * root (createGatewayDeps) with SALLYPORT_SMTP_URL pointing at the server, at production scrypt cost.
 */
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { SMTPServer } from 'smtp-server'
import { loadGatewayConfig } from '../../src/config/gateway-config.ts'
import { buildGateway } from '../../src/gateway/app.ts'
import { createGatewayDeps } from '../../src/gateway/deps.ts'

type Received = { from: string; to: string[]; raw: string }

async function smtpSink() {
  const received: Received[] = []
  const waiters: Array<(mail: Received) => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(mail)
        waiters.shift()?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () =>
      new Promise<Received>((resolve) => {
        const ready = received.shift()
        if (ready !== undefined) resolve(ready)
        else waiters.push(resolve)
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The text part as a reader sees it: quoted-printable soft breaks and escapes undone. */
function decodedBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4)
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(raw)) return body
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

describe('sign-up through SMTP', () => {
  it(
    'mails the verification link, whose token verifies the account, after which sign-in works',
    { timeout: 30_000 },
    async (t) => {
      const smtp = await smtpSink()
      const dataDir = await mkdtemp(join(tmpdir(), 'sallyport-smtp-'))
      const config = loadGatewayConfig(
        { nodes: [], port: 0 },
        {
          SALLYPORT_DATA_DIR: dataDir,
          SALLYPORT_FLEET_SECRET: 'f'.repeat(32),
          SALLYPORT_SMTP_URL: smtp.url,
          SALLYPORT_PUBLIC_URL: 'http://sallyport.test:8080',
          SALLYPORT_MAIL_FROM: 'Sallyport <no-reply@sallyport.test>',
          SALLYPORT_LOG_LEVEL: 'silent',
        },
      )
      const runtime = createGatewayDeps(config)
      await runtime.migrate()
      const app = buildGateway({ ...runtime, logger: false })
      await app.ready()
      t.after(async () => {
        await app.close()
        await runtime.close()
        await smtp.close()
        await rm(dataDir, { recursive: true, force: true })
      })
      const post = (url: string, body: unknown) =>
        app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })

      const signUp = await post('/v2/account', {
        email: 'Ann@Example.com',
        password: 'correct horse battery',
      })
      assert.equal(signUp.statusCode, 202)

      const mail = await smtp.next()
      assert.deepEqual(mail.to, ['Ann@example.com'])
      assert.equal(mail.from, 'no-reply@sallyport.test')
      assert.match(mail.raw, /^Subject: Confirm your e-mail address for Sallyport/m)
      const link = /http:\/\/sallyport\.test:8080\/dashboard\/verify\?token=([A-Za-z0-9_-]{43})/.exec(
        decodedBody(mail.raw),
      )
      assert.ok(link, 'the mail carries the verification link')

      const early = await post('/v2/session', { email: 'ann@example.com', password: 'correct horse battery' })
      assert.equal(early.json().code, 'email_not_verified')

      const verify = await post('/v2/account/verify', { token: link[1] })
      assert.equal(verify.statusCode, 200)
      const signIn = await post('/v2/session', {
        email: 'ann@example.com',
        password: 'correct horse battery',
      })
      assert.equal(signIn.statusCode, 200)
      assert.match(signIn.headers['set-cookie'] as string, /^sallyport_session=/)
      assert.equal(signIn.json().account.email_verified, true)

      const ready = await app.inject({ method: 'GET', url: '/readyz' })
      assert.equal(ready.json().status, 'ready')
      assert.equal(ready.json().checks.database, 'ok')
    },
  )
})
