/**
 * Requests that Node's HTTP parser refuses before any route sees them (DESIGN 3: every error is
 * application/problem+json with a stable code): a request line or header block over the size limit (431),
 * a malformed request line, an obs-folded or control-character header, Content-Length together with
 * Transfer-Encoding, a bad chunk (400), a request that took too long to arrive (408). Used as Fastify's
 * `clientErrorHandler` by the gateway and the node. The connection is closed after the answer: after a
 * parse error the rest of the stream cannot be trusted to be a next request.
 */
import { Buffer } from 'node:buffer'
import type { Socket } from 'node:net'
import { AppError, problemOf, type ErrorCode } from './errors.ts'
import { newId } from './ids.ts'

type ParserError = Error & { code?: string }

/** What the parser's failure means for the client, or undefined when there is nobody left to answer. */
export function clientErrorOf(error: ParserError): AppError | undefined {
  switch (error.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(
        'request_header_too_large',
        'The request line and headers together are larger than the server accepts (16 KiB).',
      )
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return new AppError('request_timeout', 'The request did not arrive in time; send it again.')
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return malformed('Content-Length and Transfer-Encoding may not be sent together.')
    case 'HPE_INVALID_HEADER_TOKEN':
      return malformed('A header line is not valid: a bad character in its name or value, or a folded line.')
    case 'HPE_INVALID_METHOD':
    case 'HPE_INVALID_URL':
    case 'HPE_INVALID_VERSION':
      return malformed('The request line is not valid HTTP/1.1.')
    default:
      return malformed('The request is not valid HTTP/1.1.')
  }
}

function malformed(detail: string): AppError {
  return new AppError('malformed_request', detail)
}

function head(status: number, code: ErrorCode, body: string, retryAfter: number | undefined): string {
  return [
    `HTTP/1.1 ${status} ${code}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...(retryAfter === undefined ? [] : [`Retry-After: ${retryAfter}`]),
    'Connection: close',
    '',
    '',
  ].join('\r\n')
}

/** Fastify's `clientErrorHandler`: answers the problem, then closes the connection. */
export function answerClientError(error: ParserError, socket: Socket): void {
  const problem = clientErrorOf(error)
  if (problem === undefined || socket.destroyed) return
  // A client that already got part of an answer on this connection cannot take another status line.
  if (socket.writable && (socket as Socket & { _httpMessage?: unknown })._httpMessage === undefined) {
    const body = JSON.stringify(problemOf(problem, newId('req')))
    socket.end(head(problem.status, problem.code, body, problem.retryAfter) + body)
  } else {
    socket.destroy()
  }
}
