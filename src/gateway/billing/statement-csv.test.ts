import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { chargeFor } from './charges.ts'
import { createPlanCatalog } from './plans.ts'
import { csvField, statementsCsv } from './statement-csv.ts'

describe('the statement CSV', () => {
  it('has a header and one CRLF line per account, money in cents and in decimal USD', () => {
    const entry = createPlanCatalog().get('entry')
    const csv = statementsCsv('2026-03', [
      { accountId: 'acct_a', email: 'ann@example.com', charge: chargeFor(entry, 73_456) },
    ])
    assert.equal(
      csv,
      'month,account_id,email,plan,plan_fee_cents,plan_fee_usd,included_requests,used_requests,overage_requests,' +
        'overage_cents,overage_usd,total_cents,total_usd\r\n' +
        '2026-03,acct_a,ann@example.com,entry,2500,25.00,50000,73456,23456,1173,11.73,3673,36.73\r\n',
    )
  })

  it('quotes what must be quoted and defuses spreadsheet formulas', () => {
    assert.equal(csvField('plain@example.com'), 'plain@example.com')
    assert.equal(csvField('a,b@example.com'), '"a,b@example.com"')
    assert.equal(csvField('say"hi"@example.com'), '"say""hi""@example.com"')
    assert.equal(csvField('=HYPERLINK("x")@example.com'), `"'=HYPERLINK(""x"")@example.com"`)
    assert.equal(csvField('+1@example.com'), "'+1@example.com")
    assert.equal(csvField('-x@example.com'), "'-x@example.com")
    assert.equal(csvField('@x'), "'@x")
    assert.equal(csvField(-5), '-5', 'numbers are left alone')
  })
})
