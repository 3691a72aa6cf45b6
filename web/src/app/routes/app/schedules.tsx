import { MyShifts } from '../../../features/schedules/components/my-shifts.tsx'
import { ScheduleBoard } from '../../../features/schedules/components/schedule-board.tsx'
import { useScheduleNews } from '../../../features/schedules/hooks/use-schedule-news.ts'
import { useCan } from '../../../lib/permissions.ts'

/**
 * The schedules: the week board for those who plan (schedules:update), "My shifts" for
 * everyone else. A notification opens /schedules?id={schedule_id} (SPEC.md §2) on its shift.
 */
export function SchedulesPage() {
  useScheduleNews()
  return useCan('schedules', 'update') ? <ScheduleBoard /> : <MyShifts />
}
