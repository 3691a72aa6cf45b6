import { User } from '@rota/core'
import { recordHistory } from '../../records/history.ts'
import { getMember } from '../../repositories/team.ts'
import type { Handlers } from '../handler.ts'

/**
 * `GET /user/{id}/history`: a team member's audit rows (changes to their record, their
 * invitations, e-mail changes, sign-ins), readable with users:read; only the fields of the
 * User contract appear as changes, never a password hash.
 */
export const userHistoryHandlers: Handlers<'userHistory'> = {
  userHistory: recordHistory({ model: 'users', schema: User, find: (db, businessId, id) => getMember(db, businessId, id) }),
}
