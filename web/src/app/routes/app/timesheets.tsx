import { useTranslation } from 'react-i18next'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { MyHours } from '../../../features/timesheets/components/my-hours.tsx'
import { MyTimeClock } from '../../../features/timesheets/components/my-time-clock.tsx'
import { TimesheetPanel } from '../../../features/timesheets/components/timesheet-panel.tsx'
import { TimesheetsWeek } from '../../../features/timesheets/components/timesheets-week.tsx'
import { useCan } from '../../../lib/permissions.ts'

/**
 * Timesheets: a manager (timesheets:update) sees the week by person and approves it; staff
 * clock in and out of today's shifts and see their own hours. Either opens one timesheet in
 * its panel (`?id=…`, `?id=new` to add hours worked without a shift).
 */
export function TimesheetsPage() {
  const { t } = useTranslation('app')
  const record = useOpenRecord()
  const manages = useCan('timesheets', 'update')
  const canAdd = useCan('timesheets', 'create')
  return (
    <>
      <PageHeading
        title={t('pages.timesheets.title')}
        description={manages ? t('pages.timesheets.description') : t('pages.timesheets.mine')}
        actions={
          canAdd && (
            <Button onClick={record.openNew}>
              <PlusIcon className="size-4" />
              {t('timesheets.add.button')}
            </Button>
          )
        }
      />
      <div className="space-y-8">
        {manages ? (
          <TimesheetsWeek />
        ) : (
          <>
            <MyTimeClock />
            <MyHours />
          </>
        )}
      </div>
      <TimesheetPanel />
    </>
  )
}
