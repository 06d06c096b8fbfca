/**
 * Passwords: scrypt from node:crypto at the OWASP parameters (N=2^17, r=8, p=1; 32-byte salt, 64-byte
 * key). The parameters are stored with each hash (`$scrypt$ln=17,r=8,p=1$salt$key`), so they can be
 * raised later and old hashes still verify; `needsRehash` tells sign-in to upgrade one.
 */
import { Buffer } from 'node:buffer'
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

export type ScryptParams = { logN: number; r: number; p: number }

/** https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt */
export const owaspScrypt: ScryptParams = { logN: 17, r: 8, p: 1 }

const saltBytes = 32
const keyBytes = 64

export const passwordRules = { minLength: 10, maxLength: 128 } as const

/** Which rule a new password breaks, for the `detail` of `invalid_request`; undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length
  if (length < passwordRules.minLength) {
    return `password must be at least ${passwordRules.minLength} characters long.`
  }
  if (length > passwordRules.maxLength) {
    return `password must be at most ${passwordRules.maxLength} characters long.`
  }
  return undefined
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.logN
  // Node refuses anything above 32 MiB by default; scrypt needs 128 * N * r bytes.
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r }
  // NFKC: the same password typed on another keyboard or OS hashes the same.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyBytes, options, (error, key) =>
      error === null ? resolve(key) : reject(error),
    ),
  )
}

type Parsed = { params: ScryptParams; salt: Buffer; key: Buffer }

function parse(stored: string): Parsed | undefined {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    stored,
  )
  if (match === null) return undefined
  const [, logN, r, p, salt, key] = match
  const params = { logN: Number(logN), r: Number(r), p: Number(p) }
  if (params.logN < 1 || params.logN > 24 || params.r < 1 || params.p < 1) return undefined
  return { params, salt: Buffer.from(salt!, 'base64'), key: Buffer.from(key!, 'base64') }
}

function format({ params, salt, key }: Parsed): string {
  const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '')
  return `$scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`
}

export function createPasswordHasher(params: ScryptParams = owaspScrypt) {
  // Verified against when the e-mail is unknown, so that answer costs the same time as a wrong password.
  const dummy = format({ params, salt: randomBytes(saltBytes), key: randomBytes(keyBytes) })

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(saltBytes)
    return format({ params, salt, key: await derive(password, salt, params) })
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored)
    if (parsed === undefined) return false
    const key = await derive(password, parsed.salt, parsed.params)
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
  }

  /** Spends the time of a real verification and answers false. */
  async function verifyNothing(password: string): Promise<false> {
    await verify(password, dummy)
    return false
  }

  function needsRehash(stored: string): boolean {
    const parsed = parse(stored)
    if (parsed === undefined) return true
    const current = parsed.params
    return current.logN < params.logN || current.r < params.r || current.p < params.p
  }

  return { hash, verify, verifyNothing, needsRehash, params }
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>
