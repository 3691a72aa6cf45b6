import { ApiError, formatMoney, type Locale, type LocalDate, type Shift, type ShiftConflict } from '@rota/core'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../../lib/error-text.ts'
import { formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { formatLocalDate } from '../utils/business-days.ts'

/**
 * How the schedule says things in the reader's language: statuses and events in the words every
 * record screen uses (`records.`), conflicts, refusals, hours, money and business days.
 * @example
 * const words = useShiftWords()
 * words.conflict({ kind: 'overlap', severity: 'error', shift_id, minutes: null }) // 'Already on another shift at that time'
 */
export function useShiftWords() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  // The same words while the language stays: the board's rows and cards are drawn again only when what they show changes.
  return useMemo(() => shiftWords(t, locale), [t, locale])
}

function shiftWords(t: TFunction<'app'>, locale: Locale) {
  const hours = (minutes: number) => formatMinutes(minutes)
  const longDay = (date: LocalDate) => formatLocalDate(date, locale, { weekday: 'long', month: 'long', day: 'numeric' })
  return {
    locale,
    hours,
    money: (cents: number) => formatMoney(cents, locale),
    day: (date: LocalDate, options?: Intl.DateTimeFormatOptions) => formatLocalDate(date, locale, options),
    longDay,
    /**
     * Why the server refused a shift, in words: a person in two places at once or on time off
     * is said with the day it happens (the 422's `details.date`), a time the clocks skip with its day
     * and time; anything else as the server said it.
     */
    refusal: (error: unknown) => {
      if (error instanceof ApiError && error.code === 'clock_gap') {
        const { date, time } = (error.details ?? {}) as { date?: unknown; time?: unknown }
        if (typeof date === 'string' && typeof time === 'string') return t('schedules.errors.clockGap', { time, day: longDay(date) })
      }
      if (error instanceof ApiError && (error.code === 'shift_overlap' || error.code === 'shift_time_off')) {
        const date = (error.details as { date?: unknown } | undefined)?.date
        const day = typeof date === 'string' ? longDay(date) : ''
        return error.code === 'shift_overlap' ? t('schedules.errors.overlap', { day }) : t('schedules.errors.timeOff', { day })
      }
      return errorText(error)
    },
    time: (shift: Pick<Shift, 'start_time' | 'end_time'>) => `${shift.start_time}–${shift.end_time}`,
    // One word asked for at a time: a board of hundreds of cards asks for them all the time.
    status: (status: Shift['status']) => {
      switch (status) {
        case 'draft':
          return t('records.statuses.shift.draft')
        case 'published':
          return t('records.statuses.shift.published')
        case 'in_progress':
          return t('records.statuses.shift.in_progress')
        case 'completed':
          return t('records.statuses.shift.completed')
        case 'cancelled':
          return t('records.statuses.shift.cancelled')
      }
    },
    change: (change: NonNullable<Shift['pending_change']>) => {
      switch (change) {
        case 'new':
          return t('schedules.change.new')
        case 'changed':
          return t('schedules.change.changed')
        case 'cancelled':
          return t('schedules.change.cancelled')
      }
    },
    conflict: (conflict: ShiftConflict) => {
      const amount = hours(Math.abs(conflict.minutes ?? 0))
      switch (conflict.kind) {
        case 'overlap':
          return t('schedules.conflicts.overlap')
        case 'time_off':
          return t('schedules.conflicts.time_off')
        case 'availability':
          return t('schedules.conflicts.availability')
        case 'weekly_hours':
          return t('schedules.conflicts.weekly_hours', { hours: amount })
        case 'rest':
          return t('schedules.conflicts.rest', { hours: amount })
        case 'service':
          return t('schedules.conflicts.service')
      }
    },
    event: (type: string) =>
      ({
        'shift.publish': t('records.events.shift.publish'),
        'shift.cancel': t('records.events.shift.cancel'),
        'shift.assign': t('records.events.shift.assign'),
        'shift.unassign': t('records.events.shift.unassign'),
        'shift.request': t('records.events.shift.request'),
        'shift.drop': t('records.events.shift.drop'),
        'shift.swap': t('records.events.shift.swap'),
        'shift.withdraw': t('records.events.shift.withdraw'),
        'shift.approve': t('records.events.shift.approve'),
        'shift.reject': t('records.events.shift.reject'),
        'shift.clock_in': t('records.events.shift.clock_in'),
        'shift.complete': t('records.events.shift.complete'),
      })[type] ?? type,
  }
}

export type ShiftWords = ReturnType<typeof shiftWords>
