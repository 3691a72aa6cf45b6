import type { User } from '@rota/core'
import type { CommandContext } from '../program.ts'
import { usersList } from './users-list.ts'

/**
 * `rota users invites`: the invitations not accepted yet (sent, expired or revoked),
 * each with where it stands.
 * @example
 * const pending = await usersInvites({ io, global: {} })
 */
export async function usersInvites(context: CommandContext): Promise<User[]> {
  return usersList({ ...context, status: 'invited' })
}
