/**
 * The Mastodon allowlist (SPEC 1.6: "a small allowlist of instances") and the account references people
 * write: `user`, `@user`, `user@instance`, `@user@instance`, or an account id. An instance off the list is
 * `instance_not_allowed` (403, a policy refusal like `target_not_permitted`); a malformed one is 422.
 */
import { AppError } from '../../../shared/errors.ts'

export const instancePattern =
  '^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
/** What the account path segment accepts before the finer checks below. */
export const accountPattern =
  '^@?[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9_])?(?:@[A-Za-z0-9.-]{3,253})?$'
/** Mastodon hashtags: letters, marks, digits and underscores, in any script. */
export const tagPattern = '^[\\p{L}\\p{M}\\p{N}_]{1,100}$'

const instanceRegex = new RegExp(instancePattern)
const usernameRegex = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9_])?$/
const idRegex = /^[0-9]{1,20}$/

export type AccountRef = { kind: 'id'; id: string } | { kind: 'user'; username: string }

export function createInstanceDirectory(settings: {
  instances: readonly string[]
  overrides: Readonly<Record<string, string>>
}) {
  const allowed = settings.instances.map((name) => name.toLowerCase())

  /** An allowlisted instance name, lower case; `fallback` is the first on the list. */
  function instance(name: string | undefined): string {
    if (name === undefined) return allowed[0] ?? refuse('')
    const lower = name.toLowerCase()
    if (!instanceRegex.test(lower) || lower.length > 253) {
      throw new AppError('invalid_request', 'instance must be a host name such as mastodon.social.')
    }
    if (!allowed.includes(lower)) return refuse(lower)
    return lower
  }

  function refuse(name: string): never {
    throw new AppError(
      'instance_not_allowed',
      `${name === '' ? 'No Mastodon instance is' : `The instance ${name} is not`} on the allowlist: ${allowed.join(', ')}.`,
    )
  }

  /** Where an allowlisted instance's API is: https://<instance>, unless overridden (tests). */
  function baseUrl(name: string): string {
    return (settings.overrides[name] ?? `https://${name}`).replace(/\/+$/, '')
  }

  /** `@user@instance`, `user@instance`, `user` (with `?instance=` or the default), or a numeric id. */
  function account(raw: string, instanceParam: string | undefined): { instance: string; ref: AccountRef } {
    const forcedUser = raw.startsWith('@')
    const parts = (forcedUser ? raw.slice(1) : raw).split('@')
    if (parts.length > 2 || !usernameRegex.test(parts[0] ?? '')) {
      throw new AppError('invalid_request', 'account must be user, @user, user@instance or an account id.')
    }
    const named = parts[1]
    if (
      named !== undefined &&
      instanceParam !== undefined &&
      named.toLowerCase() !== instanceParam.toLowerCase()
    ) {
      throw new AppError('invalid_request', 'The account names another instance than the instance parameter.')
    }
    const chosen = instance(named ?? instanceParam)
    const user = parts[0]!
    // An all-digit segment without @ is an id; `@123` forces a user name.
    if (!forcedUser && named === undefined && idRegex.test(user))
      return { instance: chosen, ref: { kind: 'id', id: user } }
    return { instance: chosen, ref: { kind: 'user', username: user } }
  }

  return { instances: allowed, instance, baseUrl, account }
}

export type InstanceDirectory = ReturnType<typeof createInstanceDirectory>
