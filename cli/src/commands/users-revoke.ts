import type { User } from '@rota/core'
import { CliError, EXIT, notSignedIn } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'
import { inviteStep } from '../users/invite.ts'
import { findMember } from '../users/team.ts'

/**
 * `rota users revoke EMAIL`: the invitation's link stops working, through the invite
 * machine, which refuses an invitation already accepted or revoked.
 * @example
 * const user = await usersRevoke({ io, global: {}, email: 'zoe@acme.ca' })
 */
export async function usersRevoke({ io, global, email }: CommandContext & { email: string }): Promise<User> {
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  try {
    const member = await findMember(connection.client, email)
    const outcome = await inviteStep(connection.client, { type: 'invite.revoke' }, { user: member })
    if (!outcome.allowed) throw new CliError(`The invitation of ${member.email} is ${outcome.state === 'draft' ? 'not sent' : outcome.state}: there is nothing to revoke`, EXIT.failure)
    if (outcome.error) throw outcome.error
    return outcome.user ?? member
  } finally {
    connection.close()
  }
}
