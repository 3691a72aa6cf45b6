import { useTranslation } from 'react-i18next'
import { Redirect, Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { DocumentIcon } from '../../../components/ui/area-icons.tsx'
import { paths } from '../../../config/paths.ts'
import { useCan } from '../../../lib/permissions.ts'
import { ActionLink } from './action-link.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { EditExpense, NewExpense } from '../../../features/expenses/components/expense-pages.tsx'
import { ExpensePanel } from '../../../features/expenses/components/expense-panel.tsx'
import { ExpensesTable } from '../../../features/expenses/components/expenses-table.tsx'
import { PayrollEditor } from '../../../features/payroll/components/payroll-editor.tsx'
import { NewPayroll, PayrollPreview } from '../../../features/payroll/components/payroll-pages.tsx'
import { PayrollsTable } from '../../../features/payroll/components/payrolls-table.tsx'

/** Finance: invoices, expenses and payrolls; /finances opens the invoices (SPEC.md §2). */
export function FinancesArea() {
  const { t } = useTranslation('app')
  const canInvoice = useCan('invoices', 'create')
  const canExpense = useCan('expenses', 'create')
  const canPayroll = useCan('payrolls', 'create')
  const canApprove = useCan('expenses', 'update')
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
        <PageHeading title={t('pages.expensesCreate.title')} description={t('pages.expensesCreate.description')} />
        <NewExpense />
      </Route>
      <Route path={paths.expensesEdit.pattern}>
        {(params) => (
          <>
            <PageHeading title={t('pages.expensesEdit.title')} description={t('pages.expensesEdit.description')} />
            <EditExpense id={params.id} />
          </>
        )}
      </Route>
      <Route path={paths.expenses.pattern}>
        <PageHeading title={t('pages.expenses.title')} description={canApprove ? t('pages.expenses.description') : t('expenses.mine')} actions={canExpense && <ActionLink href={paths.expensesCreate.href()}>{t('actions.newExpense')}</ActionLink>} />
        <ExpensesTable manages={canApprove} />
        <ExpensePanel />
      </Route>
      <Route path={paths.payrollsCreate.pattern}>
        <PageHeading title={t('pages.payrollsCreate.title')} description={t('pages.payrollsCreate.description')} />
        <NewPayroll />
      </Route>
      <Route path={paths.payrollsEdit.pattern}>
        {(params) => (
          <>
            <PageHeading title={t('pages.payrollsEdit.title')} description={t('pages.payrollsEdit.description')} />
            <PayrollEditor id={params.id} />
          </>
        )}
      </Route>
      <Route path={paths.payrollsPreview.pattern}>
        {(params) => (
          <>
            <div className="print:hidden">
              <PageHeading title={t('pages.payrollsPreview.title')} description={t('pages.payrollsPreview.description')} />
            </div>
            <PayrollPreview id={params.id} />
          </>
        )}
      </Route>
      <Route path={paths.payrolls.pattern}>
        <PageHeading title={t('pages.payrolls.title')} description={t('pages.payrolls.description')} actions={canPayroll && <ActionLink href={paths.payrollsCreate.href()}>{t('actions.newPayroll')}</ActionLink>} />
        <PayrollsTable />
      </Route>
    </Switch>
  )
}
