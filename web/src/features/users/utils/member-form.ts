import { Email, Id, isPrivileged, PersonName, Phone, WeeklyMinutes, type Locale, type User } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, optionalDollars, optionalHoursAsMinutes } from '../../../lib/form-values.ts'

/** The invite form: an e-mail and a role; names, phone and pay rate may wait. */
export const InviteForm = z.object({
  email: Email,
  firstname: PersonName.optional(),
  lastname: PersonName.optional(),
  role_id: Id,
  phone: blankAsNull.pipe(Phone.nullable()),
  pay_rate_cents: optionalDollars,
})

/** The edit form: a field left out (a disabled role or status) stays as it is; weekly hours (most, preferred, target) are in hours, empty for none. */
export const MemberForm = z.object({
  firstname: PersonName.optional(),
  lastname: PersonName.optional(),
  phone: blankAsNull.pipe(Phone.nullable()),
  role_id: Id.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  pay_rate_cents: optionalDollars,
  preferred_weekly_minutes: optionalHoursAsMinutes.pipe(WeeklyMinutes.nullable()),
  target_weekly_minutes: optionalHoursAsMinutes.pipe(WeeklyMinutes.nullable()),
  max_weekly_minutes: optionalHoursAsMinutes.pipe(WeeklyMinutes.nullable()),
})

const fieldNumber = (value: number, locale: Locale, fraction: { minimumFractionDigits: number; maximumFractionDigits: number }) =>
  new Intl.NumberFormat(`${locale}-CA`, { ...fraction, useGrouping: false }).format(value)

/**
 * A pay rate as its field shows it, in the reader's number style (as the field's hint writes
 * one); the field reads either style back. Empty for none.
 * @example
 * rateText(2550, 'fr') // '25,50'
 */
export const rateText = (cents: number | null, locale: Locale): string => (cents === null ? '' : fieldNumber(cents / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }))

/**
 * Weekly minutes as their field shows them, in hours to two decimals and the reader's number style. Empty for none.
 * @example
 * weeklyHoursText(2250, 'fr') // '37,5'
 */
export const weeklyHoursText = (minutes: number | null, locale: Locale): string => (minutes === null ? '' : fieldNumber(minutes / 60, locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }))

/**
 * The roles someone may hand out: only administrators give administrator roles (the server
 * refuses the others), so those are left out for everyone else.
 * @example
 * assignableRoles(roles, currentUser).map((role) => ({ value: role.id, label: role.name }))
 */
export function assignableRoles<R extends { privileged: boolean }>(roles: readonly R[], by: Parameters<typeof isPrivileged>[0]): R[] {
  return isPrivileged(by) ? [...roles] : roles.filter((role) => !role.privileged)
}

/** The role an invitation offers first: Staff when there is one, else the first role with the fewest rights. */
export function defaultRole<R extends { name: string; privileged: boolean }>(roles: readonly R[]): R | undefined {
  return roles.find((role) => role.name.toLowerCase() === 'staff') ?? roles.find((role) => !role.privileged) ?? roles[0]
}

type MemberFields = Pick<
  User,
  'firstname' | 'lastname' | 'phone' | 'role' | 'status' | 'pay_rate_cents' | 'preferred_weekly_minutes' | 'target_weekly_minutes' | 'max_weekly_minutes' | 'preferred_location_ids' | 'service_ids'
>

/** Whether two lists of ids hold different ids, in any order. */
const differ = (before: readonly string[], after: readonly string[]) => {
  const known = new Set(before)
  return after.length !== known.size || after.some((id) => !known.has(id))
}

/**
 * What changed between a member and the edit form's values (and the preferred clients and
 * services chosen, when the form shows them): only those fields are sent, since the server
 * checks a role or status change even when it would change nothing.
 * @example
 * changedFields(member, values) // { phone: '613-555-0123' }
 */
export function changedFields(member: MemberFields, values: z.output<typeof MemberForm>, chosen: { clients?: readonly string[]; services?: readonly string[] } = {}) {
  const changes: Partial<z.output<typeof MemberForm>> & { preferred_location_ids?: string[]; service_ids?: string[] } = {}
  if (values.firstname !== undefined && values.firstname !== member.firstname) changes.firstname = values.firstname
  if (values.lastname !== undefined && values.lastname !== member.lastname) changes.lastname = values.lastname
  if (values.phone !== member.phone) changes.phone = values.phone
  if (values.role_id !== undefined && values.role_id !== member.role.id) changes.role_id = values.role_id
  if (values.status !== undefined && values.status !== member.status) changes.status = values.status
  if (values.pay_rate_cents !== member.pay_rate_cents) changes.pay_rate_cents = values.pay_rate_cents
  if (values.preferred_weekly_minutes !== member.preferred_weekly_minutes) changes.preferred_weekly_minutes = values.preferred_weekly_minutes
  if (values.target_weekly_minutes !== member.target_weekly_minutes) changes.target_weekly_minutes = values.target_weekly_minutes
  if (values.max_weekly_minutes !== member.max_weekly_minutes) changes.max_weekly_minutes = values.max_weekly_minutes
  if (chosen.clients && differ(member.preferred_location_ids, chosen.clients)) changes.preferred_location_ids = [...chosen.clients]
  if (chosen.services && differ(member.service_ids, chosen.services)) changes.service_ids = [...chosen.services]
  return changes
}
