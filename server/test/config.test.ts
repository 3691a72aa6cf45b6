import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from '../src/config.ts'

const folders: string[] = []
function dataDir(): string {
  const folder = mkdtempSync(join(tmpdir(), 'rota-config-'))
  folders.push(folder)
  return folder
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const SECRET = 'a-secret-of-at-least-thirty-two-characters'

/** Loads with a secret and a temporary data folder unless the test says otherwise. */
const load = (env: Record<string, string>) => loadConfig({ ROTA_DATA_DIR: dataDir(), ROTA_SECRET: SECRET, ...env })

function failure(env: Record<string, string>): string {
  try {
    load(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`)
}

describe('loadConfig', () => {
  it('has working defaults with nothing set but the data folder', () => {
    const folder = dataDir()
    const config = loadConfig({ ROTA_DATA_DIR: folder })
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      development: false,
      dataDir: folder,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      smtpUrl: undefined,
      google: undefined,
      ttl: { access: 900, refresh: 30 * 86_400, reset: 3600, invite: 7 * 86_400, otp: 600 },
      rateLimits: DEFAULT_RATE_LIMITS,
      otpMaxTries: 5,
    })
  })

  it.each([
    ['900', 900],
    ['45s', 45],
    ['15m', 900],
    ['1h', 3600],
    ['30d', 2_592_000],
    [' 10m ', 600],
  ])('reads the duration %j as %i seconds', (text, seconds) => {
    expect(load({ ROTA_ACCESS_TOKEN_TTL: text }).ttl.access).toBe(seconds)
  })

  it('reads every lifetime from its own variable', () => {
    const config = load({ ROTA_ACCESS_TOKEN_TTL: '5m', ROTA_REFRESH_TOKEN_TTL: '7d', ROTA_RESET_TOKEN_TTL: '2h', ROTA_INVITE_TOKEN_TTL: '3d', ROTA_OTP_TTL: '90s' })
    expect(config.ttl).toEqual({ access: 300, refresh: 604_800, reset: 7200, invite: 259_200, otp: 90 })
  })

  it.each([['0'], ['0m'], ['15 minutes'], ['-5m'], ['1.5h'], ['soon'], ['']])('refuses the duration %j, naming the variable', (text) => {
    const message = failure({ ROTA_OTP_TTL: text })
    expect(message).toContain('ROTA_OTP_TTL')
    expect(message).toContain('Rota cannot start')
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['ROTA_DATABASE_URL', 'mysql://localhost/rota'],
    ['ROTA_DATABASE_URL', 'not a url'],
    ['ROTA_SMTP_URL', 'http://mail.example.com'],
    ['ROTA_PUBLIC_URL', 'ftp://rota.example.com'],
    ['ROTA_CLOUDINARY_URL', 'https://cloudinary.com'],
    ['ROTA_GOOGLE_JWKS_URL', 'file:///etc/passwd'],
    ['ROTA_TRUST_PROXY', 'yes'],
    ['ROTA_SECRET', 'too-short'],
    ['ROTA_WORKERS', 'many'],
    ['ROTA_WORKERS', '0'],
    ['ROTA_LIST_PAGES', '-1'],
    ['ROTA_LIST_PAGES', 'lots'],
  ])('stops on a bad %s (%j) with a message naming it and why', (name, value) => {
    const message = failure({ [name]: value })
    expect(message).toMatch(new RegExp(`^\\s+${name}: .+`, 'm'))
  })

  it('reports every bad value at once', () => {
    const message = failure({ PORT: 'x', ROTA_OTP_TTL: 'y', ROTA_SMTP_URL: 'z' })
    for (const name of ['PORT', 'ROTA_OTP_TTL', 'ROTA_SMTP_URL']) expect(message).toContain(name)
  })

  it('runs several API processes on PostgreSQL only, and counts the cores for auto', () => {
    expect(failure({ ROTA_WORKERS: '2' })).toContain('ROTA_WORKERS: 2 API processes need PostgreSQL (set ROTA_DATABASE_URL)')
    const folder = dataDir()
    expect(loadConfig({ ROTA_DATA_DIR: folder }).workers).toBe(1)
    expect(loadConfig({ ROTA_DATA_DIR: folder, ROTA_WORKERS: 'auto', ROTA_DATABASE_URL: 'postgres://rota@db/rota' }).workers).toBe(availableParallelism())
  })

  it('keeps uploads in the data folder unless ROTA_FILES_DIR names a shared one', () => {
    const folder = dataDir()
    expect(loadConfig({ ROTA_DATA_DIR: folder })).toMatchObject({ filesDir: join(folder, 'files'), sharedFiles: false })
    expect(loadConfig({ ROTA_DATA_DIR: folder, ROTA_FILES_DIR: '/srv/shared/rota' })).toMatchObject({ filesDir: '/srv/shared/rota', sharedFiles: true })
  })

  it('remembers 2,000 list pages unless ROTA_LIST_PAGES says how many (0: none)', () => {
    const folder = dataDir()
    expect(loadConfig({ ROTA_DATA_DIR: folder }).listPages).toBe(2000)
    expect(loadConfig({ ROTA_DATA_DIR: folder, ROTA_LIST_PAGES: '0' }).listPages).toBe(0)
  })

  it('tells how to make a secret when it is too short', () => {
    expect(failure({ ROTA_SECRET: 'short' })).toContain('at least 32 characters')
  })

  it('generates ROTA_SECRET when unset, keeps it owner-only in the data folder, and reuses it', () => {
    const folder = dataDir()
    const first = loadConfig({ ROTA_DATA_DIR: folder })
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/)
    const file = join(folder, 'secret')
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadConfig({ ROTA_DATA_DIR: folder }).secret).toBe(first.secret)
    expect(loadConfig({ ROTA_DATA_DIR: dataDir() }).secret).not.toBe(first.secret)
  })

  it('creates the data folder for the secret when it does not exist yet', () => {
    const folder = join(dataDir(), 'nested', 'data')
    const config = loadConfig({ ROTA_DATA_DIR: folder })
    expect(readFileSync(join(folder, 'secret'), 'utf8').trim()).toBe(config.secret)
  })

  it('prefers ROTA_SECRET to a kept one, and writes nothing', () => {
    const folder = dataDir()
    writeFileSync(join(folder, 'secret'), 'kept-secret-kept-secret-kept-secret-0000\n')
    expect(loadConfig({ ROTA_DATA_DIR: folder, ROTA_SECRET: SECRET }).secret).toBe(SECRET)
    const empty = dataDir()
    loadConfig({ ROTA_DATA_DIR: empty, ROTA_SECRET: SECRET })
    expect(() => statSync(join(empty, 'secret'))).toThrow()
  })

  it('turns on Google sign-in with a client id, on Google’s key set unless another is given', () => {
    expect(load({ ROTA_GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }).google).toEqual({
      clientId: 'abc.apps.googleusercontent.com',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    })
    expect(load({ ROTA_GOOGLE_CLIENT_ID: 'abc', ROTA_GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/certs' }).google?.jwksUrl).toBe('http://127.0.0.1:9999/certs')
  })

  it('reads the rest: port, public URL without its trailing slash, proxy trust, SMTP, development mode', () => {
    const config = load({
      PORT: '8080',
      ROTA_PUBLIC_URL: 'https://rota.example.com/',
      ROTA_TRUST_PROXY: 'true',
      ROTA_SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      ROTA_DATABASE_URL: 'postgres://rota@localhost:5432/rota',
      NODE_ENV: 'development',
    })
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://rota.example.com',
      trustProxy: true,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      databaseUrl: 'postgres://rota@localhost:5432/rota',
      development: true,
    })
    expect(load({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080')
  })
})
