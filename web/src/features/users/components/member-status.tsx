import type { User } from '@rota/core'
import { inviteStatus } from '@rota/machines'
import { useTranslation } from 'react-i18next'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'

/** What a member's badge can say (a translation each, under `members.states`). */
export const MEMBER_STATES = ['active', 'disabled', 'sent', 'expired', 'revoked'] as const

const tones: Record<(typeof MEMBER_STATES)[number], BadgeTone> = {
  active: 'green',
  disabled: 'slate',
  sent: 'amber',
  expired: 'red',
  revoked: 'slate',
}

/**
 * Where a member stands: active or disabled once they accepted; before that, where their
 * invitation is (sent, expired, revoked), expiry judged now rather than when last saved.
 * @example
 * memberState(user) // 'expired'
 */
export function memberState(user: Pick<User, 'status' | 'invite'>): keyof typeof tones {
  if (user.status !== 'invited') return user.status
  const invitation = inviteStatus(user.invite)
  return invitation === null || invitation === 'accepted' ? 'sent' : invitation
}

/**
 * A member's status as a badge.
 * @example
 * <MemberStatus user={user} />
 */
export function MemberStatus({ user }: { user: Pick<User, 'status' | 'invite'> }) {
  const { t } = useTranslation('app')
  const state = memberState(user)
  return <Badge tone={tones[state]}>{t(`members.states.${state}`)}</Badge>
}
