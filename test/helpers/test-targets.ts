/**
 * Test support for the egress tests beside this file: loopback `node:http` targets and fetcher options.
 * Not imported by production code.
 */
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FetchJob } from '../../src/shared/fleet-contract.ts'
import type { FetcherOptions, FetchOutcome } from '../../src/node/fetching/fetcher.ts'

export type Target = {
  port: number
  url(path: string): string
  /** TCP connections accepted so far. */
  connections(): number
  requests: IncomingMessage[]
  close(): Promise<void>
}

export async function startTarget(host: string, handler: RequestListener): Promise<Target> {
  const requests: IncomingMessage[] = []
  let connections = 0
  const server = createServer((request, response) => {
    requests.push(request)
    handler(request, response)
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    url: (path) => `http://${host}:${port}${path}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function fetcherOptions(overrides: Partial<FetcherOptions> = {}): FetcherOptions {
  return {
    deviceId: 'node_test',
    publicIp: '203.0.113.7',
    allowTargets: ['127.0.0.0/8'],
    dnsServers: [],
    maxBodyBytes: 10 * 1024 * 1024,
    timeoutMs: 5_000,
    connectTimeoutMs: 2_000,
    maxRedirects: 10,
    defaultUserAgent: 'Sallyport-Internal-Fetcher/1.0',
    ...overrides,
  }
}

export function job(url: string, userAgent: string | null = null): FetchJob {
  return { url, user_agent: userAgent }
}

export function envelopeOf(outcome: FetchOutcome) {
  assert.ok(outcome.ok === true, `expected an envelope, got ${JSON.stringify(outcome)}`)
  return outcome.envelope
}

export function refusalOf(outcome: FetchOutcome) {
  assert.ok(outcome.ok === false, `expected a refusal, got ${JSON.stringify(outcome)}`)
  return outcome.refusal
}

/**
 * `mib` MiB of zeros through `compressor` (gzip, brotli, zstd), streamed: the test never holds the decoded
 * body, only the compressed bomb.
 */
export async function compressedZeros(compressor: Transform, mib: number): Promise<Buffer> {
  const zeros = Buffer.alloc(1024 * 1024)
  const chunks: Buffer[] = []
  compressor.on('data', (chunk: Buffer) => chunks.push(chunk))
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < mib; i++) yield zeros
      })(),
    ),
    compressor,
  )
  return Buffer.concat(chunks)
}
