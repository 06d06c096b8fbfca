/**
 * `sallyport admin usage-report`: one statement line per account, RFC 4180 CSV (CRLF, a header, fields
 * quoted when they must be). Every amount twice: integer cents, and decimal USD computed from the cents.
 */
import type { Statement } from './billing-service.ts'
import { usdOf } from './money.ts'

export const statementColumns = [
  'month',
  'account_id',
  'email',
  'plan',
  'plan_fee_cents',
  'plan_fee_usd',
  'included_requests',
  'used_requests',
  'overage_requests',
  'overage_cents',
  'overage_usd',
  'total_cents',
  'total_usd',
] as const

/**
 * Quoted when it holds a comma, quote or line break. A text cell a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@`, tab, CR first: an e-mail local part may start so) gets a leading `'` (OWASP).
 */
export function csvField(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function statementsCsv(month: string, statements: readonly Statement[]): string {
  const lines = [statementColumns.join(',')]
  for (const { accountId, email, charge } of statements) {
    lines.push(
      [
        month,
        accountId,
        email,
        charge.plan,
        charge.feeCents,
        usdOf(charge.feeCents),
        charge.includedRequests,
        charge.usedRequests,
        charge.overageRequests,
        charge.overageCents,
        usdOf(charge.overageCents),
        charge.totalCents,
        usdOf(charge.totalCents),
      ]
        .map(csvField)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
