import type { Shift } from '@rota/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useShiftEvent } from '../api/shift-event.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'

/** The requests a staff member makes that a scheduler then decides. */
export type StaffAsk = 'shift.request' | 'shift.drop' | 'shift.swap'

/**
 * A staff member asking about a shift: to take an open one, to be let off theirs, or to swap
 * it for a colleague's (whose shift code they were given), with a note for the scheduler.
 * The schedulers are told; the answer comes as a notification.
 * @example
 * {asking && <StaffEventDialog shift={shift} type="shift.drop" words={words} onClose={() => setAsking(null)} />}
 */
export function StaffEventDialog({ shift, type, words, onClose }: { shift: Shift; type: StaffAsk; words: ShiftWords; onClose: () => void }) {
  const { t } = useTranslation('app')
  const event = useShiftEvent()
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  const titles: Record<StaffAsk, string> = {
    'shift.request': t('schedules.mine.requestTitle'),
    'shift.drop': t('schedules.mine.dropTitle'),
    'shift.swap': t('schedules.mine.swapTitle'),
  }
  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault()
    const note = String(new FormData(submitted.currentTarget).get('note') ?? '').trim() || undefined
    const version = shift.version
    if (type === 'shift.swap') {
      const id = code.trim()
      if (!/^[0-9a-f-]{36}$/i.test(id)) {
        setMissing(true)
        return
      }
      event.mutate({ id: shift.id, body: { type, version, with_shift_id: id, ...(note ? { note } : {}) } }, { onSuccess: onClose })
    } else {
      event.mutate({ id: shift.id, body: { type, version, ...(note ? { note } : {}) } }, { onSuccess: onClose })
    }
  }
  return (
    <Modal open onClose={event.isPending ? () => {} : onClose} title={titles[type]} description={`${words.longDay(shift.date)}, ${words.time(shift)} · ${shift.location.name}`}>
      <form onSubmit={submit} noValidate>
        <ModalBody>
          {event.error && <Alert tone="error">{errorText(event.error)}</Alert>}
          <p className="text-sm text-slate-700">{t('schedules.mine.askExplain')}</p>
          {type === 'shift.swap' && (
            <TextField
              name="with_shift_id"
              label={t('schedules.mine.swapCode')}
              hint={t('schedules.mine.swapCodeHint')}
              value={code}
              onChange={(change) => setCode(change.target.value)}
              required
              autoComplete="off"
              error={missing ? t('schedules.mine.swapCodeMissing') : undefined}
            />
          )}
          <TextareaField name="note" label={t('schedules.mine.note')} rows={2} maxLength={500} />
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose} disabled={event.isPending}>
            {t('schedules.mine.back')}
          </Button>
          <Button type="submit" loading={event.isPending}>
            {words.event(type)}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
