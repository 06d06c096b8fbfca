/**
 * The type stripping every Sallyport process starts with where Node has none of its own
 * (bin/type-stripping.js, ADR 0033): a child process with only the hooks registered loads TypeScript as Node
 * 22.18 and later do, annotations blanked and nothing else changed (positions, the functions' own text, no
 * wrapper), also under `node_modules`, and refuses syntax that is not erasable.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import { needsTypeStripping } from '../../bin/type-stripping.js'

const run = promisify(execFile)
const hooks = new URL('../../bin/type-stripping.js', import.meta.url).href

const typed = `import type { Server } from 'node:http'
interface Shape { readonly name: string }
export function outer(shape: Shape): () => string {
  return function inner(): string { return shape.name }
}
export const where = (): string => new Error('here').stack!.split('\\n')[1]!
export type Unused = Server | undefined
`

// 'strip' or 'transform' on a Node that strips types itself; absent before 22.6.
const nodeStripsTypes = Boolean((process.features as { typescript?: unknown }).typescript)

let dir: string

/** What `program` prints in a child that registered the hooks first, and nothing else (no tsx). */
async function inChild(program: string): Promise<string> {
  const script = `import { registerTypeStripping } from ${JSON.stringify(hooks)}
registerTypeStripping()
${program}`
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', script], { cwd: dir })
  return stdout.trim()
}

describe('type stripping', () => {
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sallyport-strip-'))
    await writeFile(join(dir, 'typed.ts'), typed)
    await mkdir(join(dir, 'node_modules', 'installed'), { recursive: true })
    await writeFile(join(dir, 'node_modules', 'installed', 'typed.ts'), typed)
    await writeFile(join(dir, 'enum.ts'), 'export enum Color { Red }\n')
    await writeFile(join(dir, 'plain.js'), 'export const plain = 7\n')
  })
  after(() => rm(dir, { recursive: true, force: true }))

  it('is needed where Node strips no types, and for the sources of an installed package', () => {
    assert.equal(needsTypeStripping('file:///srv/sallyport/bin/sallyport.js'), !nodeStripsTypes)
    assert.equal(needsTypeStripping('file:///srv/app/node_modules/sallyport/bin/sallyport.js'), true)
  })

  it('blanks the annotations and changes nothing else: positions, function text, no wrapper', async () => {
    const url = pathToFileURL(join(dir, 'typed.ts')).href
    const printed = await inChild(`const m = await import(${JSON.stringify(url)})
console.log(JSON.stringify({ name: m.outer({ name: 'n' })(), text: m.outer.toString(), where: m.where() }))`)
    const { name, text, where } = JSON.parse(printed) as { name: string; text: string; where: string }
    assert.equal(name, 'n')
    // esbuild's keepNames (tsx) would have wrapped `inner` in a call naming it each time `outer` runs.
    assert.equal(
      text,
      'function outer(shape       )               {\n  return function inner()         { return shape.name }\n}',
    )
    // Line 6, column 36 of the file as written: the stack is the sources' own, no source map needed.
    assert.match(where, new RegExp(`${url.replace(/[.]/g, '\\.')}:6:36\\)?$`))
  })

  it('loads a TypeScript module under node_modules, which Node itself refuses to strip', async () => {
    const url = pathToFileURL(join(dir, 'node_modules', 'installed', 'typed.ts')).href
    assert.equal(
      await inChild(`console.log((await import(${JSON.stringify(url)})).outer({ name: 'x' })())`),
      'x',
    )
  })

  it('refuses syntax that is not erasable, naming it, as Node does', async () => {
    const url = pathToFileURL(join(dir, 'enum.ts')).href
    await assert.rejects(
      inChild(`await import(${JSON.stringify(url)})`),
      (error: Error & { stderr: string }) => {
        assert.match(error.stderr, /enum/i)
        return true
      },
    )
  })

  it('leaves JavaScript modules as they are', async () => {
    const url = pathToFileURL(join(dir, 'plain.js')).href
    assert.equal(await inChild(`console.log((await import(${JSON.stringify(url)})).plain)`), '7')
  })
})
