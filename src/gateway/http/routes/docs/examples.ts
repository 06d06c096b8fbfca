/**
 * Examples for the reference, generated from the schemas (so they cannot drift from them): a request body
 * example and a response example on every operation, and copyable code samples (`x-codeSamples`: curl,
 * TypeScript with `sallyport/client`, Python with requests). Applied to the whole OpenAPI document once it
 * is built (plugins/openapi.ts), so docs/openapi.json carries them and `npm run check` checks them.
 */

import { errorTitle, type ErrorCode } from '../../../../shared/errors.ts'
import { curlSample, pythonSample, sampleRequest, typescriptSample } from './code-samples.ts'
import { exampleOf, isObject, type Document, type Json } from './example-values.ts'

export { clientMethods, sampleBaseUrl } from './code-samples.ts'
export { exampleOf } from './example-values.ts'

/** The document with examples and samples on every operation; what is set by hand is kept. */
export function withExamples<T extends Json>(input: T): T {
  const document = structuredClone(input) as Document
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue
      const bodyContent = (operation.requestBody as Json | undefined)?.content as
        Record<string, Json> | undefined
      for (const media of Object.values(bodyContent ?? {})) {
        media.example ??= exampleOf(document, media.schema as Json)
      }
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          let example = exampleOf(document, media.schema as Json)
          if (type === 'application/problem+json' && isObject(example) && typeof example.code === 'string') {
            // A problem as the service sends it: this answer's status, the link to its code.
            const code = example.code as ErrorCode
            example = {
              ...example,
              status: Number(status),
              type: `/v2/docs/errors#${code}`,
              title: errorTitle[code] ?? example.title,
            }
          }
          if (media.example === undefined && example !== undefined) media.example = example
        }
      }
      const request = sampleRequest(document, method, path, operation)
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(request) },
        { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(document, request, operation) },
        { lang: 'Python', label: 'Python', source: pythonSample(request) },
      ]
    }
  }
  return document as T
}
