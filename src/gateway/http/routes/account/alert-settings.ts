/** GET and PUT /v2/account/alerts: whether usage alerts are mailed (docs/billing.md, "Usage alerts"). */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { UsageAlerts } from '../../../alerts/usage-alerts.ts'
import { sessionOf } from '../../plugins/session.ts'
import { errorResponses } from '../../schemas.ts'
import { sessionReadErrors, sessionWriteErrors } from './account-schemas.ts'

const Settings = Type.Object(
  {
    usage_alerts: Type.Boolean({
      description: 'Mail at 80 % and 100 % of the trial, the plan’s included requests and the spending cap.',
    }),
  },
  { additionalProperties: false },
)

export function registerAlertSettings(
  app: FastifyInstance,
  deps: { alerts: Pick<UsageAlerts, 'enabled' | 'setEnabled'> },
): void {
  app.get(
    '/v2/account/alerts',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'getAlertSettings',
        tags: ['account'],
        summary: 'Usage alert setting',
        response: { 200: Settings, ...errorResponses(sessionReadErrors) },
      },
    },
    async (request) => ({ usage_alerts: await deps.alerts.enabled(sessionOf(request).accountId) }),
  )
  app.put<{ Body: Static<typeof Settings> }>(
    '/v2/account/alerts',
    {
      config: { session: 'required' },
      schema: {
        operationId: 'setAlertSettings',
        tags: ['account'],
        summary: 'Turn usage alerts on or off',
        body: Settings,
        response: {
          200: Settings,
          ...errorResponses(['invalid_request', 'payload_too_large', ...sessionWriteErrors]),
        },
      },
    },
    async (request) => {
      await deps.alerts.setEnabled(sessionOf(request).accountId, request.body.usage_alerts)
      return { usage_alerts: request.body.usage_alerts }
    },
  )
}
