import { CliError, EXIT, notSignedIn } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { startSession } from '../session/session-actor.ts'
import { signedIn, type SignedIn } from '../session/signed-in.ts'
import { resolveTarget } from '../session/target.ts'

/**
 * `rota whoami`: restores the stored session (or ROTA_TOKEN's) through the session
 * machine, which loads the user and the settings from the server; an expired access
 * token is refreshed on the way.
 * @example
 * const { user, business } = await whoami({ io, global: {} })
 */
export async function whoami({ io, global }: CommandContext): Promise<SignedIn> {
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  const session = startSession(target, connection, { restore: true })
  try {
    const snapshot = await session.settled()
    if (!snapshot.matches('signedIn')) throw session.lastError() ?? new CliError('The session has ended', EXIT.auth)
    return signedIn(target, snapshot)
  } finally {
    session.actor.stop()
    connection.close()
  }
}
