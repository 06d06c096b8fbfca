import { defaults } from './defaults.ts'
import { ConfigError, integer, optional, type Env } from './env-parsing.ts'

/**
 * SALLYPORT_OPERATOR_PORT and SALLYPORT_OPERATOR_HOST: the operator listener of one process, which serves
 * `GET /metrics` apart from the public port (docs/operations.md). Unset port: no operator listener.
 */
export type OperatorListenerConfig = Readonly<{ host: string; port: number }>

/**
 * The operator listener is off unless SALLYPORT_OPERATOR_PORT is set (0: any free port, for tests). It binds
 * to loopback unless told otherwise, and never to the public port: `/metrics` stays off the public API.
 */
export function operatorListener(env: Env, publicPort: number): OperatorListenerConfig | undefined {
  const raw = optional(env.SALLYPORT_OPERATOR_PORT)
  if (raw === undefined) return undefined
  const port = integer('SALLYPORT_OPERATOR_PORT', raw, 0)
  if (port > 65_535) throw new ConfigError('SALLYPORT_OPERATOR_PORT must be at most 65535')
  const host = optional(env.SALLYPORT_OPERATOR_HOST) ?? defaults.operatorHost
  // Refused on any address: a wildcard public host (0.0.0.0, ::) already holds the port on all of them.
  if (port !== 0 && port === publicPort) {
    throw new ConfigError(
      `SALLYPORT_OPERATOR_PORT must differ from the public port (${port}): /metrics is not served to the public`,
    )
  }
  return Object.freeze({ host, port })
}
