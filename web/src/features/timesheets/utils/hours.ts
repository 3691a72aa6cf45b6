import type { Timesheet } from '@rota/core'

/** Minutes as decimal hours for a chart's axis (450 → 7.5). */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100

/** Whether a timesheet still needs a manager's decision and can have one: pending and clocked out. */
export const awaitsApproval = (timesheet: Pick<Timesheet, 'allowed_events'>) => timesheet.allowed_events.includes('timesheet.approve')
