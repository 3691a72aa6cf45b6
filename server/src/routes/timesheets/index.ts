import type { Handlers } from '../handler.ts'
import { timesheetEventHandlers } from './events.ts'
import { timesheetProposalHandlers } from './proposals.ts'
import { timesheetReportHandlers } from './report.ts'
import { timesheetHandlers } from './timesheets.ts'

/**
 * Timesheets: the hours worked, their corrections (a manager's, or one its staff member proposes),
 * approval and the report. Clocking is a shift event (routes/schedules/events.ts).
 */
export const timesheetRouteHandlers: Handlers<
  | 'listTimesheets'
  | 'getTimesheet'
  | 'createTimesheet'
  | 'updateTimesheet'
  | 'timesheetHistory'
  | 'timesheetEvent'
  | 'timesheetEvents'
  | 'timesheetReport'
  | 'proposeTimesheetCorrection'
  | 'withdrawTimesheetProposal'
  | 'acceptTimesheetProposal'
  | 'declineTimesheetProposal'
> = { ...timesheetHandlers, ...timesheetEventHandlers, ...timesheetProposalHandlers, ...timesheetReportHandlers }
