import type { User } from '@rota/core'
import { notSignedIn } from '../errors.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'
import { listMembers, roleId, roles } from '../users/team.ts'

export interface UsersListOptions extends CommandContext {
  search?: string
  status?: User['status']
  role?: string
}

/**
 * `rota users list`: every team member (all pages), by name, optionally filtered.
 * @example
 * const managers = await usersList({ io, global: {}, role: 'Manager' })
 */
export async function usersList({ io, global, search, status, role }: UsersListOptions): Promise<User[]> {
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  try {
    const known = role ? await roles(connection.client) : null
    const filter = { ...(status && { status }), ...(role && known && { role: roleId(known, role) }) }
    const users = await listMembers(connection.client, { ...(search && { q: search }), filter })
    // Without the right to read roles, the role is matched by name here instead of by the server.
    return role && !known ? users.filter((user) => user.role.name.toLowerCase() === role.trim().toLowerCase()) : users
  } finally {
    connection.close()
  }
}
