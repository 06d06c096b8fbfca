/**
 * The egress node's wire settings (docs/egress.md): header cap, idle connections kept, and an extra CA
 * for target TLS. Read once at start-up; a bad value stops the node with a ConfigError.
 */
import { X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ConfigError, type Env } from './env-parsing.ts'

export type EgressSettings = Readonly<{
  /** SALLYPORT_MAX_HEADER_BYTES: largest response header block accepted (names and values), both protocols. */
  maxHeaderBytes: number
  /** SALLYPORT_MAX_IDLE_CONNECTIONS: connections and HTTP/2 sessions to targets kept open while idle. */
  maxIdleConnections: number
  /** SALLYPORT_EXTRA_CA_FILE, read: PEM certificates trusted for targets besides the bundled roots. */
  extraCa: string | undefined
}>

export const egressDefaults = {
  maxHeaderBytes: 64 * 1024,
  maxIdleConnections: 128,
} as const

export function parseEgressSettings(env: Env): EgressSettings {
  return Object.freeze({
    maxHeaderBytes: wholeNumber('SALLYPORT_MAX_HEADER_BYTES', env, egressDefaults.maxHeaderBytes, 1024),
    maxIdleConnections: wholeNumber(
      'SALLYPORT_MAX_IDLE_CONNECTIONS',
      env,
      egressDefaults.maxIdleConnections,
      0,
    ),
    extraCa: extraCa(env.SALLYPORT_EXTRA_CA_FILE),
  })
}

function wholeNumber(name: string, env: Env, fallback: number, min: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got ${JSON.stringify(raw)}`)
  const value = Number(raw)
  if (value < min) throw new ConfigError(`${name} must be at least ${min}`)
  return value
}

function extraCa(path: string | undefined): string | undefined {
  if (path === undefined || path === '') return undefined
  let pem: string
  try {
    pem = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`SALLYPORT_EXTRA_CA_FILE cannot be read: ${(error as Error).message}`)
  }
  const certificates = pem.match(/-----BEGIN CERTIFICATE-----[^]*?-----END CERTIFICATE-----/g) ?? []
  if (certificates.length === 0) throw new ConfigError('SALLYPORT_EXTRA_CA_FILE holds no PEM certificate')
  for (const certificate of certificates) {
    try {
      new X509Certificate(certificate)
    } catch (error) {
      throw new ConfigError(
        `SALLYPORT_EXTRA_CA_FILE holds an invalid certificate: ${(error as Error).message}`,
      )
    }
  }
  return pem
}
