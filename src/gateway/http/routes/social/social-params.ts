import { Type } from '@sinclair/typebox'
import { stringEnum } from './social-schemas.ts'

/** Query pieces shared by the routes. Query values are never coerced (DESIGN 3): numbers arrive as strings. */
export const includeRaw = Type.Optional(
  Type.Literal('raw', { description: "`raw` adds each record's upstream object as `raw`." }),
)

export function limitParam(fallback: number, max: number) {
  return Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,2}$',
      maxLength: 3,
      description: `Page size, a whole number from 1 to 999, default ${fallback}; values above ${max} are clamped to ${max} (the answer's \`pagination.limit\` says which applied), anything else is 422 \`invalid_request\`.`,
    }),
  )
}

export const cursorParam = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 2048,
    description: 'The `next_cursor` (or `prev_cursor`) of the previous page.',
  }),
)

export function booleanParam(description: string) {
  return Type.Optional(stringEnum(['true', 'false'] as const, description))
}

export function integerOf(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value)
}
