import { memoryStore, type KeyValueStore } from '@rota/core'
import { usageError } from '../errors.ts'
import type { Io } from '../io.ts'
import { credentialsPath, profileStore, readCredentials, updateCredentials } from './credentials-file.ts'

/** The options every command takes. */
export interface GlobalOptions {
  host?: string
  profile?: string
  json?: boolean
  debug?: boolean
}

/** The Rota a command talks to, and where its session is kept. */
export interface Target {
  /** `https://rota.example.com`, without `/api/v1`. */
  host: string
  baseURL: string
  profile: string
  store: KeyValueStore
  /** The credentials file; unused when the session comes from ROTA_TOKEN. */
  credentials: string
  /** The session is ROTA_TOKEN's: nothing is written to disk and nothing can be refreshed. */
  fromEnvironment: boolean
}

export const DEFAULT_HOST = 'http://localhost:3000'

const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/

/**
 * A host as people type it (`rota.example.com`, `localhost:3000/`, `https://x/api/v1`) as
 * an origin: loopback defaults to http, anything else to https.
 * @example
 * normalizeHost('localhost:3000') // 'http://localhost:3000'
 */
export function normalizeHost(text: string): string {
  const trimmed = text.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `${loopback.test(trimmed.split('/')[0] ?? '') ? 'http' : 'https'}://${trimmed}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw usageError(`"${text}" is not a host: use a URL such as https://rota.example.com`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw usageError(`"${text}" is not an http or https URL`)
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  return `${url.origin}${path}`
}

/**
 * The host a command would use, for messages: never throws, even on a bad --host.
 * @example
 * resolveHost(io, { host: 'localhost:3000' }) // 'http://localhost:3000'
 */
export function resolveHost(io: Io, options: GlobalOptions): string {
  try {
    return resolveTarget(io, options).host
  } catch {
    return options.host ?? io.env['ROTA_HOST'] ?? DEFAULT_HOST
  }
}

/** A profile's default name: the host and port, one profile per host. */
export function profileNameOf(host: string): string {
  const url = new URL(host)
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`
}

/**
 * Which Rota and which session a command uses. `--profile` names a session; otherwise
 * `--host` or ROTA_HOST picks that host's session; otherwise the last one signed in.
 * ROTA_TOKEN (for CI) supplies the token and keeps nothing on disk.
 * @example
 * resolveTarget(io, { host: 'localhost:3000' }).baseURL // 'http://localhost:3000/api/v1'
 */
export function resolveTarget(io: Io, options: GlobalOptions): Target {
  const credentials = credentialsPath(io.env, io.home)
  const file = readCredentials(credentials)
  const named = options.host ?? io.env['ROTA_HOST']
  const profileName = options.profile ?? (named ? undefined : file.current)
  const host = normalizeHost(named ?? (profileName ? file.profiles[profileName]?.host : undefined) ?? DEFAULT_HOST)
  const profile = profileName ?? profileNameOf(host)
  const token = io.env['ROTA_TOKEN']
  const store = token ? memoryStore({ token }) : profileStore(credentials, profile, host)
  return { host, baseURL: `${host}/api/v1`, profile, store, credentials, fromEnvironment: Boolean(token) }
}

/** Makes a profile the one commands use when they name none (after `rota login`). */
export function makeCurrent(target: Target): void {
  if (!target.fromEnvironment) updateCredentials(target.credentials, (file) => void (file.current = target.profile))
}
