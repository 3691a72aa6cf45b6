import { CheckShiftBody, CreateShiftBody, Id, localWeekday, shiftRange, type LocalDate } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, ticked } from '../../../lib/form-values.ts'

const field = CreateShiftBody.shape

/** The days of a weekly repeat, as RFC 5545 names them, Sunday first (as `localWeekday` counts). */
export const REPEAT_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const
export type RepeatDay = (typeof REPEAT_DAYS)[number]

/** The most times one repeat may make a shift (the server's limit is a year of days). */
export const MOST_REPEATS = 366

const minutes = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return 0
    if (/^\s*\d+\s*$/.test(value)) return Number(value)
    ctx.addIssue({ code: 'custom', message: 'Use a whole number' })
    return z.NEVER
  })
  .pipe(field.break_minutes.unwrap())

/**
 * The shift panel's fields as the contract's bodies: "nobody" is an open shift, an empty
 * break is none, and a weekly repeat is either until a date or a number of times, on the
 * shift's own day and any others ticked. The rules of each field are the contract's.
 */
export const ShiftForm = z
  .object({
    staff_id: blankAsNull.pipe(Id.nullable()),
    location_id: field.location_id,
    service_id: field.service_id,
    date: field.date,
    start: field.start,
    end: field.end,
    break_minutes: minutes,
    notes: blankAsNull.pipe(z.string().trim().max(2000).nullable()),
    scope: z.enum(['this', 'following']).default('this'),
    repeat: ticked,
    repeat_end: z.enum(['until', 'count']).default('count'),
    repeat_until: z.string().optional(),
    repeat_count: z.string().optional(),
    ...Object.fromEntries(REPEAT_DAYS.map((day) => [`repeat_${day}`, ticked])),
  })
  .transform((values, ctx) => {
    // A break as long as the shift leaves nothing to work (the server refuses it too).
    if (values.break_minutes >= shiftRange(values.date, values.start, values.end, 'UTC').minutes) {
      ctx.addIssue({ code: 'custom', path: ['break_minutes'], message: 'Use a break shorter than the shift', params: { code: 'break_too_long' } })
    }
    // The shift's own day always repeats: a rule that skipped it would not make the shift asked for.
    const days = REPEAT_DAYS.filter((day) => day === repeatDayOf(values.date) || (values as Record<string, unknown>)[`repeat_${day}`] === true)
    let rrule: string | null = null
    if (values.repeat) {
      if (values.repeat_end === 'until') {
        const until = values.repeat_until ?? ''
        if (!field.date.safeParse(until).success || until < values.date) ctx.addIssue({ code: 'custom', path: ['repeat_until'], message: 'Choose a later date' })
        else rrule = repeatRule(days, { until })
      } else {
        const count = Number(values.repeat_count ?? '')
        if (!Number.isInteger(count) || count < 1 || count > MOST_REPEATS) ctx.addIssue({ code: 'custom', path: ['repeat_count'], message: 'Use a whole number' })
        else rrule = repeatRule(days, { count })
      }
    }
    return {
      shift: {
        staff_id: values.staff_id,
        location_id: values.location_id,
        service_id: values.service_id,
        date: values.date,
        start: values.start,
        end: values.end,
        break_minutes: values.break_minutes,
        notes: values.notes,
      },
      scope: values.scope,
      repeat: rrule ? { rrule } : undefined,
    }
  })
export type ShiftFormValues = z.output<typeof ShiftForm>

/**
 * A weekly RFC 5545 rule on some days, ending on a date (included) or after some times.
 * @example
 * repeatRule(['MO', 'WE'], { count: 4 }) // 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4'
 * repeatRule(['FR'], { until: '2026-12-31' }) // 'FREQ=WEEKLY;BYDAY=FR;UNTIL=20261231'
 */
export function repeatRule(days: readonly RepeatDay[], end: { until: LocalDate } | { count: number }): string {
  const last = 'until' in end ? `UNTIL=${end.until.replaceAll('-', '')}` : `COUNT=${end.count}`
  return `FREQ=WEEKLY;BYDAY=${days.join(',')};${last}`
}

/**
 * The repeat day of a date, ticked first so that the shift's own day is among its repeats.
 * @example
 * repeatDayOf('2026-03-09') // 'MO'
 */
export function repeatDayOf(date: LocalDate): RepeatDay {
  return REPEAT_DAYS[localWeekday(date)]!
}

/**
 * What the form says so far, as a check the server can judge, or null while a part is still
 * missing or malformed: the panel asks `POST /schedule/check` with it as the person types.
 * @example
 * checkOf({ location_id, service_id, date: '2026-03-09', start: '09:00', end: '17:00' }, shift.id)
 */
export function checkOf(values: Readonly<Record<string, string>>, id?: string): z.input<typeof CheckShiftBody> | null {
  const breakMinutes = values['break_minutes']?.trim() ? Number(values['break_minutes']) : 0
  const parsed = CheckShiftBody.safeParse({
    staff_id: values['staff_id'] || null,
    location_id: values['location_id'],
    service_id: values['service_id'],
    date: values['date'],
    start: values['start'],
    end: values['end'],
    break_minutes: breakMinutes,
    notes: null,
    ...(id ? { id } : {}),
  })
  return parsed.success ? { ...parsed.data, notes: null } : null
}
