/** A listener that could not open its port (EADDRINUSE, EACCES), told in one line: which port, what to change. */
import { createServer } from 'node:net'
export type ListenError = Error & { code: 'EADDRINUSE' | 'EACCES'; address?: string; port?: number }

export function isListenError(error: unknown): error is ListenError {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && (code === 'EADDRINUSE' || code === 'EACCES')
}

export function describeListenError(error: ListenError): string {
  const where =
    error.port === undefined
      ? 'the port'
      : `${error.address?.includes(':') ? `[${error.address}]` : (error.address ?? '')}:${error.port}`
  const what =
    error.code === 'EADDRINUSE'
      ? `${where} is in use already (another sallyport, or another program)`
      : `${where} may not be opened by this user`
  return (
    `cannot listen on ${what}: choose another port with --port or the PORT setting ` +
    `(e.g. PORT=8081 npm start), or SALLYPORT_OPERATOR_PORT if it is the metrics listener's`
  )
}

/**
 * Resolves when `host:port` can be listened on now, else rejects with the listen error: a supervisor checks
 * its workers' ports before forking them, so a port in use stops the command with one line, as it stops a
 * single process, rather than once per worker. Port 0 (any free one) is always free.
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()))
  })
}
