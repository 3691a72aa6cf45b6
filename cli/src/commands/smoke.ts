import { createApiClient, memoryStore } from '@rota/core'
import { sessionMachine, tokenRefreshMachine } from '@rota/machines'
import {
  liveSessionScenario,
  liveTokenRefreshScenario,
  sessionApiWorld,
  sessionMeanings,
  sessionModel,
  tokenRefreshApiWorld,
  tokenRefreshMeanings,
  tokenRefreshModel,
  walk,
  type LiveAccount,
  type MachinePath,
} from '@rota/machines/testing'
import { usageError } from '../errors.ts'
import { checkWritable } from '../output-file.ts'
import type { CommandContext } from '../program.ts'
import { prompts, readStdin } from '../prompts.ts'
import { resolveHost } from '../session/target.ts'
import { pathTitle } from '../smoke/names.ts'
import { maximalPaths } from '../smoke/paths.ts'

export interface SmokeOptions extends CommandContext {
  business: string
  email: string
  passwordStdin?: boolean
  /** Where the JUnit report goes: checked before anything is walked. */
  output?: string
}

/** One walked path. */
export interface SmokePath {
  machine: 'session' | 'token-refresh'
  name: string
  ok: boolean
  error: string | null
  seconds: number
}

export interface SmokeReport {
  host: string
  started_at: string
  seconds: number
  passed: number
  failed: number
  paths: SmokePath[]
}

async function password(options: SmokeOptions): Promise<string> {
  if (options.passwordStdin) return readStdin(options.io)
  const fromEnvironment = options.io.env['ROTA_SMOKE_PASSWORD']
  if (fromEnvironment) return fromEnvironment
  return prompts(options.io).secret(`Password of ${options.email}`, { instead: '--password-stdin or ROTA_SMOKE_PASSWORD' })
}

async function timed(machine: SmokePath['machine'], path: MachinePath, walk: () => Promise<void>): Promise<SmokePath> {
  const start = performance.now()
  const name = pathTitle(path)
  try {
    await walk()
    return { machine, name, ok: true, error: null, seconds: (performance.now() - start) / 1000 }
  } catch (error) {
    // xstate's path runner appends the whole path to the message; the report names the path already.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!
    return { machine, name, ok: false, error: reason, seconds: (performance.now() - start) / 1000 }
  }
}

/**
 * `rota smoke`: walks the model-based paths of the session and token-refresh machines
 * against a live deployment, each on a real actor whose calls reach it: sign in, load
 * the current user and the settings, refresh, a reused refresh token refused (and its
 * session revoked), sign out, a wrong password refused. Returns every path's result;
 * the account should be a dedicated one, since its sessions are signed out.
 * @example
 * const report = await smoke({ io, global: { host: 'https://rota.example.com' }, business: 'acme', email: 'smoke@acme.ca' })
 */
export async function smoke(options: SmokeOptions): Promise<SmokeReport> {
  if (options.output) checkWritable(options.output)
  const host = resolveHost(options.io, options.global)
  const baseURL = `${host}/api/v1`
  const account: LiveAccount = { business_id: options.business, email: options.email, password: await password(options) }
  if (account.password === '') throw usageError('The password is empty')
  // An unreachable host is one clear failure, not a failure per path.
  await createApiClient({ baseURL, store: memoryStore() }).api.health(undefined, { silent: true })

  const started = new Date()
  const results: SmokePath[] = []
  for (const path of maximalPaths(sessionModel(liveSessionScenario).getShortestPaths())) {
    results.push(
      await timed('session', path, () => {
        const store = memoryStore()
        const world = sessionApiWorld({ client: createApiClient({ baseURL, store }), store, account })
        return walk(path, { machine: sessionMachine, world, meanings: sessionMeanings })
      }),
    )
  }
  for (const path of maximalPaths(tokenRefreshModel(liveTokenRefreshScenario).getShortestPaths())) {
    results.push(
      await timed('token-refresh', path, () => {
        const world = tokenRefreshApiWorld({ client: createApiClient({ baseURL, store: memoryStore() }), account, path })
        return walk(path, { machine: tokenRefreshMachine, world, meanings: tokenRefreshMeanings })
      }),
    )
  }
  const failed = results.filter((result) => !result.ok).length
  return {
    host,
    started_at: started.toISOString(),
    seconds: (Date.now() - started.getTime()) / 1000,
    passed: results.length - failed,
    failed,
    paths: results,
  }
}
