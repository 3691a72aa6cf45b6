import { can, type ChatChannel } from '@rota/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { ChevronLeftIcon, PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useSession } from '../../../lib/services.tsx'
import { useMediaQuery } from '../../../lib/use-media-query.ts'
import { useArchiveChannel, useChatChannels, useChatPeople, useCreateChannel, useOpenDirect } from '../api/chat.ts'
import { useChatChannel, useFoundChannels } from '../api/find-channels.ts'
import { Conversation } from './conversation.tsx'

/**
 * Chat (/communications/chat): the reader's channels and conversations with their unread
 * counts, the one chosen (`?channel=`) beside them; on a phone, one or the other.
 * @example
 * <ChatScreen />
 */
export function ChatScreen() {
  const { t } = useTranslation('app')
  const channels = useChatChannels()
  const search = new URLSearchParams(useSearch())
  const [location, navigate] = useLocation()
  const me = useSession((state) => state.context.user)
  const manager = me ? can(me, 'schedules', 'update') : false
  const archive = useArchiveChannel()
  const [starting, setStarting] = useState<'direct' | 'channel' | null>(null)
  const [archiving, setArchiving] = useState<ChatChannel | null>(null)
  const nameOf = (channel: ChatChannel) => (channel.kind === 'everyone' ? t('communications.chat.everyone') : channel.name || t('communications.chat.justYou'))
  const list = channels.data ?? []
  const chosenId = search.get('channel')
  const [query, setQuery] = useState('')
  const q = query.trim()
  const found = useFoundChannels(q)
  // A channel the list does not carry (a silent client's, found by name or linked to) is read by itself.
  const listed = list.find((channel) => channel.id === chosenId) ?? found.data?.find((channel) => channel.id === chosenId)
  const linked = useChatChannel(chosenId, !listed && channels.isSuccess)
  // Below `md` the list and a conversation take turns: none is open (nor read) until one is chosen.
  const oneAtATime = useMediaQuery('(max-width: 767.98px)')
  const chosen = listed ?? linked.data ?? (chosenId || oneAtATime ? undefined : list.find((channel) => !channel.archived))
  const open = (id: string) => navigate(`${location}?channel=${id}`)

  if (channels.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('communications.chat.loading')} />
      </div>
    )

  const groups = q
    ? ([{ key: 'found', channels: found.data ?? [] }] as const)
    : ([
        { key: 'channels', channels: list.filter((channel) => channel.kind !== 'direct' && !channel.archived) },
        { key: 'direct', channels: list.filter((channel) => channel.kind === 'direct' && !channel.archived) },
        { key: 'archived', channels: list.filter((channel) => channel.archived) },
      ] as const)

  return (
    // As tall as the screen leaves it (`data-fit`, see AppLayout): its lists and the conversation scroll inside, the composer stays in view.
    <div data-fit className="flex min-h-80 flex-1 gap-4">
      <nav aria-label={t('communications.chat.channels')} className={`${chosenId ? 'hidden md:flex' : 'flex'} w-full shrink-0 flex-col gap-4 overflow-y-auto md:w-64`}>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setStarting('direct')}>
            <PlusIcon className="size-4" /> {t('communications.chat.newDirect')}
          </Button>
          {manager && (
            <Button size="sm" variant="secondary" onClick={() => setStarting('channel')}>
              <PlusIcon className="size-4" /> {t('communications.chat.newChannel')}
            </Button>
          )}
        </div>
        <div>
          <label htmlFor="chat-find" className="sr-only">
            {t('communications.chat.find')}
          </label>
          <input
            id="chat-find"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('communications.chat.findPlaceholder')}
            className="block w-full rounded-lg border-0 px-3 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-primary-600"
          />
        </div>
        {q && found.isSuccess && found.data.length === 0 && <p className="px-2 text-sm text-slate-600">{t('communications.chat.noneFound')}</p>}
        {q && found.isError && <p className="px-2 text-sm text-red-700">{errorText(found.error)}</p>}
        {groups.map(
          (group) =>
            group.channels.length > 0 && (
              <div key={group.key}>
                <h2 className="mb-1 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t(`communications.chat.groups.${group.key}`)}</h2>
                <ul className="flex flex-col gap-0.5">
                  {group.channels.map((channel) => (
                    <li key={channel.id}>
                      <button
                        type="button"
                        onClick={() => open(channel.id)}
                        aria-current={chosen?.id === channel.id ? 'true' : undefined}
                        className={`flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left text-sm ${chosen?.id === channel.id ? 'bg-secondary-100 font-semibold text-primary-900' : 'text-slate-700 hover:bg-slate-100'}`}
                      >
                        <span className="flex-1 truncate">
                          {channel.kind === 'direct' ? '' : '# '}
                          {nameOf(channel)}
                        </span>
                        {channel.unread_count > 0 && (
                          <span className="rounded-full bg-primary-700 px-2 py-0.5 text-xs font-semibold text-white">
                            {channel.unread_count > 99 ? '99+' : channel.unread_count}
                            <span className="sr-only"> {t('communications.chat.unread', { count: channel.unread_count })}</span>
                          </span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ),
        )}
      </nav>
      <div className={`${chosenId ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 flex-col gap-2`}>
        {chosenId && (
          <button type="button" className="flex min-h-8 items-center gap-1 self-start text-sm text-primary-800 md:hidden" onClick={() => navigate(location)}>
            <ChevronLeftIcon className="size-4" /> {t('communications.chat.back')}
          </button>
        )}
        {chosen ? (
          <Conversation
            key={chosen.id}
            channel={chosen}
            name={nameOf(chosen)}
            actions={
              chosen.can_manage &&
              (chosen.archived ? (
                <Button size="sm" variant="secondary" loading={archive.isPending} onClick={() => archive.mutate({ id: chosen.id, archived: false })}>
                  {t('communications.chat.unarchive')}
                </Button>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => (archive.reset(), setArchiving(chosen))}>
                  {t('communications.chat.archive')}
                </Button>
              ))
            }
          />
        ) : (
          <p className="py-12 text-center text-sm text-slate-500">{t('communications.chat.choose')}</p>
        )}
      </div>
      {archiving && (
        // Everyone in a channel stops being able to write in it: asked first, the team's own channel above all.
        <ConfirmDialog
          open
          title={t('communications.chat.archiveTitle', { name: nameOf(archiving) })}
          confirmLabel={t('communications.chat.archive')}
          pending={archive.isPending}
          error={archive.error && errorText(archive.error)}
          onConfirm={() =>
            archive.mutate(
              { id: archiving.id, archived: true },
              // Kept open, archived: the list's first open channel would take its place otherwise.
              { onSuccess: () => (setArchiving(null), chosenId || navigate(`${location}?channel=${archiving.id}`, { replace: true })) },
            )
          }
          onClose={() => setArchiving(null)}
        >
          {archiving.kind === 'everyone' ? t('communications.chat.archiveEveryoneText') : t('communications.chat.archiveText')}
        </ConfirmDialog>
      )}
      {starting && <StartDialog kind={starting} onClose={() => setStarting(null)} onStarted={(id) => (setStarting(null), open(id))} />}
    </div>
  )
}

/** Choosing people for a direct conversation, or naming a new channel and its members. */
function StartDialog({ kind, onClose, onStarted }: { kind: 'direct' | 'channel'; onClose: () => void; onStarted: (id: string) => void }) {
  const { t } = useTranslation('app')
  const me = useSession((state) => state.context.user)
  const [q, setQ] = useState('')
  const [name, setName] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const people = useChatPeople(q)
  const direct = useOpenDirect()
  const channel = useCreateChannel()
  const busy = direct.isPending || channel.isPending
  const ready = kind === 'direct' ? picked.length > 0 : name.trim() !== ''
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!ready) return
    const made = kind === 'direct' ? await direct.mutateAsync(picked) : await channel.mutateAsync({ name: name.trim(), member_ids: picked })
    onStarted(made.id)
  }
  return (
    <Modal open onClose={busy ? () => {} : onClose} title={kind === 'direct' ? t('communications.chat.newDirect') : t('communications.chat.newChannel')}>
      <form onSubmit={(event) => void submit(event).catch(() => {})}>
        <ModalBody>
          {kind === 'channel' && (
            <label className="mb-3 block text-sm font-medium text-slate-700">
              {t('communications.chat.channelName')}
              <input className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} required />
            </label>
          )}
          <label className="block text-sm font-medium text-slate-700">
            {t('communications.chat.findPeople')}
            <input type="search" className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm" value={q} onChange={(event) => setQ(event.target.value)} />
          </label>
          <fieldset className="mt-3 max-h-64 overflow-y-auto">
            <legend className="sr-only">{t('communications.chat.people')}</legend>
            {(people.data ?? [])
              .filter((person) => person.id !== me?.id)
              .map((person) => (
                <label key={person.id} className="flex items-center gap-2 py-1 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={picked.includes(person.id)}
                    onChange={(event) => setPicked((list) => (event.target.checked ? [...list, person.id] : list.filter((id) => id !== person.id)))}
                  />
                  {person.name}
                </label>
              ))}
          </fieldset>
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('communications.chat.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            {t('communications.chat.start')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
