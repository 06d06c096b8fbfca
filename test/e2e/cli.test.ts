/**
 * The `sallyport` command as a user runs it: `node bin/sallyport.js` (what npx and an installed bin run)
 * as child processes against a real `sallyport dev`, with exit codes and output checked.
 */
import assert from 'node:assert/strict'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import {
  regionServes,
  runLauncher,
  startCountingTarget,
  startDevService,
  type CountingTarget,
  type DevService,
} from '../helpers/dev-service.ts'

const commands = [
  ['dev'],
  ['gateway'],
  ['node'],
  ['migrate'],
  ['admin'],
  ['admin', 'drain-node'],
  ['admin', 'create-account'],
  ['admin', 'create-key'],
  ['admin', 'set-limits'],
  ['admin', 'set-plan'],
  ['admin', 'usage-report'],
  ['fetch'],
]

describe('the sallyport command', { timeout: 900_000 }, () => {
  let service: DevService
  let target: CountingTarget
  let work: string

  before(async () => {
    ;[service, target, work] = await Promise.all([
      startDevService(),
      startCountingTarget(),
      mkdtemp(join(tmpdir(), 'sallyport-cli-')),
    ])
  })
  after(async () => {
    await Promise.all([service?.stop(), target?.close(), rm(work, { recursive: true, force: true })])
  })

  it('answers --help on every command and subcommand; the top level lists them all with their options', async () => {
    const top = await runLauncher(['--help'], {})
    assert.equal(top.code, 0, top.stderr)
    for (const line of [
      'sallyport dev [--port <port>] [--host <host>]',
      'sallyport admin set-plan --email <address> --plan <plan>',
      'sallyport fetch [url] [--region <region>]',
    ]) {
      assert.ok(top.stdout.includes(line), `${line} in\n${top.stdout}`)
    }
    for (const command of commands) {
      const help = await runLauncher([...command, '--help'], {})
      assert.equal(help.code, 0, `${command.join(' ')} --help: ${help.stderr}`)
      assert.match(help.stdout, new RegExp(`^Usage: sallyport ${command.join(' ')} `, 'm'))
      assert.ok(top.stdout.includes(`sallyport ${command.join(' ')}`), command.join(' '))
    }
  })

  it('names a bad value and the allowed ones, and exits 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['admin', 'set-plan', '--email', 'a@example.com', '--plan', 'gold'],
        /unknown plan 'gold'; one of trial, entry, growth, scale/,
      ],
      [
        ['fetch', 'https://example.com/', '--region', 'mars'],
        /unknown region 'mars'; one of us-east, us-west, europe/,
      ],
      [
        ['admin', 'create-key', '--email', 'a@example.com', '--name', 'n', '--scopes', 'proxy,write'],
        /unknown scope 'write'; a comma-separated list of proxy, read/,
      ],
      [['dev', '--port', 'eighty'], /'eighty' is not a port/],
      [['dev', '--bogus'], /unknown option '--bogus'/],
      [['launch'], /unknown command 'launch'/],
    ]
    for (const [args, message] of cases) {
      const run = await runLauncher(args, {})
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`)
      assert.match(run.stderr, message)
    }
  })

  it('a second dev on a port in use exits 1 at once with one line naming the port and the setting', async () => {
    const second = await runLauncher(['dev', '--port', String(service.port)], {
      ...service.env,
      SALLYPORT_DATA_DIR: join(work, 'second'),
    })
    assert.equal(second.code, 1, second.stderr)
    const lines = second.stderr.trim().split('\n')
    assert.equal(lines.length, 1, second.stderr)
    assert.match(
      lines[0]!,
      new RegExp(`127\\.0\\.0\\.1:${service.port} is in use already.*--port or the PORT setting`),
    )
  })

  it('fetch URL prints the body, --json the envelope, --out writes a file; errors exit 1 with the code', async () => {
    const body = await service.sallyport(['fetch', `${target.url}/one`, '--region', 'europe'])
    assert.equal(body.code, 0, body.stderr)
    assert.equal(body.stdout, `${target.marker} /one`)

    const json = await service.sallyport(['fetch', `${target.url}/two`, '--json'])
    assert.equal(json.code, 0, json.stderr)
    const envelope = JSON.parse(json.stdout)
    assert.equal(envelope.region_used, 'us-east')
    assert.equal(envelope.result, `${target.marker} /two`)

    const out = join(work, 'bytes.bin')
    const file = await service.sallyport(['fetch', `${target.url}/bytes`, '--out', out])
    assert.equal(file.code, 0, file.stderr)
    assert.deepEqual([...(await readFile(out))], [0, 1, 2, 255])
    assert.match(file.stderr, /^200 from us-east \(127\.0\.0\.11\), 4 bytes to /)

    const noKey = await service.sallyport(['fetch', `${target.url}/three`], { SALLYPORT_API_KEY: '' })
    assert.equal(noKey.code, 1)
    assert.match(noKey.stderr, /missing_api_key \(HTTP 401\).*set SALLYPORT_API_KEY/)
    const refused = await service.sallyport(['fetch', 'ftp://127.0.0.1/'])
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, /^sallyport: invalid_request \(HTTP 422\): .*\[request \S+\]/)
  })

  it('fetch --from fetches a list into a directory, quiet when not a terminal, with a summary', async () => {
    const list = join(work, 'urls.txt')
    await writeFile(
      list,
      `# a list\n${target.url}/a\n\n${target.url}/b\nftp://127.0.0.1/nope\n${target.url}/bytes\n`,
    )
    const outDir = join(work, 'out')
    const run = await service.sallyport(['fetch', '--from', list, '--out-dir', outDir, '--concurrency', '2'])
    assert.equal(run.code, 1, run.stderr)
    assert.equal(
      run.stdout,
      `3 of 4 fetched, 1 failed, in ${/in (\d+\.\d) s/.exec(run.stdout)?.[1]} s; bodies and summary.json in ${outDir}\n`,
    )
    // No progress bar off a terminal: the failure line only.
    assert.match(run.stderr, /^failed ftp:\/\/127\.0\.0\.1\/nope: invalid_request \(HTTP 422\): .*\n$/)
    const files = (await readdir(outDir)).sort()
    assert.deepEqual(files, [
      '0001-127.0.0.1.txt',
      '0002-127.0.0.1.txt',
      '0004-127.0.0.1.bin',
      'summary.json',
    ])
    assert.equal(await readFile(join(outDir, '0002-127.0.0.1.txt'), 'utf8'), `${target.marker} /b`)
    const summary = JSON.parse(await readFile(join(outDir, 'summary.json'), 'utf8'))
    assert.equal(summary.fetched, 3)
    assert.equal(summary.failed, 1)
    assert.equal(summary.results[2].code, 'invalid_request')
    assert.equal(summary.results[3].file, '0004-127.0.0.1.bin')

    const stdin = await runLauncher(
      ['fetch', '--from', '-', '--out-dir', join(work, 'stdin')],
      service.env,
      `${target.url}/c\n`,
    )
    assert.equal(stdin.code, 0, stdin.stderr)
    assert.match(stdin.stdout, /^1 of 1 fetched, 0 failed/)
  })

  it('admin drain-node reaches the nodes of dev through its data dir', async () => {
    const drained = await service.sallyport(['admin', 'drain-node', '--region', 'europe'])
    assert.equal(drained.code, 0, drained.stderr)
    assert.match(drained.stdout, /^node_europe_\w+ \(europe, http:\/\/127\.0\.0\.1:\d+\): drained\n$/)
    await regionServes(service.baseUrl, service.apiKey, 'europe', false)
    const refused = await service.sallyport([
      'fetch',
      `${target.url}/drained`,
      '--region',
      'europe',
      '--attempts',
      '1',
    ])
    assert.equal(refused.code, 1)
    assert.match(refused.stderr, /region_out_of_service \(HTTP 503\)/)

    const back = await service.sallyport(['admin', 'drain-node', '--region', 'europe', '--undo'])
    assert.equal(back.code, 0, back.stderr)
    await regionServes(service.baseUrl, service.apiKey, 'europe', true)

    const elsewhere = await runLauncher(['admin', 'drain-node', '--region', 'europe'], {
      SALLYPORT_DATA_DIR: join(work, 'no-dev-here'),
    })
    assert.equal(elsewhere.code, 2)
    assert.match(
      elsewhere.stderr,
      /no fleet to reach: set SALLYPORT_NODES and SALLYPORT_FLEET_SECRET, or start sallyport dev/,
    )
  })
})
