import { useTranslation } from 'react-i18next'
import { Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { ChartIcon } from '../../../components/ui/area-icons.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { paths } from '../../../config/paths.ts'
import { TimesheetReportView } from '../../../features/timesheets/components/timesheet-report.tsx'
import { PayrollReportView } from '../../../features/payroll/components/payroll-report.tsx'
import { InvoiceReportView } from '../../../features/invoices/components/invoice-report.tsx'

/** Reports: /report opens the timesheets (SPEC.md §2), then payroll and invoice. */
export function ReportArea() {
  const { t } = useTranslation('app')
  return (
    <Switch>
      <Route path={paths.reportPayroll.pattern}>
        <PageHeading title={t('pages.reportPayroll.title')} description={t('pages.reportPayroll.description')} />
        <PayrollReportView />
      </Route>
      <Route path={paths.reportInvoice.pattern}>
        <InvoiceReportPage />
      </Route>
      <Route>
        <TimesheetReportPage />
      </Route>
    </Switch>
  )
}

function TimesheetReportPage() {
  const { t } = useTranslation('app')
  return (
    <>
      <PageHeading title={t('pages.reportTimesheets.title')} description={t('pages.reportTimesheets.description')} />
      <TimesheetReportView />
    </>
  )
}

function InvoiceReportPage() {
  const { t } = useTranslation('app')
  return (
    <>
      <PageHeading title={t('pages.reportInvoice.title')} description={t('pages.reportInvoice.description')} />
      <InvoiceReportView />
    </>
  )
}
