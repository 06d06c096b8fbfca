/**
 * The schemas of POST /v2/proxy/fetch (SPEC 2.1, 2.2, 4.1) and the URL check of DESIGN 5: the request the
 * route accepts and the envelope it answers.
 */
import { Type } from '@sinclair/typebox'
import { AppError, type ErrorCode } from '../../../../shared/errors.ts'
import { targetUrlFault } from '../../../../shared/target-url.ts'
import { maxIdempotencyKeyLength } from '../../../idempotency/idempotency-key.ts'
import { regionEnum } from '../../schemas.ts'

export const maxUrlLength = 8192

export const FetchBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: maxUrlLength,
      description: 'Absolute http or https URL to fetch, without user:password. The body takes nothing else.',
      examples: ['https://example.com/'],
    }),
  },
  {
    additionalProperties: false,
    description: 'The body takes `url` and nothing else; `region` here is refused with 422.',
  },
)

export const FetchQuery = Type.Object(
  {
    region: Type.Optional(
      regionEnum(
        'Where the fetch goes out: us-east (us-east-1), us-west (us-west-2) or europe (eu-west-1). ' +
          'Omitted: the first region in service in the order us-east, us-west, europe.',
      ),
    ),
  },
  { additionalProperties: false },
)

export const EnvelopeSchema = Type.Object(
  {
    result: Type.String({
      description: 'The body the target returned: text, or base64 when result_encoding says so.',
    }),
    result_encoding: Type.Optional(
      Type.Literal('base64', {
        description: 'Present only for bodies that are not text. Absent means UTF-8 text.',
      }),
    ),
    status: Type.Integer({ description: "The TARGET's HTTP status (a block page shows up here, e.g. 403)." }),
    region_used: Type.Ref('Region', {
      description: 'The region that served. Differs from the request after failover.',
    }),
    public_ip: Type.String({ description: 'The address the target saw.' }),
    device_id: Type.String({ description: 'The egress node that served.' }),
    final_url: Type.String({ description: 'Where the fetch ended after redirects.' }),
    redirects: Type.Integer({ minimum: 0, description: 'Redirect hops followed (at most 10).' }),
    content_type: Type.String({ description: "The target's Content-Type, verbatim ('' when it sent none)." }),
    bytes: Type.Integer({
      minimum: 0,
      description: 'Body size after content decoding, before charset decoding.',
    }),
    elapsed_ms: Type.Integer({ minimum: 0, description: 'Milliseconds the node spent fetching, all hops.' }),
  },
  { $id: 'FetchEnvelope', description: 'The flat fetch envelope.' },
)

/** DESIGN 5: an absolute http(s) URL without userinfo, else `invalid_request`. */
export function parseTargetUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new AppError('invalid_request', 'url must be an absolute http or https URL.')
  }
  switch (targetUrlFault(url)) {
    case 'scheme':
      throw new AppError('invalid_request', 'url must use http or https.')
    case 'credentials':
      throw new AppError('invalid_request', 'url must not carry a user name or password.')
    case 'host':
      throw new AppError('invalid_request', 'url must name a host.')
    case undefined:
      return url
  }
}

export const FetchHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      // The quoted form of the longest key: the service checks the rest (idempotency/idempotency-key.ts).
      maxLength: maxIdempotencyKeyLength + 2,
      description:
        `Optional. Runs the fetch at most once per key: a retry with the same key, url and region gets the ` +
        `stored answer with \`Idempotency-Replayed: true\` for 24 h. 1 to ${maxIdempotencyKeyLength} visible ` +
        'ASCII characters (a UUID is ideal); the quoted form `"..."` of the IETF draft is accepted too.',
      examples: ['8e03978e-40d5-43e8-bc93-6894a57f9324'],
    }),
  ),
})

/** What a fetch can end in, through the API or the dashboard's playground (its answers in the reference). */
export const fetchErrors: readonly ErrorCode[] = [
  'invalid_request',
  'unknown_region',
  'target_not_permitted',
  'too_many_redirects',
  'response_too_large',
  'upstream_unavailable',
  'region_out_of_service',
  'no_healthy_endpoints',
  'target_rate_limited',
  'trial_expired',
  'trial_exhausted',
  'spend_cap_reached',
]
