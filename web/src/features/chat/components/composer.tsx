import { CHAT_MESSAGE_MAX, type ChatAttachment, type ChatChannel } from '@rota/core'
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PhotoIcon, SendIcon } from '../../../components/ui/action-icons.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { useClientConfig } from '../../../lib/client-config.ts'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useImageUpload } from '../../../lib/image-upload.ts'
import { notify } from '../../../lib/toast.tsx'
import { useChatPeople } from '../api/chat.ts'
import { useOutbox } from '../hooks/use-chat-live.ts'
import { mentionQuery, mentionsIn } from '../utils/messages.ts'

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; `@` offers the people to
 * mention (the channel's members, or the business's people), who are notified; images attach
 * through the file store. The message goes through the outbox, so one written offline is sent
 * on reconnection.
 * @example
 * <Composer channel={channel} />
 */
export function Composer({ channel }: { channel: ChatChannel }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const { outbox } = useOutbox()
  const upload = useImageUpload('chat')
  const provider = useClientConfig().data?.images.provider ?? 'local'
  const listId = useId()
  const input = useRef<HTMLTextAreaElement>(null)
  const [text, setText] = useState('')
  const [caret, setCaret] = useState(0)
  const [attachments, setAttachments] = useState<ChatAttachment[]>([])
  const [chosen, setChosen] = useState<{ id: string; name: string }[]>([])
  const [highlight, setHighlight] = useState(0)
  const query = mentionQuery(text, caret)
  const listed = channel.kind === 'custom' || channel.kind === 'direct'
  const people = useChatPeople(query ?? '', query !== null && !listed)
  const candidates = (query === null ? [] : listed ? channel.members.filter((person) => person.name.toLowerCase().includes(query.toLowerCase())) : (people.data ?? [])).slice(0, 8)

  // A message over the limit stays here, said to be too long, rather than being sent to be refused.
  const length = text.trim().length
  const tooLong = length > CHAT_MESSAGE_MAX
  const send = () => {
    if ((!text.trim() && !attachments.length) || tooLong) return
    void outbox.add({
      client_id: crypto.randomUUID(),
      channel_id: channel.id,
      body: text.trim(),
      mentions: mentionsIn(text, chosen),
      attachments,
      created_at: new Date().toISOString(),
    })
    setText('')
    setAttachments([])
    setChosen([])
  }

  const choose = (person: { id: string; name: string }) => {
    const before = text.slice(0, caret).replace(/@([^\s@]*)$/, `@${person.name} `)
    const next = before + text.slice(caret)
    setText(next)
    setCaret(before.length)
    setChosen((list) => [...list.filter((entry) => entry.id !== person.id), person])
    requestAnimationFrame(() => input.current?.setSelectionRange(before.length, before.length))
    input.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (candidates.length) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        setHighlight((index) => (index + (event.key === 'ArrowDown' ? 1 : candidates.length - 1)) % candidates.length)
        return
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault()
        choose(candidates[highlight % candidates.length]!)
        return
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      send()
    }
  }

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    try {
      const id = await upload.mutateAsync(file)
      setAttachments((list) => [...list, { id, provider }])
    } catch (error) {
      void notify('error', errorText(error))
    }
  }
  const fileInput = useRef<HTMLInputElement>(null)

  return (
    <div className="relative border-t border-slate-200 p-3">
      {candidates.length > 0 && (
        <ul id={listId} role="listbox" aria-label={t('communications.chat.mentionList')} className="absolute bottom-full left-3 mb-1 max-h-60 w-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {candidates.map((person, index) => (
            <li
              key={person.id}
              role="option"
              aria-selected={index === highlight % candidates.length}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === highlight % candidates.length ? 'bg-secondary-100 text-primary-900' : 'text-slate-700'}`}
              onMouseDown={(event) => {
                event.preventDefault()
                choose(person)
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      )}
      {attachments.length > 0 && <p className="mb-2 text-xs text-slate-600">{t('communications.chat.attached', { count: attachments.length })}</p>}
      <div className="flex items-end gap-2">
        <textarea
          ref={input}
          rows={2}
          aria-label={t('communications.chat.write')}
          placeholder={t('communications.chat.placeholder')}
          // A textarea stays a textbox (HTML allows it no other role); its mention list is named as the list it completes from.
          aria-controls={candidates.length ? listId : undefined}
          aria-autocomplete="list"
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${listId}-length` : undefined}
          className="min-h-10 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-primary-600 focus:outline-none"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setCaret(event.target.selectionStart)
            setHighlight(0)
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(event) => void onFile(event)} />
        <IconButton icon={PhotoIcon} label={t('communications.chat.attach')} disabled={upload.isPending} onClick={() => fileInput.current?.click()} />
        <IconButton icon={SendIcon} label={t('communications.chat.send')} disabled={(!text.trim() && !attachments.length) || tooLong} onClick={send} />
      </div>
      <p id={`${listId}-length`} aria-live="polite" className="mt-1 text-xs text-red-700">
        {tooLong ? t('communications.chat.tooLong', { length: length.toLocaleString(`${locale}-CA`), max: CHAT_MESSAGE_MAX.toLocaleString(`${locale}-CA`) }) : ''}
      </p>
    </div>
  )
}
