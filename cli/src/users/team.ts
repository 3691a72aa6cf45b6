import { ApiError, type ApiClient, type User } from '@rota/core'
import { CliError, EXIT } from '../errors.ts'

/** Every page of a list: the API serves at most 100 rows a page. */
async function allPages<T>(fetchPage: (page: number) => Promise<{ count: number; rows: T[] }>): Promise<T[]> {
  const rows: T[] = []
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page)
    rows.push(...answer.rows)
    if (answer.rows.length === 0 || rows.length >= answer.count) return rows
  }
}

/**
 * Team members matching a filter, every page of them.
 * @example
 * const invited = await listMembers(client, { filter: { status: 'invited' } })
 */
export function listMembers(client: ApiClient, query: { q?: string; filter?: { role?: string; status?: User['status'] } } = {}): Promise<User[]> {
  return allPages((page) => client.api.listUsers({ query: { ...query, page, page_size: 100, sort: 'name' } }, { silent: true }))
}

/**
 * The team member with this e-mail address, or a clear failure.
 * @example
 * const zoe = await findMember(client, 'zoe@acme.ca')
 */
export async function findMember(client: ApiClient, email: string): Promise<User> {
  const wanted = email.trim().toLowerCase()
  const member = (await listMembers(client, { q: wanted })).find((user) => user.email === wanted)
  if (!member) throw new CliError(`Nobody with the e-mail ${email} in this business`, EXIT.failure)
  return member
}

/** Roles by lower-cased name. */
export type RolesByName = Map<string, { id: string; name: string }>

/**
 * The business's roles, or null when the signed-in user may not read roles (the
 * invite API also takes a role by name, so inviting still works).
 * @example
 * (await roles(client))?.get('manager')?.id
 */
export async function roles(client: ApiClient): Promise<RolesByName | null> {
  try {
    const all = await allPages((page) => client.api.listRoles({ query: { page, page_size: 100 } }, { silent: true }))
    return new Map(all.map((role) => [role.name.trim().toLowerCase(), { id: role.id, name: role.name }]))
  } catch (error) {
    if (error instanceof ApiError && error.code === 'forbidden') return null
    throw error
  }
}

/**
 * A role's id from its name, whatever its case, refusing a name no role has and
 * listing the ones there are.
 * @example
 * roleId(known, 'manager') // '4c2a…'
 */
export function roleId(known: RolesByName, name: string): string {
  const role = known.get(name.trim().toLowerCase())
  if (!role) throw new CliError(`No role named "${name.trim()}": the roles are ${[...known.values()].map((r) => r.name).join(', ')}`, EXIT.validation)
  return role.id
}
