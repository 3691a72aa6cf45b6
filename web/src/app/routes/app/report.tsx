import { Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { ChartIcon } from '../../../components/ui/area-icons.tsx'
import { paths } from '../../../config/paths.ts'

/** Reports: /report opens the timesheets (SPEC.md §2), then payroll and invoice. */
export function ReportArea() {
  return (
    <Switch>
      <Route path={paths.reportPayroll.pattern}>
        <AreaPage page="reportPayroll" icon={ChartIcon} />
      </Route>
      <Route path={paths.reportInvoice.pattern}>
        <AreaPage page="reportInvoice" icon={ChartIcon} />
      </Route>
      <Route>
        <AreaPage page="reportTimesheets" icon={ChartIcon} />
      </Route>
    </Switch>
  )
}
