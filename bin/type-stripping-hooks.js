// The module hooks of type-stripping.js: a `.ts` or `.mts` file is read as an ES module and its types
// stripped by amaro (strip-only). Every other module loads as it would without the hooks.
import { fileURLToPath } from 'node:url'
import { transformSync } from 'amaro'

const typeScript = /\.m?ts$/

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !typeScript.test(url)) return nextLoad(url, context)
  // Given a format, Node's own loader only reads the file: no stripping of its own, no refusal of a file
  // under node_modules, no unknown extension on Node 20.
  const { source } = await nextLoad(url, { ...context, format: 'module' })
  const { code } = transformSync(String(source), { mode: 'strip-only', filename: fileURLToPath(url) })
  return { format: 'module', source: code, shortCircuit: true }
}
