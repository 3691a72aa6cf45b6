import type { Handlers } from '../handler.ts'
import { availabilityHandlers } from './availability.ts'
import { shiftEventHandlers } from './events.ts'
import { calendarFeedHandlers } from './feed.ts'
import { shiftHandlers } from './shifts.ts'

/** The schedule: shifts, their events, availability and calendar feeds. */
export const scheduleHandlers: Handlers<
  | 'listShifts'
  | 'getShift'
  | 'createShift'
  | 'updateShift'
  | 'deleteShift'
  | 'checkShift'
  | 'copySchedule'
  | 'shiftHistory'
  | 'shiftEvent'
  | 'shiftEvents'
  | 'getAvailability'
  | 'updateAvailability'
  | 'getCalendarFeed'
  | 'resetCalendarFeed'
> = { ...shiftHandlers, ...shiftEventHandlers, ...availabilityHandlers, ...calendarFeedHandlers }
