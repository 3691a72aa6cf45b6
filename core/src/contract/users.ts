import { z } from 'zod'
import { Email, Id, ListQuery, PersonName, RequiredText, Timestamp, Version } from './common.ts'
import { PermissionEntry, RoleRef } from './account.ts'
import { Cents } from './service.ts'
import { Phone } from './location.ts'

/** A week's worth of minutes at most (7 × 24 h). */
export const WeeklyMinutes = z.number().int('Use whole minutes').min(0, 'Use zero or more').max(10_080, 'Use at most 168 hours')

export const USER_STATUSES = ['invited', 'active', 'disabled'] as const
export const UserStatus = z.enum(USER_STATUSES)

/** Where an invitation stands (the invite machine's states, derived from the server's record). */
export const InviteState = z.object({
  status: z.enum(['sent', 'accepted', 'expired', 'revoked']),
  sent_at: Timestamp,
  expires_at: Timestamp,
})

/** A team member as lists and forms show them. */
export const User = z.object({
  id: Id,
  firstname: z.string(),
  lastname: z.string(),
  email: Email,
  phone: z.string().nullable(),
  file: z.string().nullable(),
  google_picture: z.string().nullable(),
  role: RoleRef,
  status: UserStatus,
  pay_rate_cents: z.number().int().nullable(),
  /** Most minutes a week the schedule should give them (a warning past it), or no limit. */
  max_weekly_minutes: z.number().int().nullable(),
  /** The week they would like, and the week the fill's fairness aims at for them (their preferred one when unset). */
  preferred_weekly_minutes: z.number().int().nullable(),
  target_weekly_minutes: z.number().int().nullable(),
  /** The services they may work; none listed means any. */
  service_ids: z.array(Id),
  /** The clients they would rather work at: the fill's preference goal. */
  preferred_location_ids: z.array(Id),
  last_sign_in_at: Timestamp.nullable(),
  invite: InviteState.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type User = z.infer<typeof User>

/** `GET /user`: search (`q` in names and e-mail), `filter[role]` (role id), `filter[status]`, sort by name, email, created_at, last_sign_in_at. */
export const UserQuery = ListQuery.extend({
  sort: z.enum(['name', 'email', 'created_at', 'last_sign_in_at', 'status']).optional(),
  filter: z.object({ role: Id.optional(), status: UserStatus.optional() }).optional(),
})

/** Creating a user invites them by e-mail; they choose their password (and may give their names) when they accept. */
export const CreateUserBody = z
  .object({
    email: Email,
    firstname: PersonName.optional(),
    lastname: PersonName.optional(),
    /** The role by id (web) or by name (CLI: `--role Manager`). */
    role_id: Id.optional(),
    role: z.string().trim().min(1).max(80).optional(),
    phone: Phone.nullable().optional(),
    pay_rate_cents: Cents.nullable().optional(),
  })
  .refine((body) => body.role_id !== undefined || body.role !== undefined, { message: 'Choose a role', path: ['role_id'] })

/** The invited user, and the acceptance link when Rota has no mail server (the admin passes it on). */
export const InviteResult = z.object({ user: User, invite_link: z.string().nullable() })

/**
 * Changes to a team member by someone who may update users. Names, phone, picture, role,
 * status and pay rate only: an e-mail address or a password is changed by its owner alone
 * (from their profile), so a body carrying one is refused rather than quietly stripped.
 */
export const UpdateUserBody = z.strictObject({
  id: Id.optional(),
  firstname: PersonName.optional(),
  lastname: PersonName.optional(),
  phone: Phone.nullable().optional(),
  file: z.string().max(200).nullable().optional(),
  role_id: Id.optional(),
  /** Disabling signs the user out everywhere. */
  status: z.enum(['active', 'disabled']).optional(),
  pay_rate_cents: Cents.nullable().optional(),
  max_weekly_minutes: WeeklyMinutes.nullable().optional(),
  preferred_weekly_minutes: WeeklyMinutes.nullable().optional(),
  target_weekly_minutes: WeeklyMinutes.nullable().optional(),
  service_ids: z.array(Id).max(200).optional(),
  preferred_location_ids: z.array(Id).max(200).optional(),
  version: Version,
})

/**
 * A role someone inviting may give (`GET /user/role_choices`): what the invite form's
 * picker needs, without the permission matrix (which needs roles:read).
 */
export const RoleChoice = z.object({ id: Id, name: z.string(), privileged: z.boolean() })
export type RoleChoice = z.infer<typeof RoleChoice>

/** A role with its permission entries; privileged roles bypass checks and cannot be edited. */
export const Role = z.object({
  id: Id,
  name: z.string(),
  privileged: z.boolean(),
  users_count: z.number().int(),
  permissions: z.array(PermissionEntry),
  version: Version,
})
export type Role = z.infer<typeof Role>

const PermissionGrant = PermissionEntry.omit({ name: true })
/** A role's grants, each part of Rota at most once (two would leave one of them unsaid). */
const PermissionGrants = z.array(PermissionGrant).superRefine((grants, ctx) => {
  const seen = new Set<string>()
  grants.forEach((grant, index) => {
    if (seen.has(grant.model_name)) ctx.addIssue({ code: 'custom', path: [index, 'model_name'], message: 'Name each part once' })
    seen.add(grant.model_name)
  })
})

export const CreateRoleBody = z.object({
  name: RequiredText(80),
  permissions: PermissionGrants.optional(),
})

export const UpdateRoleBody = z.object({
  name: RequiredText(80).optional(),
  permissions: PermissionGrants.optional(),
  version: Version,
})
export type UserQuery = z.infer<typeof UserQuery>
export type CreateUserBody = z.infer<typeof CreateUserBody>
export type UpdateUserBody = z.infer<typeof UpdateUserBody>
export type CreateRoleBody = z.infer<typeof CreateRoleBody>
export type UpdateRoleBody = z.infer<typeof UpdateRoleBody>
