import { CreateTimesheetBody, UpdateTimesheetBody } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, wholeNumber } from '../../../lib/form-values.ts'

const correct = UpdateTimesheetBody.shape
const add = CreateTimesheetBody.shape

/** A manager's correction as typed: the day, start, end and break on the business's clock, notes, and why (required). */
export const CorrectionForm = z.object({
  date: correct.date.unwrap(),
  start: correct.start.unwrap(),
  end: correct.end.unwrap(),
  break_minutes: wholeNumber.pipe(correct.break_minutes.unwrap()),
  notes: blankAsNull.pipe(correct.notes.unwrap()),
  reason: correct.reason,
})

/** A staff member's proposed correction of their own hours as typed: the day, start, end and break, and why (required). */
export const ProposalForm = CorrectionForm.omit({ notes: true })

/** Hours worked without a shift, as a manager types them. */
export const NewTimesheetForm = z.object({
  staff_id: add.staff_id,
  location_id: add.location_id,
  service_id: add.service_id,
  date: add.date,
  start: add.start,
  end: add.end,
  break_minutes: wholeNumber.pipe(add.break_minutes.removeDefault()),
  notes: blankAsNull.pipe(add.notes.removeDefault()),
})
