// Node's own type stripping for a Node that lacks it (20, and 22 before 22.18), and for the sources of an
// installed package, which Node does not strip under `node_modules` (docs/adr/0033).
//
// The hooks give each TypeScript module the process loads to amaro, the package Node itself strips types
// with, in its strip-only mode: every annotation becomes blanks, so the code, its positions and its stack
// traces are the sources' own, as under Node 22.18 and later. Nothing else is transformed, so syntax that
// is not erasable fails to load here as it fails there (`tsconfig.json` sets `erasableSyntaxOnly`).
/* global process */
import { register } from 'node:module'

/** Whether this process must strip the sources' types itself (a Node without stripping, or installed). */
export function needsTypeStripping(url = import.meta.url) {
  return !process.features.typescript || url.includes('/node_modules/')
}

/** Registers the hooks (type-stripping-hooks.js) for every module loaded from now on. */
export function registerTypeStripping() {
  register('./type-stripping-hooks.js', import.meta.url)
}
