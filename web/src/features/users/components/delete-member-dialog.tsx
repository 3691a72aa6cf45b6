import { displayName, type User } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { useDeleteUser } from '../api/delete-user.ts'
import { errorText } from '../../../lib/error-text.ts'

/**
 * Removing someone from the team, asked first. The server's refusals (yourself, the last
 * active Super Admin, an administrator removed by someone who is not one) stay in the dialog.
 * @example
 * {removing && <DeleteMemberDialog member={removing} onClose={() => setRemoving(null)} onDeleted={() => navigate(paths.users.href())} />}
 */
export function DeleteMemberDialog({ member, onClose, onDeleted }: { member: User; onClose: () => void; onDeleted?: () => void }) {
  const { t } = useTranslation('app')
  const remove = useDeleteUser()
  return (
    <ConfirmDialog
      open
      title={t('members.deleteTitle', { name: displayName(member) })}
      confirmLabel={t('members.delete')}
      pending={remove.isPending}
      error={remove.error && errorText(remove.error)}
      onConfirm={() =>
        remove.mutate(member.id, {
          onSuccess: () => {
            onClose()
            onDeleted?.()
          },
        })
      }
      onClose={onClose}
    >
      {member.status === 'invited' ? t('members.deleteInviteeText') : t('members.deleteText')}
    </ConfirmDialog>
  )
}
