import type { User } from '@rota/core'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BanIcon, SendIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { notify } from '../../../lib/toast.tsx'
import { useInvitation } from '../hooks/use-invitation.ts'
import { CopyLinkDialog } from './copy-link-dialog.tsx'
import { errorText } from '../../../lib/error-text.ts'

/**
 * Sending an invitation again (a new link, a new week) or revoking it, for a member who
 * has not accepted yet, as icon buttons in the team list or as buttons on their page.
 * Revoking asks first; a new link is shown to copy when this Rota sends no e-mail.
 * @example
 * {user.status === 'invited' && canInvite && <InvitationActions member={user} compact />}
 */
export function InvitationActions({ member, compact = false }: { member: User; compact?: boolean }) {
  const { t } = useTranslation('app')
  const invitation = useInvitation(member)
  const [asking, setAsking] = useState(false)
  const [revokeError, setRevokeError] = useState<string | null>(null)
  const [showLink, setShowLink] = useState(false)
  const name = member.firstname || member.email
  const sending = invitation.state === 'sending'
  // Kept on screen while it sends (spinning, presses ignored), so the keyboard that pressed it stays on it.
  const showResend = invitation.canResend || sending

  const resend = () =>
    invitation.resend().then(
      (sent) => {
        if (sent.link !== null) setShowLink(true)
        else void notify('success', t('invite.sentTo', { email: member.email }))
      },
      (error: unknown) => void notify('error', errorText(error)),
    )
  const revoke = () =>
    invitation.revoke().then(
      () => {
        setAsking(false)
        void notify('success', t('invite.revoked'))
      },
      (error: unknown) => setRevokeError(errorText(error)),
    )

  return (
    <>
      {compact ? (
        <>
          {showResend && (
            <IconButton
              icon={SendIcon}
              label={t('invite.resendTo', { name })}
              disabled={invitation.state === 'revoking'}
              aria-disabled={sending || undefined}
              onClick={() => sending || void resend()}
            />
          )}
          {invitation.canRevoke && (
            <IconButton icon={BanIcon} label={t('invite.revokeFor', { name })} disabled={invitation.busy} onClick={() => setAsking(true)} />
          )}
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          {showResend && (
            <Button variant="secondary" loading={sending} disabled={invitation.state === 'revoking'} onClick={() => void resend()}>
              <SendIcon className="size-4" />
              {t('invite.resend')}
            </Button>
          )}
          {invitation.canRevoke && (
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" disabled={invitation.busy} onClick={() => setAsking(true)}>
              <BanIcon className="size-4" />
              {t('invite.revoke')}
            </Button>
          )}
        </div>
      )}
      {asking && (
        <ConfirmDialog
          open
          title={t('invite.revokeTitle', { email: member.email })}
          confirmLabel={t('invite.revoke')}
          pending={invitation.state === 'revoking'}
          error={revokeError}
          onConfirm={() => void revoke()}
          onClose={() => {
            setAsking(false)
            setRevokeError(null)
          }}
        >
          {t('invite.revokeText')}
        </ConfirmDialog>
      )}
      {showLink && invitation.link && <CopyLinkDialog email={member.email} link={invitation.link} onClose={() => setShowLink(false)} />}
    </>
  )
}
