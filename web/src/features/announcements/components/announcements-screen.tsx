import { can, type Announcement } from '@rota/core'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useRoleName } from '../../../lib/role-name.ts'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { Markdown } from '../../../components/ui/markdown.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { formatInstant } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useAnnouncementRoles, useAnnouncements, useChangeAnnouncement, usePostAnnouncement, useReceipt, useRecipients } from '../api/announcements.ts'

/**
 * Announcements (/communications/announcements): pinned first, then the newest; each addressed
 * to the reader is marked read as it is shown and can be acknowledged when asked; whoever runs
 * the schedule posts them (to everyone or to roles), pins them, and sees who read and acknowledged.
 * @example
 * <AnnouncementsScreen />
 */
export function AnnouncementsScreen() {
  const { t } = useTranslation('app')
  const me = useSession((state) => state.context.user)
  const poster = me ? can(me, 'schedules', 'update') : false
  const [page, setPage] = useState(1)
  const list = useAnnouncements(page)
  const receipt = useReceipt()
  const [writing, setWriting] = useState(false)
  const rows = list.data?.rows ?? []

  // What is shown is read.
  const unread = rows.filter((row) => row.addressed_to_me && !row.read_at).map((row) => row.id)
  useEffect(() => {
    for (const id of unread) receipt.mutate({ id, acknowledge: false })
  }, [unread.join(',')])

  return (
    <div className="flex flex-col gap-4">
      {poster && (
        <div>
          <Button onClick={() => setWriting(true)}>
            <PlusIcon className="size-4" /> {t('announcements.new')}
          </Button>
        </div>
      )}
      {list.isPending ? (
        <Spinner label={t('announcements.loading')} />
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">{t('announcements.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id}>
              <AnnouncementCard announcement={row} poster={poster} />
            </li>
          ))}
        </ul>
      )}
      {(list.data?.count ?? 0) > page * 20 && (
        <Button variant="secondary" onClick={() => setPage(page + 1)}>
          {t('announcements.more')}
        </Button>
      )}
      {writing && <WriteDialog onClose={() => setWriting(false)} />}
    </div>
  )
}

function AnnouncementCard({ announcement, poster }: { announcement: Announcement; poster: boolean }) {
  const { t, i18n } = useTranslation('app')
  const roleName = useRoleName()
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const receipt = useReceipt()
  const change = useChangeAnnouncement()
  const [showing, setShowing] = useState(false)
  const { stats } = announcement
  return (
    <article aria-labelledby={`announcement-${announcement.id}`} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`announcement-${announcement.id}`} className="text-base font-semibold text-slate-900">
          {announcement.title}
        </h2>
        {announcement.pinned && <Badge tone="amber">{t('announcements.pinned')}</Badge>}
        {announcement.requires_ack && <Badge tone="teal">{t('announcements.ackRequired')}</Badge>}
      </div>
      <p className="mt-0.5 text-xs text-slate-500">
        {t('announcements.byline', { name: announcement.author.name, when: formatInstant(announcement.created_at, currentLocale(i18n), timeZone) })}
        {' · '}
        {announcement.roles.length ? t('announcements.toRoles', { roles: announcement.roles.map((role) => roleName(role.name)).join(', ') }) : t('announcements.toEveryone')}
      </p>
      <Markdown source={announcement.body} className="mt-2" />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {announcement.addressed_to_me && announcement.requires_ack && (
          announcement.acknowledged_at ? (
            <span className="text-sm text-primary-800">{t('announcements.acknowledged')}</span>
          ) : (
            <Button size="sm" loading={receipt.isPending} onClick={() => receipt.mutate({ id: announcement.id, acknowledge: true })}>
              {t('announcements.acknowledge')}
            </Button>
          )
        )}
        {poster && stats && (
          <>
            <span className="text-sm text-slate-600">{t('announcements.stats', { read: stats.read, acknowledged: stats.acknowledged, recipients: stats.recipients })}</span>
            <Button size="sm" variant="secondary" onClick={() => setShowing(true)}>
              {t('announcements.who')}
            </Button>
            <Button size="sm" variant="secondary" loading={change.isPending} onClick={() => change.mutate({ id: announcement.id, pinned: !announcement.pinned, version: announcement.version })}>
              {announcement.pinned ? t('announcements.unpin') : t('announcements.pin')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => change.mutate({ id: announcement.id, version: announcement.version })}>
              {t('announcements.withdraw')}
            </Button>
          </>
        )}
      </div>
      {showing && <RecipientsDialog announcement={announcement} onClose={() => setShowing(false)} />}
    </article>
  )
}

function RecipientsDialog({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { t, i18n } = useTranslation('app')
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const recipients = useRecipients(announcement.id)
  const when = (iso: string | null) => (iso ? formatInstant(iso, currentLocale(i18n), timeZone) : '—')
  return (
    <Modal open onClose={onClose} title={t('announcements.recipientsOf', { title: announcement.title })} size="lg">
      <ModalBody>
        {recipients.isPending ? (
          <Spinner label={t('announcements.loading')} />
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-500">
                <th className="py-1">{t('announcements.person')}</th>
                <th className="py-1">{t('announcements.readAt')}</th>
                <th className="py-1">{t('announcements.acknowledgedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {(recipients.data ?? []).map((row) => (
                <tr key={row.person.id} className="border-t border-slate-100">
                  <td className="py-1">{row.person.name}</td>
                  <td className="py-1">{when(row.read_at)}</td>
                  <td className="py-1">{when(row.acknowledged_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onClose}>
          {t('announcements.close')}
        </Button>
      </ModalFooter>
    </Modal>
  )
}

function WriteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app')
  const roleName = useRoleName()
  const { t: common } = useTranslation()
  const roles = useAnnouncementRoles(true)
  const post = usePostAnnouncement()
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [roleIds, setRoleIds] = useState<string[]>([])
  const [pinned, setPinned] = useState(false)
  const [ack, setAck] = useState(false)
  // Checked here, in the app's words and language, rather than by the browser's own bubbles.
  const [tried, setTried] = useState(false)
  const required = (value: string) => (tried && value.trim() === '' ? common('validation.required') : undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (title.trim() === '' || body.trim() === '') return
    post.mutate({ title, body, role_ids: roleIds, pinned, requires_ack: ack }, { onSuccess: onClose })
  }
  return (
    <Modal open onClose={post.isPending ? () => {} : onClose} title={t('announcements.new')} size="lg">
      <form onSubmit={submit} noValidate>
        <ModalBody>
          <TextField name="title" label={t('announcements.title')} value={title} maxLength={200} required error={required(title)} onChange={(event) => setTitle(event.target.value)} />
          <TextareaField name="body" label={t('announcements.body')} className="mt-3" rows={6} value={body} maxLength={10_000} required hint={t('announcements.markdownHint')} error={required(body)} onChange={(event) => setBody(event.target.value)} />
          <fieldset className="mt-3">
            <legend className="text-sm font-medium text-slate-700">{t('announcements.audience')}</legend>
            <p className="text-xs text-slate-500">{t('announcements.audienceHint')}</p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {(roles.data ?? []).map((role) => (
                <label key={role.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={roleIds.includes(role.id)} onChange={(event) => setRoleIds((list) => (event.target.checked ? [...list, role.id] : list.filter((id) => id !== role.id)))} />
                  {roleName(role.name)}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
            {t('announcements.pinIt')}
          </label>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" checked={ack} onChange={(event) => setAck(event.target.checked)} />
            {t('announcements.askAck')}
          </label>
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose} disabled={post.isPending}>
            {t('announcements.cancel')}
          </Button>
          <Button type="submit" loading={post.isPending}>
            {t('announcements.post')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
