/** The usage alert mail. Plain text, like every mail of ours. */
import type { MailMessage } from '../../infra/mail/mailer.ts'
import type { DueAlert } from './usage-thresholds.ts'

const what: Record<DueAlert['kind'], string> = {
  trial: 'of the requests your trial includes',
  included: "of the requests your plan includes this month; more are billed at the plan's rate",
  cap: 'of your monthly spending cap; at 100 % fetches are refused until next month or a higher cap',
}

function amount(alert: DueAlert): string {
  if (alert.kind !== 'cap')
    return `${alert.used.toLocaleString('en')} of ${alert.limit.toLocaleString('en')} requests`
  return `${(alert.used / 100).toFixed(2)} of ${(alert.limit / 100).toFixed(2)} USD`
}

export function usageAlertMail(to: string, alert: DueAlert, month: string, base: string): MailMessage {
  return {
    to,
    subject: `Sallyport: ${alert.threshold} % ${alert.kind === 'cap' ? 'of your spending cap' : 'of your requests'} used`,
    text: `Your Sallyport account has used ${alert.threshold} % ${what[alert.kind]} (${amount(alert)}, ${month}).

See your usage at ${base}/dashboard/account. You get this mail at most once a month for each
threshold; turn these mails off on the same page.
`,
  }
}
