import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { createMailer } from './mailer.ts'

describe('the outbox mailer (no SMTP configured)', () => {
  it('writes each mail as an .eml file readable by this user only, and logs its link and account id', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'sallyport-outbox-'))
    t.after(() => rm(dir, { recursive: true, force: true }))
    const logged: unknown[] = []
    const mailer = createMailer({
      smtpUrl: undefined,
      outboxDir: join(dir, 'outbox'),
      from: 'Sallyport <no-reply@sallyport.test>',
      log: { info: (fields: unknown) => void logged.push(fields) } as never,
    })
    t.after(() => mailer.close())
    const link = 'http://sallyport.test/dashboard/verify?token=abc'
    await mailer.send(
      { to: 'ann@example.com', subject: 'Confirm your address', text: `Hello.\n\n${link}\n` },
      { accountId: 'acct_1', kind: 'verify_email', link },
    )
    const files = await readdir(join(dir, 'outbox'))
    assert.equal(files.length, 1)
    assert.match(files[0]!, /verify_email-[0-9a-f]{8}\.eml$/)
    const file = join(dir, 'outbox', files[0]!)
    assert.equal((await stat(file)).mode & 0o777, 0o600)
    const eml = await readFile(file, 'utf8')
    assert.match(eml, /^To: ann@example\.com$/m)
    assert.match(eml, /^From: Sallyport <no-reply@sallyport\.test>$/m)
    assert.match(eml, /^Subject: Confirm your address$/m)
    assert.ok(eml.includes('verify?token=3Dabc') || eml.includes('verify?token=abc'))
    // The link whole and decoded, in a header a person sees first.
    assert.ok(eml.split('\n').includes(`X-Sallyport-Link: ${link}`), eml)
    assert.equal(logged.length, 1)
    const fields = logged[0] as Record<string, unknown>
    assert.equal(fields.account_id, 'acct_1')
    assert.equal(fields.link, link)
    assert.ok(!JSON.stringify(fields).includes('Hello'), 'the body is never logged')
    assert.ok(!JSON.stringify(fields).includes('ann@example.com'), 'the address is never logged')
  })
})
