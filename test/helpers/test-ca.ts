/**
 * A private certificate authority made at test time with `openssl` in a temporary directory: its PEM is
 * what SALLYPORT_EXTRA_CA_FILE points at, and the server certificate it signs covers the names and
 * addresses a test asks for. Nothing is checked in; the directory is removed by `remove()`.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type TestCa = {
  /** Path of the CA certificate (PEM), as SALLYPORT_EXTRA_CA_FILE would name it. */
  caFile: string
  caPem: string
  /** The server's certificate (signed by the CA) and its private key, for a TLS target. */
  cert: string
  key: string
  remove(): void
}

const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']

/** `names`: DNS names and IP literals the server certificate is valid for. */
export function createTestCa(names: readonly string[]): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'sallyport-ca-'))
  const file = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=Sallyport test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  )
  openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=target')
  const altNames = names.map((name) => (isIP(name) === 0 ? `DNS:${name}` : `IP:${name}`)).join(',')
  writeFileSync(
    file('server.ext'),
    `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
  )
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
  )
  return {
    caFile: file('ca.pem'),
    caPem: readFileSync(file('ca.pem'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
