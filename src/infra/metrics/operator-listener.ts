/**
 * The operator listener of one process (docs/operations.md): `GET /metrics` in the Prometheus text format,
 * on its own address (SALLYPORT_OPERATOR_HOST, SALLYPORT_OPERATOR_PORT), never on the public port. It
 * answers nothing else and logs nothing: a scrape every few seconds is not worth a log line. With workers
 * the supervisor serves it, from every worker's metrics (cluster-metrics.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'

export type OperatorListener = {
  /** `http://host:port`, the port the system gave when 0 was asked for. */
  url: string
  close(): Promise<void>
}

export const metricsPath = '/metrics'

/** What a scrape reads: the process's registry, or the supervisor's aggregate of its workers' registries. */
export type MetricsSource = Pick<Registry, 'metrics' | 'contentType'>

function answer(response: ServerResponse, status: number, text: string, headers = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(text)
}

export async function startOperatorListener(options: {
  host: string
  port: number
  registry: MetricsSource
}): Promise<OperatorListener> {
  const { registry } = options
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]
    if (path !== metricsPath) return answer(response, 404, 'Not found: this listener serves /metrics.\n')
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(response, 405, 'Method not allowed.\n', { allow: 'GET, HEAD' })
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
        response.end(request.method === 'HEAD' ? undefined : text)
      },
      () => answer(response, 500, 'The metrics could not be collected.\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)))
        // A scraper's idle keep-alive connection would otherwise hold the close until it times out.
        server.closeIdleConnections()
      }),
  }
}
