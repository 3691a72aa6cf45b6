import { CreateTimeoffRequestBody, displayName, isLocalDate, isLocalTime, localDateOf, timeOffMinutes, type TimeOffPeriod } from '@rota/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody, RecordPanelCancel, RecordPanelFooter } from '../../../components/records/record-panel.tsx'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextareaField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { describeFields } from '../../../lib/form-values.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useSession } from '../../../lib/services.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateTimeoffRequest } from '../api/create-request.ts'
import { useTimeoffBalances } from '../api/list-balances.ts'
import { useAllTimeoffCategories } from '../api/list-categories.ts'
import { useTimeoffPeople } from '../api/list-people.ts'
import { formatLeave } from '../utils/leave.ts'
import { useBusinessTimeZone } from '../../../lib/format.ts'
import { useCategoryName } from '../hooks/use-category-name.ts'

type Period = TimeOffPeriod['period']

export interface RequestFormProps {
  /** Someone who decides may record time off for a team member. */
  decides: boolean
  onSaved: () => void
  onDirty: (dirty: boolean) => void
  onBusy: (busy: boolean) => void
}

/**
 * Asking for time off, as the panel's Details tab: the kind, whole days, half a day or some
 * hours of one day, and a note. As it is filled in, it says what the request takes and what
 * will be left ("You will have 3.5 days left"), and warns before the server refuses a request
 * over what is left. Someone who decides chooses whom it is for.
 * @example
 * <RequestForm decides={canDecide} onSaved={record.close} onDirty={setDirty} onBusy={setBusy} />
 */
export function RequestForm({ decides, onSaved, onDirty, onBusy }: RequestFormProps) {
  const { t, i18n } = useTranslation('app')
  const categoryName = useCategoryName()
  const locale = currentLocale(i18n)
  const me = useSession((state) => state.context.user)
  const timeZone = useBusinessTimeZone()
  const canReadTeam = useCan('users', 'read')
  const people = useTimeoffPeople(decides && canReadTeam)
  const categories = useAllTimeoffCategories()
  const active = (categories.data?.rows ?? []).filter((category) => category.active)
  const create = useCreateTimeoffRequest()

  const today = localDateOf(new Date(), timeZone)
  const [staffId, setStaffId] = useState(me?.id ?? '')
  const [categoryId, setCategoryId] = useState('')
  const [period, setPeriod] = useState<Period>('days')
  const [startDate, setStartDate] = useState(today)
  const [endDate, setEndDate] = useState(today)
  const [half, setHalf] = useState<'morning' | 'afternoon'>('morning')
  const [startTime, setStartTime] = useState('09:00')
  const [endTime, setEndTime] = useState('11:00')
  // Nothing is chosen for the person unless there is nothing to choose between: a kind taken
  // by default is sent by whoever did not look at it (a sick day booked as vacation).
  const category = active.find((candidate) => candidate.id === categoryId) ?? (active.length === 1 ? active[0] : undefined)

  const form = useZodForm(
    CreateTimeoffRequestBody,
    async (body) => {
      await create.mutateAsync(body)
      onSaved()
    },
    describeFields({ end_date: t('timeoff.form.endAfterStart'), end_time: t('timeoff.form.endAfterStart') }),
  )
  useEffect(() => onBusy(form.pending), [form.pending, onBusy])

  const asked: TimeOffPeriod = {
    period,
    start_date: startDate,
    end_date: period === 'days' ? endDate : startDate,
    half: period === 'half_day' ? half : null,
    start_time: period === 'hours' ? startTime : null,
    end_time: period === 'hours' ? endTime : null,
  }
  const complete =
    isLocalDate(asked.start_date) &&
    isLocalDate(asked.end_date) &&
    asked.end_date >= asked.start_date &&
    (period !== 'hours' || (isLocalTime(startTime) && isLocalTime(endTime) && endTime > startTime))
  const minutes = category && complete ? timeOffMinutes(asked, category.day_minutes, timeZone) : null
  const forSomeoneElse = staffId !== '' && staffId !== me?.id
  const balances = useTimeoffBalances({ staffId: forSomeoneElse ? staffId : undefined, date: isLocalDate(startDate) ? startDate : undefined })
  const balance = balances.data?.find((candidate) => candidate.category.id === category?.id)
  const leave = (amount: number) => (category ? formatLeave(amount, category.unit, category.day_minutes, locale) : '')
  const person = forSomeoneElse ? displayName(people.data?.rows.find((row) => row.id === staffId) ?? {}) : ''

  const periods: { value: Period; label: string }[] = [
    { value: 'days', label: t('timeoff.periods.days') },
    { value: 'half_day', label: t('timeoff.periods.half_day') },
    { value: 'hours', label: t('timeoff.periods.hours') },
  ]

  return (
    <form onSubmit={form.handleSubmit} onChange={() => onDirty(true)} noValidate>
      <RecordPanelBody>
        <p className="text-sm text-slate-600">{t('timeoff.form.hint')}</p>
        {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => form.setFormError(null)} />}
        {decides && canReadTeam && (
          <SelectField
            name="staff_id"
            label={t('timeoff.fields.person')}
            value={staffId}
            onChange={(event) => setStaffId(event.target.value)}
            options={(people.data?.rows ?? (me ? [me] : [])).map((row) => ({ value: row.id, label: row.id === me?.id ? t('timeoff.form.myself', { name: displayName(row) }) : displayName(row) }))}
          />
        )}
        {active.length === 0 && categories.isSuccess ? (
          <Alert tone="warning">{t('timeoff.form.noCategories')}</Alert>
        ) : (
          <SelectField
            name="category_id"
            label={t('timeoff.fields.category')}
            value={category?.id ?? ''}
            onChange={(event) => setCategoryId(event.target.value)}
            options={[...(category ? [] : [{ value: '', label: t('timeoff.form.chooseCategory') }]), ...active.map((candidate) => ({ value: candidate.id, label: categoryName(candidate.name) }))]}
            required
            error={form.errorText('category_id')}
          />
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('timeoff.fields.period')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {periods.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="period"
                  value={option.value}
                  checked={period === option.value}
                  onChange={() => setPeriod(option.value)}
                  className="size-4 accent-primary-700"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="start_date"
            type="date"
            label={period === 'days' ? t('timeoff.fields.startDate') : t('timeoff.fields.date')}
            value={startDate}
            onChange={(event) => {
              setStartDate(event.target.value)
              if (endDate < event.target.value) setEndDate(event.target.value)
            }}
            required
            error={form.errorText('start_date')}
          />
          {period === 'days' && (
            <TextField
              name="end_date"
              type="date"
              label={t('timeoff.fields.endDate')}
              value={endDate}
              min={startDate}
              onChange={(event) => setEndDate(event.target.value)}
              required
              error={form.errorText('end_date')}
            />
          )}
          {period === 'half_day' && (
            <SelectField
              name="half"
              label={t('timeoff.fields.half')}
              value={half}
              onChange={(event) => setHalf(event.target.value === 'afternoon' ? 'afternoon' : 'morning')}
              options={[
                { value: 'morning', label: t('timeoff.halfChoice.morning') },
                { value: 'afternoon', label: t('timeoff.halfChoice.afternoon') },
              ]}
            />
          )}
        </div>
        {period === 'hours' && (
          <div className="grid grid-cols-2 gap-4">
            <TextField name="start_time" type="time" label={t('timeoff.fields.startTime')} value={startTime} onChange={(event) => setStartTime(event.target.value)} required error={form.errorText('start_time')} />
            <TextField name="end_time" type="time" label={t('timeoff.fields.endTime')} value={endTime} onChange={(event) => setEndTime(event.target.value)} required error={form.errorText('end_time')} />
          </div>
        )}
        <div aria-live="polite" className="space-y-2">
          {minutes !== null && <p className="text-sm font-medium text-slate-900">{t('timeoff.form.amount', { amount: leave(minutes) })}</p>}
          {minutes !== null && balance && !balance.tracked && <p className="text-sm text-slate-600">{t('timeoff.form.untracked')}</p>}
          {minutes !== null && balance?.tracked && (
            <>
              <p className="text-sm text-slate-700">{t('timeoff.form.available', { amount: leave(balance.available_minutes), year: String(balance.year) })}</p>
              {balance.available_minutes - minutes >= 0 ? (
                <p className="text-sm font-medium text-primary-800">
                  {forSomeoneElse ? t('timeoff.form.willHaveOther', { name: person, amount: leave(balance.available_minutes - minutes) }) : t('timeoff.form.willHave', { amount: leave(balance.available_minutes - minutes) })}
                </p>
              ) : balance.allow_negative ? (
                <Alert tone="warning">{t('timeoff.form.overAllowed', { amount: leave(balance.available_minutes - minutes) })}</Alert>
              ) : (
                <Alert tone="error">{t('timeoff.form.over', { amount: leave(balance.available_minutes) })}</Alert>
              )}
            </>
          )}
        </div>
        <TextareaField name="note" label={t('timeoff.fields.note')} rows={2} maxLength={500} error={form.errorText('note')} />
      </RecordPanelBody>
      <RecordPanelFooter>
        <RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel>
        <Button type="submit" loading={form.pending} disabled={active.length === 0}>
          {forSomeoneElse ? t('timeoff.form.submitFor') : t('timeoff.form.submit')}
        </Button>
      </RecordPanelFooter>
    </form>
  )
}
