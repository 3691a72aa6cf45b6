import { DEFAULT_ROLE, isPrivileged, rightsBeyond, type CreateUserBody, type Locale, type Role, type User } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { conflict, forbidden, rightsBeyondOwn, unprocessable } from '../../errors.ts'
import { completeGuideStep, getSettings } from '../../repositories/businesses.ts'
import { issueLinkToken } from '../../repositories/link-tokens.ts'
import { notify } from '../../repositories/notifications.ts'
import { getRole, isPrivilegedRoleName, roleByName, roleChoices } from '../../repositories/roles.ts'
import { revokeUserSessions } from '../../repositories/sessions.ts'
import { existingServices } from '../../repositories/services.ts'
import { deleteMember, getMember, listTeam, otherActiveSuperAdmins, revokeInvites, setPreferredLocations, setUserServices } from '../../repositories/team.ts'
import { locationActive } from '../../repositories/shifts.ts'
import { accountByEmail, accountById, createUser, updateUser } from '../../repositories/users.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

type Ctx = HandlerContext<Auth>

/** Only an administrator may hand out an administrator's role, or change, disable or remove an administrator. */
function requireAdminForPrivileged(ctx: Ctx, roleName: string): void {
  if (isPrivilegedRoleName(roleName) && !isPrivileged(ctx.auth)) throw forbidden()
}

/** A role is given only by someone who holds all of its rights: giving a stronger one (to a second account, say) would raise one's own. */
function requireRightsToGive(ctx: Ctx, role: Pick<Role, 'name' | 'permissions'>): void {
  requireAdminForPrivileged(ctx, role.name)
  const beyond = rightsBeyond(ctx.auth, role.permissions)
  if (beyond.length > 0) throw rightsBeyondOwn(beyond)
}

/** A business always keeps an active Super Admin: the owner's role cannot be emptied by a change to `userId`. */
async function keepASuperAdmin(ctx: Ctx, userId: string): Promise<void> {
  if ((await otherActiveSuperAdmins(ctx.db, ctx.auth.businessId, userId)) === 0) throw unprocessable('last_admin')
}

/**
 * Issues a fresh invitation link, e-mails it, and returns it when no mail server would
 * deliver it. The link remembers who sent it: they are told when it is accepted.
 */
async function sendInvite(ctx: Ctx, db: Db, user: { id: string; email: string; firstname: string; locale: string }): Promise<string | null> {
  const token = await issueLinkToken(db, {
    businessId: ctx.auth.businessId,
    userId: user.id,
    kind: 'invite',
    ttlSeconds: ctx.config.ttl.invite,
    payload: { invited_by: ctx.auth.userId },
  })
  const link = `${ctx.config.publicUrl}/auth/accept/${token}`
  const account = await accountById(db, ctx.auth.businessId, ctx.auth.userId)
  ctx.mailer.queue({
    businessId: ctx.auth.businessId,
    to: user.email,
    locale: user.locale as Locale,
    kind: 'invite',
    variables: {
      firstname: user.firstname,
      business_name: account?.businessName ?? ctx.auth.businessId,
      inviter: `${account?.user.firstname ?? ''} ${account?.user.lastname ?? ''}`.trim() || ctx.auth.email,
      link,
      days: Math.round(ctx.config.ttl.invite / 86_400),
    },
  })
  return ctx.config.smtpUrl ? null : link
}

/** Team members: invitations, changes, removal, and the guards that keep a business administrable. */
export const userHandlers: Handlers<
  'listUsers' | 'getUser' | 'listRoleChoices' | 'createUser' | 'updateUser' | 'deleteUser' | 'resendInvite' | 'revokeInvite'
> = {
  listUsers: ({ query }, ctx) => listTeam(ctx.db, ctx.auth.businessId, query, ctx.totals),
  getUser: ({ params }, ctx) => getMember(ctx.db, ctx.auth.businessId, params.id),

  /** The invite form's role picker: someone who may invite need not read roles, and sees only the roles they may give (none with a right they lack). */
  async listRoleChoices(_input, ctx) {
    const choices = await roleChoices(ctx.db, ctx.auth.businessId)
    const giveable = isPrivileged(ctx.auth) ? choices : choices.filter((role) => !role.privileged && rightsBeyond(ctx.auth, role.permissions).length === 0)
    return giveable.map(({ id, name, privileged }) => ({ id, name, privileged }))
  },

  async createUser({ body }, ctx) {
    const { businessId } = ctx.auth
    const role = body.role_id ? await getRole(ctx.db, businessId, body.role_id).catch(() => undefined) : await roleByName(ctx.db, businessId, body.role!)
    if (!role) throw unprocessable('role_not_found', { [body.role_id ? 'role_id' : 'role']: 'No such role' })
    requireRightsToGive(ctx, role)
    const existing = await accountByEmail(ctx.db, businessId, body.email)
    if (existing) {
      if (existing.user.status !== 'invited') throw conflict('email_taken', { email: 'Already a member of this business' })
      const waiting = await getMember(ctx.db, businessId, existing.user.id)
      if (waiting.invite?.status === 'sent') throw conflict('already_invited', { email: 'Already invited: send the invitation again from their record' })
      requireAdminForPrivileged(ctx, waiting.role.name)
      return replaceInvitation(ctx, waiting, role, body)
    }
    const result = await ctx.db.transaction(async (tx) => {
      // The business's language, not the inviter's: the invitation and the first notifications go out in it, and
      // the person's own language is taken when they accept in it.
      const settingsLocale = (await getSettings(tx, businessId)).locale
      const user = await createUser(tx, {
        business_id: businessId,
        email: body.email,
        firstname: body.firstname ?? '',
        lastname: body.lastname ?? '',
        phone: body.phone ?? null,
        pay_rate_cents: body.pay_rate_cents ?? null,
        role_id: role.id,
        status: 'invited',
        locale: settingsLocale,
      })
      const link = await sendInvite(ctx, tx, user)
      const member = await getMember(tx, businessId, user.id)
      await audit(ctx, { action: 'users.create', model: 'users', recordId: user.id, after: member }, tx)
      await completeGuideStep(tx, businessId, 'staffs')
      return { user: member, invite_link: link }
    })
    return answer(result, 'invite_sent', 201)
  },

  async updateUser({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const before = await getMember(ctx.db, businessId, params.id)
    // An administrator's record is an administrator's to change, in every field.
    requireAdminForPrivileged(ctx, before.role.name)
    const role = body.role_id && body.role_id !== before.role.id ? await getRole(ctx.db, businessId, body.role_id).catch(() => undefined) : undefined
    if (body.role_id && body.role_id !== before.role.id && !role) throw unprocessable('role_not_found', { role_id: 'No such role' })
    const disabling = body.status === 'disabled' && before.status !== 'disabled'
    if (role) requireRightsToGive(ctx, role)
    // An invitee has no account to switch on or off yet: disabling one made it look accepted, and
    // enabling it afterwards made an active account nobody had accepted. Revoking is the way to stop one.
    if (body.status !== undefined && before.status === 'invited') throw unprocessable('not_accepted', { status: 'The invitation is not accepted yet' })
    if (params.id === userId && (disabling || role)) throw unprocessable('cannot_change_self')
    if (before.role.name === DEFAULT_ROLE && (disabling || (role && role.name !== DEFAULT_ROLE))) await keepASuperAdmin(ctx, params.id)
    const { id: _id, version, service_ids: serviceIds, preferred_location_ids: preferredIds, ...patch } = body
    if (serviceIds) await requireServices(ctx, serviceIds)
    if (preferredIds) await requireLocations(ctx, preferredIds)
    const after = await ctx.db.transaction(async (tx) => {
      await updateUser(tx, businessId, params.id, patch, version)
      if (serviceIds) await setUserServices(tx, businessId, params.id, serviceIds)
      if (preferredIds) await setPreferredLocations(tx, businessId, params.id, preferredIds)
      if (disabling) await revokeUserSessions(tx, businessId, params.id, 'disabled')
      const member = await getMember(tx, businessId, params.id)
      const touched = { ...patch, ...(serviceIds ? { service_ids: serviceIds } : {}), ...(preferredIds ? { preferred_location_ids: preferredIds } : {}) }
      await audit(ctx, { action: 'users.update', model: 'users', recordId: params.id, before: changed(before, touched), after: changed(member, touched) }, tx)
      if (role) await notify(tx, { businessId, userId: params.id, title: 'role_changed', values: { role: role.name }, model: 'users', operation: 'role_changed' })
      return member
    })
    return answer(after, 'saved')
  },

  async deleteUser({ params }, ctx) {
    const { businessId, userId } = ctx.auth
    if (params.id === userId) throw unprocessable('cannot_change_self')
    const before = await getMember(ctx.db, businessId, params.id)
    requireAdminForPrivileged(ctx, before.role.name)
    if (before.role.name === DEFAULT_ROLE && before.status === 'active') await keepASuperAdmin(ctx, params.id)
    await ctx.db.transaction(async (tx) => {
      await audit(ctx, { action: 'users.delete', model: 'users', recordId: params.id, before }, tx)
      await deleteMember(tx, businessId, params.id)
    })
    return answer({}, 'deleted')
  },

  async resendInvite({ params }, ctx) {
    const member = await getMember(ctx.db, ctx.auth.businessId, params.id)
    requireAdminForPrivileged(ctx, member.role.name)
    if (member.status !== 'invited') throw unprocessable('not_invited')
    const result = await ctx.db.transaction(async (tx) => {
      const account = await accountById(tx, ctx.auth.businessId, params.id)
      const link = await sendInvite(ctx, tx, account!.user)
      const user = await getMember(tx, ctx.auth.businessId, params.id)
      await audit(ctx, { action: 'users.invite_resent', model: 'users', recordId: params.id, before: { invite: member.invite }, after: { invite: user.invite } }, tx)
      return { user, invite_link: link }
    })
    return answer(result, 'invite_sent')
  },

  async revokeInvite({ params }, ctx) {
    const member = await getMember(ctx.db, ctx.auth.businessId, params.id)
    requireAdminForPrivileged(ctx, member.role.name)
    if (member.status !== 'invited') throw unprocessable('not_invited')
    const after = await ctx.db.transaction(async (tx) => {
      await revokeInvites(tx, ctx.auth.businessId, params.id)
      const user = await getMember(tx, ctx.auth.businessId, params.id)
      await audit(ctx, { action: 'users.invite_revoked', model: 'users', recordId: params.id, before: { invite: member.invite }, after: { invite: user.invite } }, tx)
      return user
    })
    return answer(after, 'invite_revoked')
  },
}

/**
 * A new invitation for someone whose last one was revoked or expired, as the invite form
 * asked it (role, names, phone, pay rate): a new link, the old one dead.
 */
async function replaceInvitation(ctx: Ctx, before: User, role: { id: string; name: string }, body: CreateUserBody) {
  const { businessId } = ctx.auth
  const result = await ctx.db.transaction(async (tx) => {
    const patch = {
      role_id: role.id,
      ...(body.firstname !== undefined ? { firstname: body.firstname } : {}),
      ...(body.lastname !== undefined ? { lastname: body.lastname } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.pay_rate_cents !== undefined ? { pay_rate_cents: body.pay_rate_cents } : {}),
    }
    const user = await updateUser(tx, businessId, before.id, patch)
    const link = await sendInvite(ctx, tx, user)
    const member = await getMember(tx, businessId, user.id)
    await audit(ctx, { action: 'users.invite_replaced', model: 'users', recordId: user.id, before: { invite: before.invite, ...changed(before, patch) }, after: { invite: member.invite, ...changed(member, patch) } }, tx)
    return { user: member, invite_link: link }
  })
  return answer(result, 'invite_sent', 201)
}

/** Services to let someone work must be the business's own: another's (or none) is a 422 naming the field. */
async function requireServices(ctx: Ctx, serviceIds: string[]): Promise<void> {
  if (serviceIds.length === 0) return
  const found = await existingServices(ctx.db, ctx.auth.businessId, serviceIds)
  if (found.length !== new Set(serviceIds).size) throw unprocessable('service_not_found', { service_ids: 'No such service' })
}

/** Preferred clients must be the business's own: another's is a 422 naming the field. */
async function requireLocations(ctx: Ctx, locationIds: string[]): Promise<void> {
  for (const id of new Set(locationIds)) {
    if ((await locationActive(ctx.db, ctx.auth.businessId, id)) === undefined) throw unprocessable('location_not_found', { preferred_location_ids: 'No such client' })
  }
}

/** The fields a change touched (role as its id), for the audit row. */
function changed(user: User, patch: object): Record<string, unknown> {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, key === 'role_id' ? user.role.id : user[key as keyof User]]))
}

