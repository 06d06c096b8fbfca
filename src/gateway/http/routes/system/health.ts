/**
 * GET /healthz (the process is alive) and GET /readyz (its stores answer: DESIGN 4). /readyz names each
 * store and whether it answers, so an operator sees which one is away; it turns ready again by itself
 * once they answer. From the moment shutdown starts it answers 503 `draining`, so a load balancer stops
 * sending while the requests in flight finish (docs/deploy.md, "Faults and shutdown").
 */
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'

export type ReadinessCheck = { name: string; check(): Promise<void> }

const Liveness = Type.Object({ status: Type.Literal('ok') })
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready'), Type.Literal('draining')]),
  checks: Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('failing')])),
})

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: {
    readiness: readonly ReadinessCheck[]
    /** True once shutdown has started. */
    draining?: () => boolean
  },
): void {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'liveness',
        tags: ['operations'],
        summary: 'The process is alive',
        description: 'For a load balancer: no store is consulted, so it answers as long as the process runs.',
        response: { 200: Liveness },
      },
    },
    async () => ({ status: 'ok' as const }),
  )
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'readiness',
        tags: ['operations'],
        summary: 'The stores this gateway needs answer, and it is not shutting down',
        description:
          'Answers 503 with the same body while a store fails its check or the gateway is draining.',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      if (deps.draining?.() === true) return reply.code(503).send({ status: 'draining', checks: {} })
      const results = await Promise.all(
        deps.readiness.map(async (probe) => {
          const { name } = probe
          try {
            await probe.check()
            return [name, 'ok'] as const
          } catch {
            return [name, 'failing'] as const
          }
        }),
      )
      const ready = results.every(([, state]) => state === 'ok')
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks: Object.fromEntries(results) })
    },
  )
}
