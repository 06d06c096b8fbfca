/**
 * Money is integer US cents everywhere; decimal strings (`"25.00"`) exist only at the edges (config,
 * the API, CSV), so no amount ever passes through a binary float.
 */
export type Money = Readonly<{ usd: string; cents: number }>

/** 2500 → "25.00"; 5 → "0.05". */
export function usdOf(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount of cents: ${cents}`)
  const text = String(cents).padStart(3, '0')
  return `${text.slice(0, -2)}.${text.slice(-2)}`
}

export function moneyOf(cents: number): Money {
  return { usd: usdOf(cents), cents }
}

/** "40" | "40.5" | "40.50" → cents. Undefined for anything else: signs, exponents, separators, 3 decimals. */
export function parseUsd(text: string, maxWholeDigits = 9): number | undefined {
  const match = new RegExp(`^(\\d{1,${maxWholeDigits}})(?:\\.(\\d{1,2}))?$`).exec(text)
  if (match === null) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** "1,234.50 USD": for people (CLI output, problem details). */
export function displayUsd(cents: number): string {
  const [whole, fraction] = usdOf(cents).split('.') as [string, string]
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction} USD`
}
