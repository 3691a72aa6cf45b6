import { ApiError, type LocalDate, type LocalTime, type Shift } from '@rota/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useShiftCheck } from '../api/check-shift.ts'
import { useCreateShift } from '../api/create-shift.ts'
import { useUpdateShift } from '../api/update-shift.ts'
import { useSettled } from '../hooks/use-settled.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { Client, Person } from '../utils/board-rows.ts'
import { formText } from '../utils/form-text.ts'
import { checkOf, ShiftForm } from '../utils/shift-form.ts'
import { ConflictList } from './conflict-badges.tsx'
import { RepeatFields } from './repeat-fields.tsx'

/** A service the panel offers, with its colour and how long its shifts usually are. */
export interface ServiceChoice {
  id: string
  name: string
  colour: string
  /** A new shift of the service lasts this long unless its end is chosen; 8 hours when unknown. */
  default_duration_minutes?: number
}

/** Where a new shift starts from: the cell clicked, its row's person or client. */
export interface ShiftDefaults {
  date: LocalDate
  staff_id?: string | null
  location_id?: string
  start?: LocalTime
  end?: LocalTime
}

interface FormProps {
  shift: Shift | null
  defaults: ShiftDefaults
  people: readonly Person[]
  clients: readonly Client[]
  services: readonly ServiceChoice[]
  words: ShiftWords
  onDone: (saved: Shift[]) => void
  /** Someone else saved the shift first: read it again (the form starts afresh from it). */
  onReload?: () => void
  /** Something typed is not saved yet. */
  onDirty: (dirty: boolean) => void
  /** A save is running. */
  onBusy: (busy: boolean) => void
}

/** The choices of a select, with the record's own choice kept even when it is no longer offered (an inactive client). */
function choices(options: readonly { id: string; name: string }[], own: { id: string; name: string } | null | undefined) {
  const all = own && !options.some((option) => option.id === own.id) ? [...options, own] : options
  return all.map((option) => ({ value: option.id, label: option.name }))
}

const DAY_MINUTES = 24 * 60

/** The time of day `minutes` after `time`, past midnight on the next day's clock. */
function timeAfter(time: string, minutes: number): string {
  const total = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes) % DAY_MINUTES
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

/** How long a new shift of the service lasts: its own length, or a working day. */
const lengthOf = (service: ServiceChoice | undefined) => service?.default_duration_minutes ?? 8 * 60

/**
 * The shift panel's form: person (or nobody: an open shift), client, service, day, start and
 * end (an end before the start is the next day), unpaid break, notes; for a new shift a weekly
 * repeat, for one of a series whether the change goes to the later ones too. While it is
 * filled in, the server says what the shift would conflict with and cost.
 * @example
 * <ShiftFormView shift={null} defaults={{ date: '2026-03-09', staff_id: ana.id }} … onDone={close} />
 */
export function ShiftFormView({ shift, defaults, people, clients, services, words, onDone, onReload, onDirty, onBusy }: FormProps) {
  const { t } = useTranslation('app')
  const create = useCreateShift()
  const update = useUpdateShift()
  const start = shift?.start_time ?? defaults.start ?? '09:00'
  const initial: Record<string, string> = {
    staff_id: shift ? (shift.staff?.id ?? '') : (defaults.staff_id ?? ''),
    location_id: shift?.location.id ?? defaults.location_id ?? clients[0]?.id ?? '',
    service_id: shift?.service.id ?? services[0]?.id ?? '',
    date: shift?.date ?? defaults.date,
    start,
    end: shift?.end_time ?? defaults.end ?? timeAfter(start, lengthOf(services[0])),
    break_minutes: String(shift?.break_minutes ?? 0),
  }
  const [values, setValues] = useState(initial)
  // A new shift's end follows its start and service (their length) until the end is chosen.
  const endFollows = useRef(!shift && !defaults.end)
  const check = useShiftCheck(useSettled(checkOf(values, shift?.id), 300))
  const form = useZodForm(
    ShiftForm,
    async ({ shift: body, scope, repeat }) => {
      try {
        const saved = shift
          ? await update.mutateAsync({ id: shift.id, body: { ...body, scope, version: shift.version } })
          : await create.mutateAsync({ body: { ...body, ...(repeat ? { repeat } : {}) } })
        onDirty(false)
        onDone(saved)
      } catch (error) {
        // A clash names the day it happens on, not a field in error: said in words above the form.
        if (error instanceof ApiError && error.status === 422 && (error.code === 'shift_overlap' || error.code === 'shift_time_off')) {
          throw new ApiError({ status: error.status, code: error.code, message: words.refusal(error) })
        }
        // A time the clocks skip is said beside the field that holds it.
        if (error instanceof ApiError && error.code === 'clock_gap') {
          const field = (error.details as { field?: unknown } | undefined)?.field
          const message = words.refusal(error)
          throw new ApiError({ status: error.status, code: error.code, message, ...(typeof field === 'string' ? { details: { [field]: message } } : {}) })
        }
        throw error
      }
    },
    describeFields({ repeat_until: t('schedules.form.repeatUntilHint'), repeat_count: t('schedules.form.repeatCountHint'), break_minutes: t('schedules.form.breakHint') }),
  )
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])
  const staffOptions = [{ value: '', label: t('schedules.form.nobody') }, ...choices(people, shift?.staff)]
  /** An end at or before the start is on the next day; at the start itself, a whole day later. */
  const endHint = (from: string | undefined, to: string | undefined) => {
    if (!from || !to || to > from) return undefined
    return to === from ? t('schedules.form.wholeDay') : t('schedules.form.nextDay')
  }

  return (
    <form
      onSubmit={form.handleSubmit}
      onChange={(event) => {
        const fields = event.currentTarget.elements
        const changed = (event.target as Element).getAttribute('name')
        if (changed === 'end') endFollows.current = false
        if (endFollows.current && (changed === 'start' || changed === 'service_id')) {
          const startTime = (fields.namedItem('start') as HTMLInputElement).value
          const service = services.find((one) => one.id === (fields.namedItem('service_id') as HTMLSelectElement).value)
          if (startTime) (fields.namedItem('end') as HTMLInputElement).value = timeAfter(startTime, lengthOf(service))
        }
        setValues(formText(event.currentTarget))
        onDirty(true)
      }}
      noValidate
    >
      <RecordPanelBody>
        {form.formError && (
          <RefusalAlert
            text={form.formError}
            stale={form.stale}
            onReload={() => {
              onDirty(false)
              onReload?.()
            }}
          />
        )}
        <SelectField name="staff_id" label={t('schedules.form.staff')} defaultValue={initial['staff_id']} options={staffOptions} error={form.errorText('staff_id')} />
        <SelectField name="location_id" label={t('schedules.form.client')} defaultValue={initial['location_id']} required options={choices(clients, shift?.location)} error={form.errorText('location_id')} />
        <SelectField name="service_id" label={t('schedules.form.service')} defaultValue={initial['service_id']} required options={choices(services, shift?.service)} error={form.errorText('service_id')} />
        <TextField name="date" type="date" label={t('schedules.form.date')} defaultValue={initial['date']} required error={form.errorText('date')} />
        <div className="grid grid-cols-2 gap-4">
          <TextField name="start" type="time" label={t('schedules.form.start')} defaultValue={initial['start']} required error={form.errorText('start')} />
          <TextField name="end" type="time" label={t('schedules.form.end')} defaultValue={initial['end']} required hint={endHint(values['start'], values['end'])} error={form.errorText('end')} />
        </div>
        <TextField name="break_minutes" type="number" inputMode="numeric" min={0} max={720} step={5} label={t('schedules.form.break')} defaultValue={initial['break_minutes']} error={form.errorText('break_minutes')} />
        <TextareaField name="notes" label={t('schedules.form.notes')} defaultValue={shift?.notes ?? ''} rows={2} error={form.errorText('notes')} />
        {shift ? (
          shift.series_id && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">{t('schedules.form.scope')}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="scope" value="this" defaultChecked className="accent-primary-700" /> {t('schedules.form.scopeThis')}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="scope" value="following" className="accent-primary-700" /> {t('schedules.form.scopeFollowing')}
              </label>
            </fieldset>
          )
        ) : (
          <RepeatFields values={values} date={values['date'] ?? defaults.date} errorText={form.errorText} />
        )}
        <section aria-labelledby="shift-check" aria-live="polite" className="space-y-2 rounded-lg bg-slate-50 p-3">
          <h3 id="shift-check" className="text-sm font-semibold text-slate-900">
            {t('schedules.form.checkTitle')}
          </h3>
          {check.isError && check.error instanceof ApiError && check.error.status === 422 ? (
            // What saving would be refused for, said before the save (a time the clocks skip that day).
            <p className="text-sm text-red-700">{words.refusal(check.error)}</p>
          ) : check.data ? (
            <>
              <ConflictList conflicts={check.data.conflicts} words={words} />
              <p className="text-xs text-slate-600 tabular-nums">
                {t('schedules.form.costLine', { hours: words.hours(check.data.paid_minutes), cost: words.money(check.data.cost_cents), value: words.money(check.data.value_cents) })}
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-600">{check.isError ? t('schedules.form.checkFailed') : t('schedules.form.checkWaiting')}</p>
          )}
        </section>
      </RecordPanelBody>
      <RecordPanelFooter>
        <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
        <Button type="submit" loading={form.pending}>
          {shift ? t('schedules.form.save') : t('schedules.form.create')}
        </Button>
      </RecordPanelFooter>
    </form>
  )
}
