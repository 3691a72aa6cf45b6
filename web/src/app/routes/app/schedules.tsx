import { useTranslation } from 'react-i18next'
import { useSearch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { CalendarIcon } from '../../../components/ui/area-icons.tsx'

/** The schedules; a notification opens /schedules?id={schedule_id} (SPEC.md §2). */
export function SchedulesPage() {
  const { t } = useTranslation('app')
  const scheduleId = new URLSearchParams(useSearch()).get('id')
  return (
    <>
      {scheduleId && (
        <div className="mb-6">
          <Alert tone="info" title={t('schedules.fromNotification')}>
            {t('schedules.opening', { id: scheduleId })}
          </Alert>
        </div>
      )}
      <AreaPage page="schedules" icon={CalendarIcon} />
    </>
  )
}
