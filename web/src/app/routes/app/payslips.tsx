import { useTranslation } from 'react-i18next'
import { Route, Switch } from 'wouter'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { paths } from '../../../config/paths.ts'
import { MyPayslip, MyPayslips } from '../../../features/payroll/components/payroll-pages.tsx'

/** One's own payslips (`/profile/payslips`), which everyone signed in may see: theirs alone. */
export function PayslipsArea() {
  const { t } = useTranslation('app')
  return (
    <Switch>
      <Route path={paths.payslip.pattern}>
        {(params) => (
          <>
            <div className="print:hidden">
              <PageHeading title={t('payroll.payslip')} description={t('payroll.payslipHint')} />
            </div>
            <MyPayslip id={params.id} />
          </>
        )}
      </Route>
      <Route>
        <PageHeading title={t('payroll.myPayslips')} description={t('payroll.myPayslipsHint')} />
        <MyPayslips />
      </Route>
    </Switch>
  )
}
