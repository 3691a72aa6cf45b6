import { displayName, isPrivileged, type User } from '@rota/core'
import { inviteStatus } from '@rota/machines'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Avatar } from '../../../components/ui/avatar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ImagePicker } from '../../../components/ui/image-picker.tsx'
import { formatDay } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { forgetImage, ImageUploadError, useImageUpload } from '../../../lib/image-upload.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useApi, useSession } from '../../../lib/services.tsx'
import { useUpdateUser } from '../api/update-user.ts'
import { DeleteMemberDialog } from './delete-member-dialog.tsx'
import { InvitationActions } from './invitation-actions.tsx'
import { MemberStatus } from './member-status.tsx'
import { errorText } from '../../../lib/error-text.ts'

/**
 * A team member at a glance beside their form: picture (uploaded, replaced or removed at
 * once), status and invitation, and removal from the team (not of oneself).
 * @example
 * <MemberCard member={member} onDeleted={() => navigate(paths.users.href())} />
 */
export function MemberCard({ member, onDeleted }: { member: User; onDeleted: () => void }) {
  const { t, i18n } = useTranslation('app')
  const roleName = useRoleName()
  const locale = currentLocale(i18n)
  const api = useApi()
  const me = useSession((state) => state.context.user)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const imageSrc = useImageUrl()
  const upload = useImageUpload('avatars')
  const update = useUpdateUser()
  // An administrator's record is an administrator's to change (the server refuses anyone else).
  const mayTouch = !isPrivileged({ role: member.role, permissions: [] }) || isPrivileged(me)
  const canEdit = useCan('users', 'update') && mayTouch
  const canInvite = useCan('users', 'create') && mayTouch
  const canDelete = useCan('users', 'delete') && me?.id !== member.id && mayTouch
  const [removing, setRemoving] = useState(false)
  const invitation = inviteStatus(member.invite)
  const [problem, setProblem] = useState<string | null>(null)

  const savePicture = async (file: string | null) => {
    await update.mutateAsync({ id: member.id, body: { file, version: member.version } })
    await forgetImage(api, member.file)
  }
  const run = (work: () => Promise<void>) => {
    setProblem(null)
    work().catch((error: unknown) => {
      if (error instanceof ImageUploadError && error.reason !== 'refused') setProblem(t(`image.${error.reason}`))
      else setProblem(errorText(error))
    })
  }

  return (
    <section aria-label={displayName(member)} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      {canEdit ? (
        <ImagePicker
          label={t('members.picture', { name: displayName(member) })}
          src={imageSrc(member.file, 160)}
          fallback={<Avatar user={member} className="size-20 text-xl" />}
          accept="image/png,image/jpeg,image/gif,image/webp"
          pending={upload.isPending || update.isPending}
          error={problem}
          onSelect={(file) => run(async () => savePicture(await upload.mutateAsync(file)))}
          onRemove={() => run(() => savePicture(null))}
        />
      ) : (
        <Avatar user={member} src={imageSrc(member.file, 160)} className="size-20 text-xl" />
      )}
      <div>
        <p className="text-lg font-bold text-slate-900">{displayName(member)}</p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <MemberStatus user={member} />
          <span className="text-sm text-slate-600">{roleName(member.role.name)}</span>
        </div>
      </div>
      <dl className="space-y-2 text-sm">
        {member.invite && member.status === 'invited' && (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-500">{t('invite.sentOn')}</dt>
              <dd className="text-slate-800">{formatDay(member.invite.sent_at, locale, timeZone)}</dd>
            </div>
            {/* A revoked invitation has no expiry left to show: its link is already dead. */}
            {invitation !== 'revoked' && (
              <div className="flex justify-between gap-4">
                <dt className="text-slate-500">{invitation === 'expired' ? t('invite.expiredOn') : t('invite.expiresOn')}</dt>
                <dd className="text-slate-800">{formatDay(member.invite.expires_at, locale, timeZone)}</dd>
              </div>
            )}
          </>
        )}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">{t('members.columns.lastSignIn')}</dt>
          <dd className="text-slate-800">{member.last_sign_in_at ? formatDay(member.last_sign_in_at, locale, timeZone) : t('members.never')}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500">{t('members.joined')}</dt>
          <dd className="text-slate-800">{formatDay(member.created_at, locale, timeZone)}</dd>
        </div>
      </dl>
      {member.status === 'invited' && canInvite && <InvitationActions member={member} />}
      {canDelete && (
        <div className="border-t border-slate-100 pt-4">
          <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setRemoving(true)}>
            <TrashIcon className="size-4" />
            {t('members.delete')}
          </Button>
        </div>
      )}
      {removing && <DeleteMemberDialog member={member} onClose={() => setRemoving(false)} onDeleted={onDeleted} />}
    </section>
  )
}
