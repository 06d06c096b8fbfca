/**
 * E-mail addresses as accounts use them: trimmed, the domain lower-cased (and IDNA-encoded), at most
 * 254 characters (RFC 5321 path limit). `key` is the whole address lower-cased: one account per mailbox
 * however the local part is capitalised.
 */
import { domainToASCII } from 'node:url'

export type EmailAddress = { address: string; key: string }

export const maxEmailLength = 254

// No whitespace, controls, quotes or the specials of RFC 5322 outside quoted strings (which we refuse).
const localPart = /^[^\s\p{Cc}"(),:;<>@[\\\]]{1,64}$/u
const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

export function normaliseEmail(raw: string): EmailAddress | undefined {
  const trimmed = raw.trim()
  if (trimmed.length === 0 || trimmed.length > maxEmailLength) return undefined
  const at = trimmed.lastIndexOf('@')
  if (at < 1) return undefined
  const local = trimmed.slice(0, at)
  if (!localPart.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return undefined
  }
  const domain = domainToASCII(trimmed.slice(at + 1)).toLowerCase()
  const labels = domain.split('.')
  if (labels.length < 2 || !labels.every((part) => label.test(part))) return undefined
  if (/^\d+$/.test(labels.at(-1)!)) return undefined
  const address = `${local}@${domain}`
  if (address.length > maxEmailLength) return undefined
  return { address, key: address.toLowerCase() }
}
