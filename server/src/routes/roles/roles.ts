import { rightsBeyond } from '@rota/core'
import { AppError, rightsBeyondOwn, unprocessable } from '../../errors.ts'
import { completeGuideStep } from '../../repositories/businesses.ts'
import { createRole, deleteRole, getRole, isPrivilegedRoleName, listRoles, updateRole } from '../../repositories/roles.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/**
 * Roles and their permission matrices. The privileged roles are fixed: they can do everything.
 * Nobody gives a role a right they do not hold (403 `rights_beyond_own`), or editing roles
 * would be a way to raise one's own.
 */
export const roleHandlers: Handlers<'listRoles' | 'getRole' | 'createRole' | 'updateRole' | 'deleteRole'> = {
  listRoles: ({ query }, ctx) => listRoles(ctx.db, ctx.auth.businessId, query, ctx.totals),
  getRole: ({ params }, ctx) => getRole(ctx.db, ctx.auth.businessId, params.id),

  async createRole({ body }, ctx) {
    if (isPrivilegedRoleName(body.name)) throw unprocessable('role_locked', { name: 'This name is reserved' })
    const beyond = rightsBeyond(ctx.auth, body.permissions ?? [])
    if (beyond.length > 0) throw rightsBeyondOwn(beyond)
    const role = await ctx.db.transaction(async (tx) => {
      const created = await createRole(tx, ctx.auth.businessId, body)
      await audit(ctx, { action: 'roles.create', model: 'roles', recordId: created.id, after: created }, tx)
      await completeGuideStep(tx, ctx.auth.businessId, 'roles')
      return created
    })
    return answer(role, 'saved', 201)
  },

  async updateRole({ params, body }, ctx) {
    const before = await getRole(ctx.db, ctx.auth.businessId, params.id)
    if (before.privileged) throw unprocessable('role_locked')
    if (body.name && isPrivilegedRoleName(body.name)) throw unprocessable('role_locked', { name: 'This name is reserved' })
    const beyond = rightsBeyond(ctx.auth, body.permissions ?? [], before.permissions)
    if (beyond.length > 0) throw rightsBeyondOwn(beyond)
    const after = await ctx.db.transaction(async (tx) => {
      const role = await updateRole(tx, ctx.auth.businessId, params.id, body)
      await audit(ctx, { action: 'roles.update', model: 'roles', recordId: params.id, before, after: role }, tx)
      await completeGuideStep(tx, ctx.auth.businessId, 'roles')
      return role
    })
    return answer(after, 'saved')
  },

  async deleteRole({ params }, ctx) {
    const before = await getRole(ctx.db, ctx.auth.businessId, params.id)
    if (before.privileged) throw unprocessable('role_locked')
    if (before.users_count > 0) throw new AppError(409, 'role_in_use', { users_count: before.users_count })
    await ctx.db.transaction(async (tx) => {
      await deleteRole(tx, ctx.auth.businessId, params.id)
      await audit(ctx, { action: 'roles.delete', model: 'roles', recordId: params.id, before }, tx)
    })
    return answer({}, 'deleted')
  },
}
