/** A listener that could not open its port (EADDRINUSE, EACCES), told in one line: which port, what to change. */
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
