/**
 * One HTTP request on a connection of its own (no keep-alive pool). A process with workers hands each new
 * connection to its workers in turn, so successive calls reach every worker.
 */
import { request } from 'node:http'

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string }

export function onNewConnection(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false })
    outgoing.on('error', reject)
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      response.on('error', reject)
    })
    outgoing.end(options.body)
  })
}
