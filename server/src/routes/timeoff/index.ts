import type { Handlers } from '../handler.ts'
import { timeoffBalanceHandlers } from './balances.ts'
import { timeoffCalendarHandlers } from './calendar.ts'
import { timeoffCategoryHandlers } from './categories.ts'
import { timeoffEventHandlers } from './events.ts'
import { timeoffRequestHandlers } from './requests.ts'

/** Time off: its categories, requests and their events, balances, and who is away when. */
export const timeoffHandlers: Handlers<
  | 'listTimeoffCategories'
  | 'getTimeoffCategory'
  | 'createTimeoffCategory'
  | 'updateTimeoffCategory'
  | 'deleteTimeoffCategory'
  | 'timeoffCategoryHistory'
  | 'listTimeoffRequests'
  | 'getTimeoffRequest'
  | 'createTimeoffRequest'
  | 'timeoffRequestHistory'
  | 'timeoffRequestEvent'
  | 'timeoffRequestEvents'
  | 'getTimeoffBalances'
  | 'getTimeoffCalendar'
> = { ...timeoffCategoryHandlers, ...timeoffRequestHandlers, ...timeoffEventHandlers, ...timeoffBalanceHandlers, ...timeoffCalendarHandlers }
