/**
 * The OpenAPI 3.1 document, generated from the route schemas (the single source: SPEC 9). A route with
 * `config.scope` is a data-plane route and gets the API-key security requirement.
 */
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { withExamples } from '../routes/docs/examples.ts'
import { documentedResponses } from './openapi-responses.ts'

export const apiDescription = `Sallyport fetches a URL from an egress node in the cloud region you choose and returns the
target's response in a flat JSON envelope.

Authenticate with your API key in the \`x-api-key\` header (\`Authorization: Bearer\` also works; when both
are sent, \`x-api-key\` is used). Errors are \`application/problem+json\` with a stable \`code\`: branch on
\`code\`, never on \`detail\`.`

/** Relative: the host that served the document, the production service or a local one. Public, not internal. */
const server = {
  url: '/',
  description: 'This host: production or local',
  'x-internal': false,
}

/** Registered on the root instance (not encapsulated) so `app.swagger()` sees every route. */
export function registerOpenApi(app: FastifyInstance): void {
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sallyport API',
        version: '2.0.0',
        description: apiDescription,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [server],
      tags: [
        { name: 'proxy', description: 'Fetch a URL from a region; the live fleet.' },
        { name: 'catalog', description: 'Browser User-Agent strings to send with your fetches.' },
        {
          name: 'account',
          description:
            'Sign-up, e-mail confirmation, sign-in and API keys: what the dashboard uses. Key management ' +
            'takes a dashboard session, never an API key.',
        },
        {
          name: 'billing',
          description:
            'Plans and prices, this month’s usage and charge, and the account’s own spending cap. A billable ' +
            'request is a fetch that returned an envelope; errors and idempotent replays are not billed.',
        },
        { name: 'operations', description: 'Liveness and readiness for load balancers.' },
        {
          name: 'social',
          description:
            'Beta, not billed: Bluesky, Mastodon (allowlisted instances) and Hacker News in one envelope and one profile and post shape. Bluesky search is excluded.',
        },
        { name: 'withdrawn', description: 'Endpoints that are no longer offered.' },
        { name: 'docs', description: 'This reference.' },
      ],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Your API key.' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The same API key as a bearer token.' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sallyport_session',
            description:
              'The dashboard session cookie set by `POST /v2/session` (`__Host-sallyport_session` over https). ' +
              'State-changing calls also send the CSRF token in `x-csrf-token`.',
          },
        },
      },
    },
    // Request and response examples and code samples on every operation, generated from the schemas.
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? withExamples(documentObject.openapiObject)
        : documentObject.swaggerObject,
    refResolver: {
      // Shared schemas keep their $id as their component name: `#/components/schemas/FetchEnvelope`.
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
    transform: ({ schema: routeSchema, url, route }) => {
      const scope = (route.config as { scope?: string } | undefined)?.scope
      if (routeSchema === undefined) return { schema: routeSchema, url }
      const session = (route.config as { session?: string } | undefined)?.session === 'required'
      const response = (routeSchema as { response?: Record<string, unknown> }).response
      const schema =
        response === undefined
          ? routeSchema
          : { ...routeSchema, response: documentedResponses(response, session || scope !== undefined) }
      if (session) return { schema: { ...schema, security: [{ session: [] }] }, url }
      // Public routes say so explicitly: no key needed.
      if (scope === undefined) return { schema: { ...schema, security: [] }, url }
      return {
        schema: {
          ...schema,
          security: [{ apiKey: [] }, { bearer: [] }],
          description:
            `${(schema as { description?: string }).description ?? ''}\n\nNeeds an API key with the \`${scope}\` scope.`.trim(),
        },
        url,
      }
    },
  })
}
