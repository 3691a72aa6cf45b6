import type { Handlers } from '../handler.ts'
import { timesheetEventHandlers } from './events.ts'
import { timesheetReportHandlers } from './report.ts'
import { timesheetHandlers } from './timesheets.ts'

/** Timesheets: the hours worked, their corrections, approval and the report. Clocking is a shift event (routes/schedules/events.ts). */
export const timesheetRouteHandlers: Handlers<
  'listTimesheets' | 'getTimesheet' | 'createTimesheet' | 'updateTimesheet' | 'timesheetHistory' | 'timesheetEvent' | 'timesheetEvents' | 'timesheetReport'
> = { ...timesheetHandlers, ...timesheetEventHandlers, ...timesheetReportHandlers }
