import type { ExpenseEvent, InvoiceEvent, PayrollEvent, ShiftEvent, TimeOffEvent, TimesheetEvent } from '@rota/machines'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText, isStale } from '../../lib/error-text.ts'
import { useKeepFocus } from '../../lib/use-keep-focus.ts'
import { RefusalAlert } from '../refusal-alert.tsx'
import { Alert } from '../ui/alert.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Modal, ModalBody, ModalFooter } from '../ui/dialog.tsx'
import { Spinner } from '../ui/spinner.tsx'
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
  /**
   * The event names another record someone picks from a list read when they press the button
   * (a swap's colleague shift): the list's legend, its name in the payload, how to read the
   * choices, and what to say when there is none (the event cannot be sent then).
   */
  pick?: { label: string; field: string; load: () => Promise<readonly RecordChoice[]>; empty: string; loading: string }
}

/** One record to pick: its id, and how it reads. */
export interface RecordChoice {
  value: string
  label: string
  detail?: string
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
  const [choices, setChoices] = useState<{ for: string; list: readonly RecordChoice[] | null; error: unknown }>({ for: '', list: null, error: null })
  const [picked, setPicked] = useState('')
  const [pickMissing, setPickMissing] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const keep = useKeepFocus(box, allowed.join())

  // An event this build does not know (from a newer server) still gets its button, named as sent.
  const label = (type: string) => t(`records.events.${type as RecordEventType}`, { defaultValue: type })
  const toneOf = (type: string) => options[type]?.tone ?? (DESTRUCTIVE_VERBS.includes(verbOf(type)) ? 'danger' : 'neutral')
  const question = (type: string) =>
    options[type]?.confirm ?? (toneOf(type) === 'danger' ? { title: t('records.actions.confirmTitle', { action: label(type) }), text: t('records.actions.confirmText') } : undefined)

  const run = async (type: string, payload: Record<string, string>) => {
    setRefusal(null)
    setPending(type)
    keep.arm()
    try {
      await send(type, payload)
    } catch (error) {
      keep.disarm()
      setRefusal(error)
    } finally {
      setPending(null)
      setAsking(null)
    }
  }
  const choose = (type: string) => {
    const pick = options[type]?.pick
    if (!question(type) && !options[type]?.reason && !pick) {
      void run(type, {})
      return
    }
    setReason('')
    setReasonMissing(false)
    setPicked('')
    setPickMissing(false)
    if (pick) {
      setChoices({ for: type, list: null, error: null })
      pick.load().then(
        (list) => setChoices((now) => (now.for === type ? { for: type, list, error: null } : now)),
        (error: unknown) => setChoices((now) => (now.for === type ? { for: type, list: null, error } : now)),
      )
    }
    setAsking(type)
  }
  const close = () => {
    if (pending === null) setAsking(null)
  }

  if (allowed.length === 0 && refusal === null) return null
  const asked = asking ? { type: asking, confirm: question(asking), reason: options[asking]?.reason, pick: options[asking]?.pick, tone: toneOf(asking) } : null
  const submitReason = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!asked?.reason && !asked?.pick) return
    if (asked.pick && !picked) {
      setPickMissing(true)
      event.currentTarget.querySelector<HTMLInputElement>('input[type=radio]')?.focus()
      return
    }
    const text = reason.trim()
    if (asked.reason && !text && !asked.reason.optional) {
      setReasonMissing(true)
      event.currentTarget.querySelector('textarea')?.focus()
      return
    }
    void run(asked.type, { ...(asked.pick ? { [asked.pick.field]: picked } : {}), ...(asked.reason && text ? { [asked.reason.field ?? 'reason']: text } : {}) })
  }

  return (
    <div ref={box} className="space-y-3">
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
      {asked && !asked.reason && !asked.pick && asked.confirm && (
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
      {(asked?.reason || asked?.pick) && (
        <Modal open onClose={close} title={asked.confirm?.title ?? label(asked.type)} description={asked.confirm?.text} alert={asked.tone === 'danger'}>
          <form onSubmit={submitReason} noValidate>
            <ModalBody>
              {asked.pick && (
                <ChoiceList
                  pick={asked.pick}
                  choices={choices.for === asked.type ? choices : { list: null, error: null }}
                  picked={picked}
                  missing={pickMissing}
                  onPick={(value) => {
                    setPicked(value)
                    setPickMissing(false)
                  }}
                />
              )}
              {asked.reason && (
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
              )}
            </ModalBody>
            <ModalFooter>
              <Button variant="secondary" onClick={close} disabled={pending !== null}>
                {t('actions.cancel')}
              </Button>
              <Button
                type="submit"
                variant={asked.tone === 'danger' ? 'danger' : 'primary'}
                loading={pending !== null}
                disabled={asked.pick !== undefined && (choices.for !== asked.type || choices.list === null || choices.list.length === 0)}
              >
                {asked.confirm?.confirmLabel ?? label(asked.type)}
              </Button>
            </ModalFooter>
          </form>
        </Modal>
      )}
    </div>
  )
}

/**
 * The records an event may name, as radio buttons under their legend: a spinner while they are
 * read, the reason they could not be, or what to say when there is none.
 */
function ChoiceList({
  pick,
  choices,
  picked,
  missing,
  onPick,
}: {
  pick: NonNullable<RecordEventOptions['pick']>
  choices: { list: readonly RecordChoice[] | null; error: unknown }
  picked: string
  missing: boolean
  onPick: (value: string) => void
}) {
  const { t } = useTranslation('app')
  const errorId = `${pick.field}-missing`
  return (
    <fieldset aria-describedby={missing ? errorId : undefined} aria-invalid={missing || undefined}>
      <legend className="text-sm font-medium text-slate-900">{pick.label}</legend>
      {choices.error !== null ? (
        <Alert tone="error">{errorText(choices.error)}</Alert>
      ) : choices.list === null ? (
        <Spinner className="my-4 size-5 text-primary-700" label={pick.loading} />
      ) : choices.list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{pick.empty}</p>
      ) : (
        <div className="mt-2 max-h-72 space-y-2 overflow-y-auto">
          {choices.list.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer items-start gap-3 rounded-lg p-2 ring-1 ring-slate-200 has-checked:bg-secondary-50 has-checked:ring-primary-600">
              <input type="radio" name={pick.field} value={choice.value} checked={picked === choice.value} onChange={() => onPick(choice.value)} className="mt-1" />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{choice.label}</span>
                {choice.detail && <span className="block text-slate-600">{choice.detail}</span>}
              </span>
            </label>
          ))}
        </div>
      )}
      {missing && (
        <p id={errorId} className="mt-2 text-sm text-red-700">
          {t('records.actions.pickRequired')}
        </p>
      )}
    </fieldset>
  )
}
