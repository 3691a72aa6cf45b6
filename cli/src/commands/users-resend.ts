import { CliError, EXIT, notSignedIn } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'
import { inviteStep } from '../users/invite.ts'
import { findMember } from '../users/team.ts'
import type { InviteResult } from './users-invite.ts'

/**
 * `rota users resend EMAIL`: a new link for a sent, expired or revoked invitation (the old
 * link stops working), through the invite machine, which refuses an accepted one.
 * @example
 * const [result] = await usersResend({ io, global: {}, email: 'zoe@acme.ca', printLinks: true })
 */
export async function usersResend({ io, global, email, printLinks }: CommandContext & { email: string; printLinks?: boolean }): Promise<InviteResult[]> {
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  try {
    const member = await findMember(connection.client, email)
    const outcome = await inviteStep(connection.client, { type: 'invite.resend' }, { user: member })
    if (!outcome.allowed) throw new CliError(`The invitation of ${member.email} was ${outcome.state === 'draft' ? 'never sent' : outcome.state}: there is nothing to resend`, EXIT.failure)
    if (outcome.error) throw outcome.error
    const user = outcome.user ?? member
    return [
      {
        line: null,
        email: user.email,
        ok: true,
        user_id: user.id,
        role: user.role.name,
        invite_link: printLinks ? outcome.invite_link : null,
        emailed: outcome.invite_link === null,
        error: null,
        exit_code: EXIT.ok,
      },
    ]
  } finally {
    connection.close()
  }
}
