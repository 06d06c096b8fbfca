#!/usr/bin/env node
/**
 * The sallyport CLI: `dev` (the embedded default), `gateway`, `node`, `migrate`, `admin ...` and `fetch`.
 * Commands and options are declared once with commander, which gives every command and subcommand its
 * `--help` and refuses an unknown option or a bad value with a message naming it (exit 2).
 */
import process from 'node:process'
import { Command, CommanderError, Option } from 'commander'
import { ConfigError } from '../config/env-parsing.ts'
import type { Region } from '../shared/regions.ts'
import { createAccount, createKey, parseScopes, runMigrate } from './account-admin.ts'
import { drainNode } from './admin.ts'
import { parseMonthFlag, parsePlan, setPlan, usageReport } from './billing-admin.ts'
import { parsePort, parseRegion, valueOf } from './cli-values.ts'
import { runDev } from './dev.ts'
import { addFetchCommand } from './fetch-command.ts'
import { limitFlags, parseLimit, setLimits } from './limits-admin.ts'
import { describeListenError, isListenError } from './listen-error.ts'
import { runGateway, runNode } from './processes.ts'

const workersOption = (what: string, sharing = 'worker processes sharing the port') =>
  new Option('--workers <n>', `${sharing} (default: SALLYPORT_WORKERS, else ${what})`)

const portOption = () =>
  new Option('--port <port>', 'port to listen on (default: PORT, else 8080)').argParser(valueOf(parsePort))
const hostOption = () => new Option('--host <host>', 'address to listen on (default: HOST, else 127.0.0.1)')

export function buildProgram(): Command {
  const program = new Command('sallyport')
    .description(
      'Hosted egress fetch service: run it (dev, gateway, node), operate it (migrate, admin), call it (fetch).\n' +
        'Settings come from the environment (see the README); the API key of `fetch` from SALLYPORT_API_KEY.',
    )
    .exitOverride()
    .showHelpAfterError('(add --help for the options)')
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false })

  program
    .command('dev')
    .description('gateway + one egress node per region on this machine (what npm start runs)')
    .addOption(portOption())
    .addOption(hostOption())
    .addOption(
      new Option(
        '--node-port-base <port>',
        'nodes listen on this port and the next two (default: free ports)',
      )
        .argParser(valueOf(parsePort))
        .hideHelp(),
    )
    .addOption(workersOption('every core', 'processes serving the port, the supervisor one of them'))
    .action(async (options: { port?: number; host?: string; nodePortBase?: number; workers?: string }) => {
      // dev.ts keeps its argument-list interface (bench/bare-dev.ts calls it too).
      await runDev([
        ...(options.port === undefined ? [] : ['--port', String(options.port)]),
        ...(options.host === undefined ? [] : ['--host', options.host]),
        ...(options.nodePortBase === undefined ? [] : ['--node-port-base', String(options.nodePortBase)]),
        ...(options.workers === undefined ? [] : ['--workers', options.workers]),
      ])
    })

  program
    .command('gateway')
    .description('a gateway; its egress nodes come from SALLYPORT_NODES')
    .addOption(portOption())
    .addOption(hostOption())
    .addOption(workersOption('every core'))
    .action(async (options: { port?: number; host?: string; workers?: string }) => runGateway(options))

  program
    .command('node')
    .description('an egress node of one region')
    .addOption(
      new Option('--region <region>', 'the region it serves (default: SALLYPORT_REGION)').argParser(
        valueOf(parseRegion),
      ),
    )
    .addOption(
      new Option('--port <port>', 'port to listen on (default: PORT, else 9101)').argParser(
        valueOf(parsePort),
      ),
    )
    .addOption(hostOption())
    .option('--egress-address <address>', 'local address outgoing connections bind to')
    .option('--public-ip <address>', 'the address targets see, reported as public_ip')
    .option('--device-id <id>', 'this node’s device_id (default: made from region and host)')
    .addOption(workersOption('every core'))
    .action(async (options: Parameters<typeof runNode>[0]) => runNode(options))

  program
    .command('migrate')
    .description('bring the database schema up to date (dev and gateway also do it at start-up)')
    .action(async () => runMigrate())

  addAdminCommands(program)
  addFetchCommand(program)

  program.addHelpText('after', () => `\nEvery command:\n${commandTree(program)}`)
  return program
}

function addAdminCommands(program: Command): void {
  const admin = program
    .command('admin')
    .description('operator commands on the database or the fleet (each prints what it did)')

  admin
    .command('drain-node')
    .description(
      'take egress nodes out of service (or back in with --undo); reaches SALLYPORT_NODES, or the nodes of the sallyport dev on this data dir',
    )
    .option('--node <device-id-or-url>', 'one node, by device_id or URL')
    .addOption(
      new Option('--region <region>', 'every node of a region')
        .argParser(valueOf(parseRegion))
        .conflicts('node'),
    )
    .option('--undo', 'bring them back into service', false)
    .action(async (options: { node?: string; region?: Region; undo: boolean }) => {
      if (options.node === undefined && options.region === undefined) {
        throw new ConfigError('drain-node needs --node DEVICE_ID|URL or --region REGION')
      }
      await drainNode(options)
    })

  admin
    .command('create-account')
    .description('a verified account (prints a generated password unless --password is given)')
    .requiredOption('--email <address>', 'its e-mail address')
    .option('--password <password>', 'its password (default: a generated one, printed)')
    .action(async (options: { email: string; password?: string }) => createAccount(options))

  admin
    .command('create-key')
    .description('mint an API key (printed once)')
    .requiredOption('--email <address>', 'the account’s e-mail address')
    .requiredOption('--name <name>', 'a name for the key')
    .addOption(
      new Option('--scopes <list>', 'comma-separated: proxy, read')
        .argParser(valueOf(parseScopes))
        .makeOptionMandatory(),
    )
    .action(async (options: Parameters<typeof createKey>[0]) => createKey(options))

  const setLimitsCommand = admin
    .command('set-limits')
    .description('an account’s own rate limits (prints them); every gateway applies them within 5 s')
    .requiredOption('--email <address>', 'the account’s e-mail address')
  // commander names each value by its flag in camel case: --fetch-per-minute is fetchPerMinute.
  for (const flag of Object.keys(limitFlags)) {
    setLimitsCommand.addOption(
      new Option(`--${flag} <n>`, `override: ${flag.replaceAll('-', ' ')} (1 to 1,000,000,000)`).argParser(
        valueOf(parseLimit),
      ),
    )
  }
  setLimitsCommand
    .option('--reset', 'drop every override first (flags given with it are the new overrides)', false)
    .action(async (options: Parameters<typeof setLimits>[0]) => setLimits(options))

  admin
    .command('set-plan')
    .description('move an account to a plan')
    .requiredOption('--email <address>', 'the account’s e-mail address')
    .addOption(
      new Option('--plan <plan>', 'trial, entry, growth or scale')
        .argParser(valueOf(parsePlan))
        .makeOptionMandatory(),
    )
    .action(async (options: Parameters<typeof setPlan>[0]) => setPlan(options))

  admin
    .command('usage-report')
    .description('one CSV statement line per account for a month')
    .addOption(
      new Option('--month <YYYY-MM>', 'the calendar month (UTC)')
        .argParser(valueOf(parseMonthFlag))
        .makeOptionMandatory(),
    )
    .option('--out <file>', 'write the CSV there (default: standard output)')
    .action(async (options: { month: string; out?: string }) => usageReport(options))
}

/** Every leaf command with its options, for the top-level help. */
function commandTree(command: Command, prefix = 'sallyport'): string {
  const lines: string[] = []
  for (const sub of command.commands) {
    const path = `${prefix} ${sub.name()}`
    if (sub.commands.length > 0) {
      lines.push(commandTree(sub, path))
      continue
    }
    const args = sub.registeredArguments.map((argument) =>
      argument.required ? `<${argument.name()}>` : `[${argument.name()}]`,
    )
    const options = sub.options
      .filter((option) => !option.hidden)
      .map((option) => {
        const flag = option.long ?? option.short ?? option.flags
        const shown = option.required || option.optional ? `${flag} ${option.flags.split(' ').pop()}` : flag
        return option.mandatory ? shown : `[${shown}]`
      })
    lines.push(`  ${[path, ...args, ...options].join(' ')}`)
  }
  return lines.join('\n')
}

async function main(argv: string[]): Promise<void> {
  const program = buildProgram()
  if (argv.length === 0) {
    program.outputHelp()
    return
  }
  await program.parseAsync(argv, { from: 'user' })
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CommanderError) {
    // commander has printed the message (or the help); a usage error exits 2, help and --version 0.
    process.exitCode = error.exitCode === 0 ? 0 : 2
    return
  }
  if (error instanceof ConfigError) {
    console.error(`sallyport: ${error.message}`)
    process.exitCode = 2
    return
  }
  if (isListenError(error)) {
    // One clear line, and at once: whatever was started is stopped, but nothing should keep the process.
    console.error(`sallyport: ${describeListenError(error)}`)
    process.exit(1)
  }
  console.error(error)
  process.exitCode = 1
})
