/**
 * `sallyport fetch`: the API from a shell, through the typed client (src/client), so its retries,
 * Retry-After waits and Idempotency-Keys are the client's (docs/adr/0005-typed-client.md).
 *
 *   sallyport fetch URL [--region R] [--out FILE] [--json]       one URL: the body (or the envelope)
 *   sallyport fetch --from urls.txt --out-dir DIR [--concurrency N]   a list, with a progress bar
 */
import { Buffer } from 'node:buffer'
import { createReadStream } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import process from 'node:process'
import { createInterface } from 'node:readline'
import { Presets, SingleBar } from 'cli-progress'
import { Option, type Command } from 'commander'
import { ConfigError } from '../config/env-parsing.ts'
import type { Region } from '../shared/regions.ts'
import { Sallyport, SallyportError, type FetchEnvelope } from '../client/index.ts'
import { parseRegion, valueOf } from './cli-values.ts'

export type FetchOptions = {
  region?: Region
  out?: string
  json: boolean
  from?: string
  outDir?: string
  concurrency: number
  attempts: number
  baseUrl?: string
  timeout: number
}

function wholeNumber(min: number, max: number) {
  return (raw: string): number => {
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      throw new ConfigError(`'${raw}' is not a whole number from ${min} to ${max}`)
    }
    return Number(raw)
  }
}

export function addFetchCommand(program: Command): void {
  program
    .command('fetch')
    .description(
      'fetch a URL (or a list of them) through the API; key from SALLYPORT_API_KEY, service from SALLYPORT_BASE_URL',
    )
    .argument('[url]', 'the URL to fetch (or --from FILE)')
    .addOption(new Option('--region <region>', 'us-east, us-west or europe').argParser(valueOf(parseRegion)))
    .option('--out <file>', 'one URL: write the body (or the envelope with --json) there instead of stdout')
    .option('--json', 'one URL: print the whole envelope as JSON instead of the body', false)
    .option(
      '--from <file>',
      'a list: one URL a line ("-" reads standard input; blank lines and # comments skipped)',
    )
    .option('--out-dir <dir>', 'a list: where each body goes (NNNN-host.ext), with summary.json')
    .addOption(
      new Option('--concurrency <n>', 'a list: fetches at once (1 to 64)')
        .default(4)
        .argParser(valueOf(wholeNumber(1, 64))),
    )
    .addOption(
      new Option('--attempts <n>', 'requests per URL, retries of transient errors included (1 to 20)')
        .default(5)
        .argParser(valueOf(wholeNumber(1, 20))),
    )
    .addOption(
      new Option('--timeout <seconds>', 'per request (1 to 600)')
        .default(60)
        .argParser(valueOf(wholeNumber(1, 600))),
    )
    .option('--base-url <url>', 'the service (default: SALLYPORT_BASE_URL, else http://127.0.0.1:8080)')
    .addHelpText(
      'after',
      '\nTransient errors (503 region out of service, 429 rate limits, lost answers...) are retried with\n' +
        'exponential backoff and jitter, waiting out Retry-After; every retry of a URL carries the same\n' +
        'Idempotency-Key, so a fetch is never billed twice. Exit status: 0 all fetched, 1 some failed,\n' +
        '2 bad usage.',
    )
    .action(async (url: string | undefined, options: FetchOptions) => {
      if (url !== undefined && options.from !== undefined) {
        throw new ConfigError('give a URL or --from FILE, not both')
      }
      if (url === undefined && options.from === undefined)
        throw new ConfigError('fetch needs a URL or --from FILE')
      const client = new Sallyport({
        ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
        timeoutMs: options.timeout * 1000,
        retry: { maxAttempts: options.attempts, maxRetryAfterMs: 120_000 },
      })
      if (url !== undefined) {
        if (options.outDir !== undefined)
          throw new ConfigError('--out-dir goes with --from; for one URL use --out')
        await fetchOne(client, url, options)
        return
      }
      if (options.outDir === undefined) throw new ConfigError('--from needs --out-dir DIR for the bodies')
      if (options.out !== undefined || options.json) {
        throw new ConfigError('--out and --json are for one URL; a list writes to --out-dir')
      }
      await fetchList(client, options.from!, options.outDir, options)
    })
}

function body(envelope: FetchEnvelope): Buffer {
  return envelope.result_encoding === 'base64'
    ? Buffer.from(envelope.result, 'base64')
    : Buffer.from(envelope.result, 'utf8')
}

function describeError(error: SallyportError): string {
  const hint =
    error.code === 'missing_api_key' || error.code === 'invalid_api_key'
      ? ' (set SALLYPORT_API_KEY to a key with the proxy scope)'
      : error.code === 'network_error' || error.code === 'timeout'
        ? ' (is the service running? SALLYPORT_BASE_URL or --base-url says where)'
        : ''
  const status = error.status === 0 ? '' : ` (HTTP ${error.status})`
  const id = error.requestId === undefined ? '' : ` [request ${error.requestId}]`
  const tries = error.attempts > 1 ? ` after ${error.attempts} attempts` : ''
  return `${error.code}${status}${tries}: ${error.detail}${id}${hint}`
}

async function fetchOne(client: Sallyport, url: string, options: FetchOptions): Promise<void> {
  let envelope: FetchEnvelope
  try {
    envelope = await client.fetch({ url, ...(options.region !== undefined && { region: options.region }) })
  } catch (error) {
    if (!(error instanceof SallyportError)) throw error
    console.error(`sallyport: ${describeError(error)}`)
    process.exitCode = 1
    return
  }
  const output = options.json ? Buffer.from(JSON.stringify(envelope, null, 2) + '\n') : body(envelope)
  if (options.out === undefined) process.stdout.write(output)
  else await writeFile(options.out, output)
  const where = options.out === undefined ? '' : ` to ${options.out}`
  const note = `${envelope.status} from ${envelope.region_used} (${envelope.public_ip}), ${envelope.bytes} bytes${where}`
  if (options.out !== undefined || envelope.status >= 400) console.error(note)
}

async function readUrls(from: string): Promise<string[]> {
  const input = from === '-' ? process.stdin : createReadStream(from)
  const urls: string[] = []
  const lines = createInterface({ input, crlfDelay: Infinity })
  try {
    for await (const line of lines) {
      const trimmed = line.trim()
      if (trimmed !== '' && !trimmed.startsWith('#')) urls.push(trimmed)
    }
  } catch (error) {
    throw new ConfigError(`cannot read ${from}: ${(error as Error).message}`)
  }
  return urls
}

const extensions: Record<string, string> = {
  'text/html': 'html',
  'application/json': 'json',
  'text/plain': 'txt',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/csv': 'csv',
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
}

function fileName(index: number, url: string, contentType: string | null | undefined): string {
  let host = 'url'
  try {
    host = new URL(url).hostname.replace(/[^a-zA-Z0-9.-]/g, '_')
  } catch {
    // A URL the service refused still gets a line in the summary; it has no file.
  }
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return `${String(index + 1).padStart(4, '0')}-${host}.${extensions[type] ?? 'bin'}`
}

type Outcome =
  | { url: string; ok: true; file: string; status: number; region_used: string; bytes: number }
  | {
      url: string
      ok: false
      code: string
      http_status: number
      detail: string
      request_id?: string
      attempts: number
    }

async function fetchList(
  client: Sallyport,
  from: string,
  outDir: string,
  options: FetchOptions,
): Promise<void> {
  const urls = await readUrls(from)
  if (urls.length === 0) throw new ConfigError(`${from} names no URL`)
  await mkdir(outDir, { recursive: true })
  // A bar for people at a terminal; nothing but the summary when the output goes to a file or a pipe.
  const bar = process.stderr.isTTY
    ? new SingleBar(
        {
          format:
            'fetching [{bar}] {value}/{total} | done {done} | failed {failed} | {rate}/s | ETA {eta_formatted}',
          stream: process.stderr,
          hideCursor: true,
          etaBuffer: 50,
        },
        Presets.shades_classic,
      )
    : undefined
  const started = Date.now()
  let done = 0
  let failed = 0
  const rate = () => (((done + failed) * 1000) / Math.max(1, Date.now() - started)).toFixed(1)
  bar?.start(urls.length, 0, { done, failed, rate: rate() })

  const outcomes: Outcome[] = new Array<Outcome>(urls.length)
  let next = 0
  const worker = async () => {
    for (let index = next++; index < urls.length; index = next++) {
      const url = urls[index]!
      try {
        const envelope = await client.fetch({
          url,
          ...(options.region !== undefined && { region: options.region }),
        })
        const file = fileName(index, url, envelope.content_type)
        await writeFile(join(outDir, file), body(envelope))
        outcomes[index] = {
          url,
          ok: true,
          file,
          status: envelope.status,
          region_used: envelope.region_used,
          bytes: envelope.bytes,
        }
        done++
      } catch (error) {
        if (!(error instanceof SallyportError)) throw error
        outcomes[index] = {
          url,
          ok: false,
          code: error.code,
          http_status: error.status,
          detail: error.detail,
          ...(error.requestId !== undefined && { request_id: error.requestId }),
          attempts: error.attempts,
        }
        failed++
      }
      bar?.increment({ done, failed, rate: rate() })
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, urls.length) }, worker))
  bar?.stop()

  const seconds = (Date.now() - started) / 1000
  await writeFile(
    join(outDir, 'summary.json'),
    JSON.stringify({ fetched: done, failed, seconds, results: outcomes }, null, 2) + '\n',
  )
  const failures = outcomes.filter((outcome) => !outcome.ok)
  for (const failure of failures) {
    console.error(
      `failed ${failure.url}: ${failure.code}${failure.http_status === 0 ? '' : ` (HTTP ${failure.http_status})`}: ${failure.detail}`,
    )
  }
  console.log(
    `${done} of ${urls.length} fetched, ${failed} failed, in ${seconds.toFixed(1)} s; bodies and summary.json in ${outDir}`,
  )
  if (failed > 0) process.exitCode = 1
}
