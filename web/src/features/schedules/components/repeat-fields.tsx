import { weekStartFor, type LocalDate } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { useSession } from '../../../lib/services.tsx'
import { MOST_REPEATS, REPEAT_DAYS, repeatDayOf } from '../utils/shift-form.ts'
import { formatLocalDate } from '../utils/business-days.ts'
import { currentLocale } from '../../../lib/i18n.ts'

/** 2023-01-01 was a Sunday: the days from it name the repeat days in the reader's language. */
const dayName = (day: number, locale: ReturnType<typeof currentLocale>) => formatLocalDate(`2023-01-0${day + 1}`, locale, { weekday: 'long' })

/**
 * A new shift's weekly repeat: on which days (the shift's own always), and until a date or a
 * number of times. Each occurrence becomes a shift of its own.
 * @example
 * <RepeatFields values={values} date={values.date} errorText={form.errorText} />
 */
export function RepeatFields({ values, date, errorText }: { values: Readonly<Record<string, string>>; date: LocalDate; errorText: (field: string) => string | undefined }) {
  const { t, i18n } = useTranslation('app')
  const weekStart = useSession((state) => weekStartFor(state.context.settings?.locale ?? 'en', state.context.settings?.week_start ?? 0))
  const repeating = values['repeat'] !== undefined
  const until = values['repeat_end'] === 'until'
  const own = /^\d{4}-\d{2}-\d{2}$/.test(date) ? repeatDayOf(date) : null
  const days = REPEAT_DAYS.map((_, index) => REPEAT_DAYS[(index + weekStart) % 7]!)
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{t('schedules.form.repeatLegend')}</legend>
      <CheckboxField name="repeat" label={t('schedules.form.repeat')} description={t('schedules.form.repeatHint')} />
      {repeating && (
        <div className="space-y-3 rounded-lg border border-slate-200 p-3">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t('schedules.form.repeatDays')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {days.map((day) => (
                <label key={day} className="flex items-center gap-1.5 rounded-md bg-slate-50 px-2 py-1 text-sm ring-1 ring-slate-200">
                  <input type="checkbox" name={`repeat_${day}`} defaultChecked={day === own} disabled={day === own} className="accent-primary-700" />
                  {dayName(REPEAT_DAYS.indexOf(day), currentLocale(i18n))}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('schedules.form.repeatEnds')}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="repeat_end" value="count" defaultChecked className="accent-primary-700" /> {t('schedules.form.repeatAfter')}
            </label>
            {!until && (
              <TextField name="repeat_count" type="number" inputMode="numeric" min={1} max={MOST_REPEATS} label={t('schedules.form.repeatCount')} defaultValue="4" error={errorText('repeat_count')} />
            )}
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="repeat_end" value="until" className="accent-primary-700" /> {t('schedules.form.repeatOn')}
            </label>
            {until && <TextField name="repeat_until" type="date" min={date} label={t('schedules.form.repeatUntil')} error={errorText('repeat_until')} />}
          </fieldset>
        </div>
      )}
    </fieldset>
  )
}
