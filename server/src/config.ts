import { z } from 'zod'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'

/** A duration written as seconds (`900`) or with a unit (`15m`, `30d`, `1h`, `45s`). */
const Duration = z
  .string()
  .trim()
  .regex(/^\d+\s*[smhd]?$/, 'Use a number of seconds or a number with s, m, h or d (e.g. 15m)')
  .transform((text) => {
    const value = Number.parseInt(text, 10)
    const unit = text.at(-1) ?? 's'
    const factor = { s: 1, m: 60, h: 3600, d: 86_400 }[unit] ?? 1
    return value * factor
  })
  .refine((seconds) => seconds > 0, 'Must be longer than zero')

const Url = (protocols: string[]) =>
  z
    .url('Must be a URL')
    // Zod runs this even when z.url() already failed: a bare `new URL` would throw past the report.
    .refine((u) => URL.canParse(u) && protocols.includes(new URL(u).protocol), `Must start with ${protocols.map((p) => `${p}//`).join(' or ')}`)

/** The environment variables Rota reads (README "Configuration" lists them). */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  ROTA_DATA_DIR: z.string().min(1).default('./.rota'),
  ROTA_DATABASE_URL: Url(['postgres:', 'postgresql:']).optional(),
  ROTA_SECRET: z.string().min(32, 'Must be at least 32 characters (try: openssl rand -hex 32)').optional(),
  ROTA_PUBLIC_URL: Url(['http:', 'https:']).optional(),
  ROTA_WEB_DIR: z.string().optional(),
  ROTA_TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  ROTA_SMTP_URL: Url(['smtp:', 'smtps:']).optional(),
  ROTA_MAIL_FROM: z.string().default('Rota <no-reply@rota.local>'),
  ROTA_CLOUDINARY_URL: Url(['cloudinary:']).optional(),
  ROTA_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  ROTA_GOOGLE_JWKS_URL: Url(['http:', 'https:']).default('https://www.googleapis.com/oauth2/v3/certs'),
  ROTA_MAPS_KEY: z.string().min(1).optional(),
  ROTA_ACCESS_TOKEN_TTL: Duration.default(900),
  ROTA_REFRESH_TOKEN_TTL: Duration.default(30 * 86_400),
  ROTA_RESET_TOKEN_TTL: Duration.default(3600),
  ROTA_INVITE_TOKEN_TTL: Duration.default(7 * 86_400),
  ROTA_OTP_TTL: Duration.default(600),
  ROTA_WORKERS: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'Use a number of processes (1 to 999) or auto')
    .default('1')
    .transform((value) => (value === 'auto' ? availableParallelism() : Number(value))),
  ROTA_FILES_DIR: z.string().min(1).optional(),
  ROTA_LIST_PAGES: z.coerce.number().int().min(0, 'Use 0 (none) or more').max(1_000_000).default(2000),
})

/** A rate limit: at most `max` attempts per `windowSeconds`. */
export interface Limit {
  max: number
  windowSeconds: number
}

export interface Config {
  port: number
  host: string
  logLevel: z.infer<typeof Env>['LOG_LEVEL']
  development: boolean
  /** Also parse every answer with the contract's zod schema and compare it with what the compiled serializer wrote (development and tests). */
  checkResponses: boolean
  dataDir: string
  /** Where uploaded files live: the data folder's `files`, or a folder every API process shares. */
  filesDir: string
  /** Whether `filesDir` was chosen (ROTA_FILES_DIR), rather than defaulted to this machine's data folder. */
  sharedFiles: boolean
  /** API processes to run on the port (node:cluster); more than one needs PostgreSQL. */
  workers: number
  /** How many list pages each process remembers until their rows change (services/list-totals.ts); 0 for none. */
  listPages: number
  databaseUrl: string | undefined
  secret: string
  publicUrl: string
  webDir: string | undefined
  trustProxy: boolean
  smtpUrl: string | undefined
  mailFrom: string
  cloudinaryUrl: string | undefined
  google: { clientId: string; jwksUrl: string } | undefined
  mapsKey: string | undefined
  ttl: { access: number; refresh: number; reset: number; invite: number; otp: number }
  rateLimits: {
    /** Sign-in attempts from one address, whatever the accounts. */
    loginPerIp: Limit
    /** Failed sign-ins to one account from one address: over it, that address waits out the window. */
    loginPerPair: Limit
    /** Failed sign-ins to one account from every address: over it, attempts wait a growing delay and a right password needs the e-mailed code. */
    loginPerAccount: Limit
    /** Wrong current passwords when a signed-in user changes theirs. */
    passwordChangePerUser: Limit
    otpPerIp: Limit
    resetPerIp: Limit
    resetPerAccount: Limit
    invitePerIp: Limit
    registerPerIp: Limit
  }
  otpMaxTries: number
}

export const DEFAULT_RATE_LIMITS: Config['rateLimits'] = {
  loginPerIp: { max: 30, windowSeconds: 900 },
  loginPerPair: { max: 10, windowSeconds: 900 },
  loginPerAccount: { max: 20, windowSeconds: 900 },
  passwordChangePerUser: { max: 5, windowSeconds: 900 },
  otpPerIp: { max: 30, windowSeconds: 900 },
  resetPerIp: { max: 10, windowSeconds: 3600 },
  resetPerAccount: { max: 5, windowSeconds: 3600 },
  invitePerIp: { max: 30, windowSeconds: 900 },
  registerPerIp: { max: 10, windowSeconds: 3600 },
}

/** Thrown when the environment holds a bad value; the message names each variable and why. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/**
 * Reads and validates the configuration from environment variables. Fails fast with
 * every problem at once. When ROTA_SECRET is unset, one is generated on first start
 * and kept in the data folder.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Rota cannot start: bad configuration\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.ROTA_WORKERS > 1 && !e.ROTA_DATABASE_URL) {
    throw new ConfigError(
      `Rota cannot start: bad configuration\n  ROTA_WORKERS: ${e.ROTA_WORKERS} API processes need PostgreSQL (set ROTA_DATABASE_URL); the embedded database lives inside one process`,
    )
  }
  const dataDir = resolve(e.ROTA_DATA_DIR)
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    development: e.NODE_ENV === 'development',
    checkResponses: e.NODE_ENV === 'development',
    dataDir,
    filesDir: resolve(e.ROTA_FILES_DIR ?? join(dataDir, 'files')),
    sharedFiles: e.ROTA_FILES_DIR !== undefined,
    workers: e.ROTA_WORKERS,
    listPages: e.ROTA_LIST_PAGES,
    databaseUrl: e.ROTA_DATABASE_URL,
    secret: e.ROTA_SECRET ?? dataDirSecret(dataDir),
    publicUrl: (e.ROTA_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDir: e.ROTA_WEB_DIR,
    trustProxy: e.ROTA_TRUST_PROXY,
    smtpUrl: e.ROTA_SMTP_URL,
    mailFrom: e.ROTA_MAIL_FROM,
    cloudinaryUrl: e.ROTA_CLOUDINARY_URL,
    google: e.ROTA_GOOGLE_CLIENT_ID ? { clientId: e.ROTA_GOOGLE_CLIENT_ID, jwksUrl: e.ROTA_GOOGLE_JWKS_URL } : undefined,
    mapsKey: e.ROTA_MAPS_KEY,
    ttl: {
      access: e.ROTA_ACCESS_TOKEN_TTL,
      refresh: e.ROTA_REFRESH_TOKEN_TTL,
      reset: e.ROTA_RESET_TOKEN_TTL,
      invite: e.ROTA_INVITE_TOKEN_TTL,
      otp: e.ROTA_OTP_TTL,
    },
    rateLimits: DEFAULT_RATE_LIMITS,
    otpMaxTries: 5,
  }
}

function dataDirSecret(dataDir: string): string {
  const file = join(dataDir, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
