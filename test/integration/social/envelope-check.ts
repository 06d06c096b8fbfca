/**
 * Checks a social answer against the schema its route publishes in the OpenAPI document, strictly: every
 * object is closed (`additionalProperties: false`), so a field the reference does not describe fails too.
 * The routes write their answers with JSON.stringify, so this is what keeps answers and reference equal.
 */
import { FormatRegistry, Kind, TypeRegistry, type TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { socialSchemas } from '../../../src/gateway/http/routes/social/social-schemas.ts'

// Type.Unsafe enums (kind 'Unsafe') and the formats the schemas use.
if (!TypeRegistry.Has('Unsafe')) {
  TypeRegistry.Set('Unsafe', (schema: { enum?: unknown[] }, value) =>
    Array.isArray(schema.enum) ? schema.enum.includes(value) : true,
  )
}
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value))
}
if (!FormatRegistry.Has('date')) FormatRegistry.Set('date', (value) => /^\d{4}-\d\d-\d\d$/.test(value))

/** A copy with every object schema closed; spreads keep TypeBox's symbol keys. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed)
  if (typeof schema !== 'object' || schema === null) return schema
  const copy: Record<string | symbol, unknown> = { ...(schema as Record<string | symbol, unknown>) }
  for (const [key, value] of Object.entries(copy)) copy[key] = closed(value)
  if (copy[Kind] === 'Object') copy.additionalProperties = false
  return copy
}

const references = socialSchemas.map((schema) => closed(schema) as TSchema)
const byId = new Map(references.map((schema) => [schema.$id!, schema]))

/** Route templates of the OpenAPI document (`/x/{id}`) with the `$id` of their 200 answer. */
export function answerSchemas(document: { paths: Record<string, Record<string, unknown>> }) {
  const routes: { pattern: RegExp; id: string }[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    const ok = (
      operations.get as {
        responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>
      }
    )?.responses?.['200']
    const ref = ok?.content?.['application/json']?.schema?.$ref
    if (ref === undefined || !ref.startsWith('#/components/schemas/Social')) continue
    const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
    routes.push({ pattern, id: ref.slice('#/components/schemas/'.length) })
  }
  return routes
}

/** The first way `body` departs from the schema `$id`, or undefined when it conforms. */
export function departure(id: string, body: unknown): string | undefined {
  const schema = byId.get(id)
  if (schema === undefined) return `no schema ${id}`
  const first = Value.Errors(schema, references, body).First()
  return first === undefined
    ? undefined
    : `${id}${first.path}: ${first.message} (${JSON.stringify(first.value)?.slice(0, 80)})`
}
