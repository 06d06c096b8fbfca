/**
 * Reading upstream JSON, which is untrusted: a field of the wrong type reads as absent, never as a crash
 * or as a value of the wrong type in our answer.
 */
export type Json = Record<string, unknown>

export function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** The objects of an array; anything else in it is skipped. */
export function records(value: unknown): Json[] {
  const found: Json[] = []
  for (const item of list(value)) {
    const object = record(item)
    if (object !== undefined) found.push(object)
  }
  return found
}

export function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** A non-empty string, else null. */
export function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

export function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null
}

export function flag(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null
}

/** An ISO-8601 time or a Unix time in seconds, as ISO-8601 UTC; anything else null. */
export function isoTime(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const date = new Date(value * 1000)
    return Number.isNaN(date.getTime()) ? null : date.toISOString()
  }
  if (typeof value === 'string') {
    const at = Date.parse(value)
    return Number.isNaN(at) ? null : new Date(at).toISOString()
  }
  return null
}

/** Only http(s) URLs reach our answers. */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}
