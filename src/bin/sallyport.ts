#!/usr/bin/env node
/**
 * The sallyport CLI: `dev` (the embedded default), `gateway`, `node`, `migrate`, `admin`.
 */
import { ConfigError } from '../config/env-parsing.ts'
import { runMigrate } from './account-admin.ts'
import { runAdmin } from './admin.ts'
import { runDev } from './dev.ts'
import { runGateway, runNode } from './processes.ts'

const usage = `usage: sallyport <command> [options]

commands:
  dev                     gateway + one egress node per region on this machine (what npm start runs)
  gateway                 a gateway; its egress nodes come from SALLYPORT_NODES
  node --region REGION    an egress node (us-east, us-west, europe)
  migrate                 bring the database schema up to date (dev and gateway also do it at start-up)
  admin drain-node        --node DEVICE_ID|URL or --region REGION [--undo]: take nodes out of (or back into) service
  admin create-account    --email E [--password P]: a verified account (prints a generated password)
  admin create-key        --email E --name N --scopes proxy,read: mint an API key (printed once)
  admin set-limits        --email E [--fetch-per-minute N] [--host-per-minute N] [--general-per-minute N]
                          [--max-in-flight N] [--reset]: an account's own rate limits (prints them)
  admin set-plan          --email E --plan trial|entry|growth|scale: move an account to a plan
  admin usage-report      --month YYYY-MM [--out FILE]: one CSV statement line per account

Settings come from the environment: see the README.`

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  switch (command) {
    case 'dev':
      return runDev(rest)
    case 'gateway':
      return runGateway(rest)
    case 'node':
      return runNode(rest)
    case 'migrate':
      return runMigrate(rest)
    case 'admin':
      return runAdmin(rest)
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(usage)
      return
    default:
      console.error(`unknown command ${JSON.stringify(command)}\n\n${usage}`)
      process.exitCode = 2
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`sallyport: ${(error as Error).message}`)
    process.exitCode = 2
    return
  }
  console.error(error)
  process.exitCode = 1
})
