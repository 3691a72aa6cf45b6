import type { ExpenseEvent, InvoiceEvent, PayrollEvent, ShiftEvent, TimeOffEvent, TimesheetEvent } from '@rota/machines'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText, isStale } from '../../lib/error-text.ts'
import { RefusalAlert } from '../refusal-alert.tsx'
import { Alert } from '../ui/alert.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Modal, ModalBody, ModalFooter } from '../ui/dialog.tsx'
import { TextareaField } from '../ui/form-fields.tsx'

/**
 * The verbs that undo or refuse something: their buttons are red and ask first. The last
 * part of an event's name (`invoice.void`, `timeoff.cancel`, `delete`).
 */
export const DESTRUCTIVE_VERBS: readonly string[] = ['cancel', 'reject', 'void', 'delete']

/** Every event a record screen offers: its lifecycle machine's, and deleting a record that has none. */
export type RecordEventType = (ShiftEvent | TimesheetEvent | TimeOffEvent | InvoiceEvent | ExpenseEvent | PayrollEvent)['type'] | 'delete'

/** How the screen wants one event offered, beyond its translated label. */
export interface RecordEventOptions {
  /** `primary` for the expected next step; `danger` (the default for a destructive verb) asks first. */
  tone?: 'primary' | 'neutral' | 'danger'
  /** The question asked before sending, instead of the general one: title, what will happen, the confirming button's words (the label by default). */
  confirm?: { title: string; text: ReactNode; confirmLabel?: string }
  /**
   * The event carries words someone types (a rejection's reason, a cancellation's note): the
   * field's label and hint, its name in the payload (`reason` by default), and whether it
   * may be left empty (then nothing is sent for it).
   */
  reason?: { label: string; hint?: string; field?: string; optional?: boolean }
}

export interface RecordActionsProps {
  /** The record's `allowed_events`, in the order its lifecycle lists them: one button each. */
  allowed: readonly string[]
  /** What the screen adds to some events (a tone, its own question, a reason). */
  options?: Readonly<Record<string, RecordEventOptions>>
  /** Sends the event (`POST /{resource}/{id}/events` with the record's version and `payload`); a refusal is shown here. */
  send: (type: string, payload: Record<string, string>) => Promise<unknown>
  /** Reloads the record after someone else changed it first (409), so its version and allowed events are current. */
  onReload?: () => void
}

const variants = { primary: 'primary', neutral: 'secondary', danger: 'danger' } as const

/** `timeoff.cancellation.refuse` → `refuse`. */
const verbOf = (type: string) => type.slice(type.lastIndexOf('.') + 1)

/**
 * The buttons of a record's lifecycle: exactly the events its `allowed_events` names
 * (what its machine and the reader's rights allow now), each labelled by the translation
 * of the event's name (`records.events.invoice.void` → "Void"). A destructive one is red and asks
 * first; one that takes a reason asks for it. While an event is sent its button spins and
 * the others wait. A refusal shows under the buttons: a stale version (409) offers to
 * reload the record, a business rule (422) gives the server's words.
 * @example
 * <RecordActions allowed={timesheet.allowed_events} onReload={() => void timesheet.refetch()}
 *   options={{ 'timesheet.approve': { tone: 'primary' }, 'timesheet.reject': { reason: { label: t('timesheets.rejectReason') } } }}
 *   send={(type, payload) => sendEvent.mutateAsync({ id: timesheet.id, body: { type, version: timesheet.version, ...payload } })} />
 */
export function RecordActions({ allowed, options = {}, send, onReload }: RecordActionsProps) {
  const { t } = useTranslation('app')
  const [pending, setPending] = useState<string | null>(null)
  const [asking, setAsking] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<unknown>(null)
  const [reason, setReason] = useState('')
  const [reasonMissing, setReasonMissing] = useState(false)

  // An event this build does not know (from a newer server) still gets its button, named as sent.
  const label = (type: string) => t(`records.events.${type as RecordEventType}`, { defaultValue: type })
  const toneOf = (type: string) => options[type]?.tone ?? (DESTRUCTIVE_VERBS.includes(verbOf(type)) ? 'danger' : 'neutral')
  const question = (type: string) =>
    options[type]?.confirm ?? (toneOf(type) === 'danger' ? { title: t('records.actions.confirmTitle', { action: label(type) }), text: t('records.actions.confirmText') } : undefined)

  const run = async (type: string, payload: Record<string, string>) => {
    setRefusal(null)
    setPending(type)
    try {
      await send(type, payload)
    } catch (error) {
      setRefusal(error)
    } finally {
      setPending(null)
      setAsking(null)
    }
  }
  const choose = (type: string) => {
    if (!question(type) && !options[type]?.reason) {
      void run(type, {})
      return
    }
    setReason('')
    setReasonMissing(false)
    setAsking(type)
  }
  const close = () => {
    if (pending === null) setAsking(null)
  }

  if (allowed.length === 0 && refusal === null) return null
  const asked = asking ? { type: asking, confirm: question(asking), reason: options[asking]?.reason, tone: toneOf(asking) } : null
  const submitReason = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!asked?.reason) return
    const text = reason.trim()
    if (!text && !asked.reason.optional) {
      setReasonMissing(true)
      event.currentTarget.querySelector('textarea')?.focus()
      return
    }
    void run(asked.type, text ? { [asked.reason.field ?? 'reason']: text } : {})
  }

  return (
    <div className="space-y-3">
      {allowed.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {allowed.map((type) => (
            <Button
              key={type}
              size="sm"
              variant={variants[toneOf(type)]}
              loading={pending === type}
              disabled={pending !== null && pending !== type}
              onClick={() => choose(type)}
            >
              {label(type)}
            </Button>
          ))}
        </div>
      )}
      {refusal !== null &&
        (isStale(refusal) && onReload ? (
          <RefusalAlert
            text={errorText(refusal)}
            stale
            onReload={() => {
              setRefusal(null)
              onReload()
            }}
          />
        ) : (
          <Alert tone="error">{errorText(refusal)}</Alert>
        ))}
      {asked && !asked.reason && asked.confirm && (
        <ConfirmDialog
          open
          tone={asked.tone === 'danger' ? 'danger' : 'primary'}
          title={asked.confirm.title}
          confirmLabel={asked.confirm.confirmLabel ?? label(asked.type)}
          pending={pending !== null}
          onConfirm={() => void run(asked.type, {})}
          onClose={close}
        >
          {asked.confirm.text}
        </ConfirmDialog>
      )}
      {asked?.reason && (
        <Modal open onClose={close} title={asked.confirm?.title ?? label(asked.type)} description={asked.confirm?.text} alert={asked.tone === 'danger'}>
          <form onSubmit={submitReason} noValidate>
            <ModalBody>
              <TextareaField
                name={asked.reason.field ?? 'reason'}
                label={asked.reason.label}
                hint={asked.reason.hint}
                required={!asked.reason.optional}
                autoFocus
                rows={3}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value)
                  setReasonMissing(false)
                }}
                error={reasonMissing ? t('records.actions.reasonRequired') : undefined}
              />
            </ModalBody>
            <ModalFooter>
              <Button variant="secondary" onClick={close} disabled={pending !== null}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" variant={asked.tone === 'danger' ? 'danger' : 'primary'} loading={pending !== null}>
                {asked.confirm?.confirmLabel ?? label(asked.type)}
              </Button>
            </ModalFooter>
          </form>
        </Modal>
      )}
    </div>
  )
}
