import { CliError, EXIT, usageError } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { startSession } from '../session/session-actor.ts'
import { resolveTarget } from '../session/target.ts'

export interface LoggedOut {
  host: string
  profile: string
  /** False when there was no session to end. */
  signed_out: boolean
}

/**
 * `rota logout`: signs out through the session machine, which revokes the session on
 * the server and then clears the profile. Signing out with no session is not an error,
 * so scripts may always call it; an unreachable server is, and keeps the session so
 * that it can be revoked later.
 * @example
 * await logout({ io, global: { profile: 'staging' } })
 */
export async function logout({ io, global }: CommandContext): Promise<LoggedOut> {
  if (io.env['ROTA_TOKEN']) throw usageError('ROTA_TOKEN is set: a token from the environment cannot be signed out here')
  const target = resolveTarget(io, global)
  const result = { host: target.host, profile: target.profile }
  if (!target.store.get('token')) return { ...result, signed_out: false }
  const connection = connect(target)
  const session = startSession(target, connection, { restore: true })
  try {
    if ((await session.settled()).matches('signedIn')) {
      session.actor.send({ type: 'session.logout' })
      await session.settled()
    }
    if (target.store.get('token')) throw session.lastError() ?? new CliError('Could not sign out', EXIT.failure)
    return { ...result, signed_out: true }
  } finally {
    session.actor.stop()
    connection.close()
  }
}
