import { useTranslation } from 'react-i18next'
import { Redirect, Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { DocumentIcon, MoneyIcon } from '../../../components/ui/area-icons.tsx'
import { paths } from '../../../config/paths.ts'
import { useCan } from '../../../lib/permissions.ts'
import { ActionLink } from './action-link.tsx'

/** Finance: invoices, expenses and payrolls; /finances opens the invoices (SPEC.md §2). */
export function FinancesArea() {
  const { t } = useTranslation('app')
  const canInvoice = useCan('invoices', 'create')
  const canExpense = useCan('expenses', 'create')
  const canPayroll = useCan('payrolls', 'create')
  return (
    <Switch>
      <Route path={paths.finances.pattern}>
        <Redirect to={paths.invoices.href()} replace />
      </Route>
      <Route path={paths.invoicesCreate.pattern}>
        <AreaPage page="invoicesCreate" icon={DocumentIcon} />
      </Route>
      <Route path={paths.invoicesEdit.pattern}>
        <AreaPage page="invoicesEdit" icon={DocumentIcon} />
      </Route>
      <Route path={paths.invoicesPreview.pattern}>
        <AreaPage page="invoicesPreview" icon={DocumentIcon} />
      </Route>
      <Route path={paths.invoices.pattern}>
        <AreaPage page="invoices" icon={DocumentIcon} actions={canInvoice && <ActionLink href={paths.invoicesCreate.href()}>{t('actions.newInvoice')}</ActionLink>} />
      </Route>
      <Route path={paths.expensesCreate.pattern}>
        <AreaPage page="expensesCreate" icon={MoneyIcon} />
      </Route>
      <Route path={paths.expensesEdit.pattern}>
        <AreaPage page="expensesEdit" icon={MoneyIcon} />
      </Route>
      <Route path={paths.expenses.pattern}>
        <AreaPage page="expenses" icon={MoneyIcon} actions={canExpense && <ActionLink href={paths.expensesCreate.href()}>{t('actions.newExpense')}</ActionLink>} />
      </Route>
      <Route path={paths.payrollsCreate.pattern}>
        <AreaPage page="payrollsCreate" icon={MoneyIcon} />
      </Route>
      <Route path={paths.payrollsEdit.pattern}>
        <AreaPage page="payrollsEdit" icon={MoneyIcon} />
      </Route>
      <Route path={paths.payrollsPreview.pattern}>
        <AreaPage page="payrollsPreview" icon={MoneyIcon} />
      </Route>
      <Route path={paths.payrolls.pattern}>
        <AreaPage page="payrolls" icon={MoneyIcon} actions={canPayroll && <ActionLink href={paths.payrollsCreate.href()}>{t('actions.newPayroll')}</ActionLink>} />
      </Route>
    </Switch>
  )
}
