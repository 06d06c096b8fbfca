/**
 * GET /v2/user-agents/ (SPEC 4.4): the curated catalog of real browser User-Agent strings. The trailing
 * slash is part of the path; `/v2/user-agents` is not this route.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { listUserAgents } from '../../../user-agents/user-agent-catalog.ts'
import { browsers, deviceTypes, operatingSystems } from '../../../user-agents/user-agent.ts'
import { dataPlaneErrors, errorResponses } from '../../schemas.ts'

/** A plain string enum, which OpenAPI tools show as its values. */
function stringEnum<T extends string>(values: readonly T[], description: string) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], description })
}

const UserAgentSchema = Type.Object(
  {
    id: Type.String({
      description: 'Stable slug. An id always names this exact string; a catalog refresh adds new ids.',
      examples: ['chrome-157-windows'],
    }),
    user_agent: Type.String({
      description: 'Send this verbatim as the User-Agent header of your POST /v2/proxy/fetch request.',
    }),
    browser: stringEnum(browsers, 'The browser the string identifies as.'),
    browser_version: Type.String({
      description:
        "As the string's browser token spells it: `157.0.0.0` (Chromium's reduced form), `157.0`, `26.3`.",
    }),
    os: stringEnum(operatingSystems, 'The operating system the string identifies as.'),
    os_version: Type.Union([Type.String(), Type.Null()], {
      description:
        'Null when the string carries a frozen or no OS version (Windows NT 10.0, Mac OS X 10_15_7, ' +
        'Chromium on Android, Safari 26 and later on iPhone and iPad).',
    }),
    device_type: stringEnum(deviceTypes, 'The kind of device the string identifies as.'),
  },
  { $id: 'UserAgent', description: 'A real browser User-Agent string and what it identifies as.' },
)

const UserAgentListSchema = Type.Object(
  {
    user_agents: Type.Array(Type.Ref('UserAgent'), {
      description: 'The matching entries in catalog order: the newest release first on each platform.',
    }),
    count: Type.Integer({ minimum: 0, description: 'How many entries this answer holds.' }),
  },
  { $id: 'UserAgentList' },
)

const maxLimit = 100

const ListQuery = Type.Object(
  {
    browser: Type.Optional(stringEnum(browsers, 'Only strings of this browser.')),
    os: Type.Optional(stringEnum(operatingSystems, 'Only strings of this operating system.')),
    device_type: Type.Optional(stringEnum(deviceTypes, 'Only strings of this kind of device.')),
    // A string with a pattern: query values are never coerced (DESIGN 3), so `limit=5` arrives as "5".
    limit: Type.Optional(
      Type.String({
        pattern: '^(?:[1-9][0-9]?|100)$',
        maxLength: 3,
        description: `At most this many entries (1 to ${maxLimit}), counted after the other filters. Omitted: all.`,
        examples: ['1'],
      }),
    ),
  },
  { additionalProperties: false },
)

export function registerUserAgentsRoute(app: FastifyInstance): void {
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v2/user-agents/',
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'listUserAgents',
        tags: ['catalog'],
        summary: 'Real browser User-Agent strings to fetch with',
        description:
          'A curated catalog of current desktop and mobile User-Agent strings of Chrome, Safari, Firefox and ' +
          'Edge. To use one, send its `user_agent` as the User-Agent header of your own POST /v2/proxy/fetch ' +
          "request: the egress node forwards the caller's User-Agent to the target. Filters combine; an " +
          'unknown filter or value is refused with 422. Answers may be cached for an hour.',
        querystring: ListQuery,
        response: {
          200: Type.Ref('UserAgentList', { description: 'The matching entries.' }),
          ...errorResponses(['invalid_request', ...dataPlaneErrors]),
        },
      },
    },
    async (request, reply) => {
      const { limit, ...filter } = request.query
      const entries = listUserAgents({ ...filter, limit: limit === undefined ? undefined : Number(limit) })
      // Private: answered per API key. An hour: the catalog changes only with a deploy.
      void reply.header('cache-control', 'private, max-age=3600')
      return { user_agents: entries, count: entries.length }
    },
  )
}

export const userAgentSchemas = [UserAgentSchema, UserAgentListSchema]
