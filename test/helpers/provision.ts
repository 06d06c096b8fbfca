/** An account and an API key made with the operator CLI, as an operator would. */
import { runCliOnce } from './cli.ts'

const keyPattern = /sp_live_[0-9A-Za-z]{36}/

export async function provisionApiKey(
  env: Record<string, string>,
  email: string,
  scopes = 'proxy,read',
): Promise<string> {
  for (const args of [
    ['migrate'],
    ['admin', 'create-account', '--email', email],
    ['admin', 'create-key', '--email', email, '--name', 'e2e', '--scopes', scopes],
  ]) {
    const run = await runCliOnce(args, env)
    if (run.code !== 0) throw new Error(`sallyport ${args.join(' ')} failed:\n${run.output}`)
    const key = keyPattern.exec(run.output)?.[0]
    if (args[1] === 'create-key') {
      if (key === undefined) throw new Error(`no key in the output of create-key:\n${run.output}`)
      return key
    }
  }
  throw new Error('unreachable')
}

/** `admin set-limits` arguments that take the account's rate limits out of a test's way. */
export function unlimitedArgs(email: string, maxInFlight: number): string[] {
  const many = '1000000'
  return [
    ...['admin', 'set-limits', '--email', email],
    ...['--fetch-per-minute', many, '--host-per-minute', many, '--general-per-minute', many],
    ...['--max-in-flight', String(maxInFlight)],
  ]
}
