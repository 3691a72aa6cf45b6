import type { KeyValueStore, StoreKey } from '@rota/core'
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** One signed-in session as the file keeps it: the host, the token pair, and the user and settings as JSON. */
export interface StoredProfile {
  host: string
  token?: string
  refresh_token?: string
  user?: unknown
  settings?: unknown
}

/** `credentials.json`: the profiles by name, and the one used when a command names none. */
export interface CredentialsFile {
  current?: string
  profiles: Record<string, StoredProfile>
}

/**
 * Where the CLI keeps sessions: `$XDG_CONFIG_HOME/rota/credentials.json`, or under
 * `~/.config` when XDG_CONFIG_HOME is unset (the XDG base-directory default).
 * @example
 * credentialsPath({ XDG_CONFIG_HOME: '/tmp/cfg' }, '/home/ada') // '/tmp/cfg/rota/credentials.json'
 */
export function credentialsPath(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const base = env['XDG_CONFIG_HOME'] || join(home, '.config')
  return join(base, 'rota', 'credentials.json')
}

/**
 * Reads the credentials file; a missing file holds no profiles. A file that is not
 * Rota's JSON is treated as empty rather than stopping every command: the next
 * `rota login` rewrites it.
 */
export function readCredentials(path: string): CredentialsFile {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return { profiles: {} }
  }
  try {
    const parsed = JSON.parse(text) as Partial<CredentialsFile>
    return typeof parsed.profiles === 'object' && parsed.profiles !== null ? { current: parsed.current, profiles: parsed.profiles } : { profiles: {} }
  } catch {
    return { profiles: {} }
  }
}

/**
 * Changes the file: reads it again (another `rota` may have written meanwhile), applies
 * `change`, and replaces it atomically, readable by its owner only (0600, folder 0700),
 * since it holds refresh tokens.
 */
export function updateCredentials(path: string, change: (file: CredentialsFile) => void): void {
  const file = readCredentials(path)
  change(file)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
  chmodSync(temporary, 0o600)
  renameSync(temporary, path)
}

const jsonKeys = new Set<StoreKey>(['user', 'settings'])

/**
 * The session store of one profile, backed by the credentials file: what the API client,
 * the session machine and the token-refresh machine read and write. Every change is
 * written through at once, so a refreshed token survives a crash a moment later.
 * `clear()` forgets the profile's session and keeps its host (the one later commands use).
 * @example
 * const store = profileStore('/home/ada/.config/rota/credentials.json', 'rota.example.com', 'https://rota.example.com')
 * store.get('token')
 */
export function profileStore(path: string, name: string, host: string): KeyValueStore {
  let profile: StoredProfile | undefined = readCredentials(path).profiles[name]
  const write = (next: StoredProfile | undefined) => {
    profile = next
    updateCredentials(path, (file) => {
      if (next) file.profiles[name] = next
      else delete file.profiles[name]
      if (!next && file.current === name) delete file.current
    })
  }
  return {
    get(key) {
      const value = profile?.[key]
      if (value === undefined || value === null) return null
      return jsonKeys.has(key) ? JSON.stringify(value) : String(value)
    },
    set(key, value) {
      write({ ...profile, host, [key]: jsonKeys.has(key) ? JSON.parse(value) : value })
    },
    remove(key) {
      if (!profile) return
      const { [key]: _, ...rest } = profile
      write({ ...rest, host })
    },
    clear() {
      // The secrets go; the host stays, so that the next command still talks to the Rota last used.
      write({ host })
    },
  }
}
