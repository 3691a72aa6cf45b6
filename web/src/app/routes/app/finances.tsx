import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Redirect, Route, Switch } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useInvoiceRecord } from '../../../features/invoices/api/invoices.ts'
import { InvoiceForm } from '../../../features/invoices/components/invoice-form.tsx'
import { InvoicePeriodDialog } from '../../../features/invoices/components/invoice-period-dialog.tsx'
import { InvoicePreview } from '../../../features/invoices/components/invoice-preview.tsx'
import { InvoicesTable } from '../../../features/invoices/components/invoices-table.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { paths } from '../../../config/paths.ts'
import { useCan } from '../../../lib/permissions.ts'
import { ActionLink } from './action-link.tsx'
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
        <PageHeading title={t('pages.invoicesCreate.title')} description={t('pages.invoicesCreate.description')} />
        <InvoiceForm />
      </Route>
      <Route path={paths.invoicesEdit.pattern}>{(params) => <EditInvoicePage id={params.id} />}</Route>
      <Route path={paths.invoicesPreview.pattern}>{(params) => <InvoicePreview id={params.id} />}</Route>
      <Route path={paths.invoices.pattern}>
        <InvoicesPage canInvoice={canInvoice} />
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

/** /finances/invoices: the invoices; who may create them starts one, or month-end's drafts for a period. */
function InvoicesPage({ canInvoice }: { canInvoice: boolean }) {
  const { t } = useTranslation('app')
  const [invoicingPeriod, setInvoicingPeriod] = useState(false)
  return (
    <>
      <PageHeading
        title={t('pages.invoices.title')}
        description={t('pages.invoices.description')}
        actions={
          canInvoice && (
            <>
              <Button variant="secondary" onClick={() => setInvoicingPeriod(true)}>
                {t('invoices.period.open')}
              </Button>
              <ActionLink href={paths.invoicesCreate.href()}>{t('actions.newInvoice')}</ActionLink>
            </>
          )
        }
      />
      <InvoicesTable />
      {invoicingPeriod && <InvoicePeriodDialog onClose={() => setInvoicingPeriod(false)} />}
    </>
  )
}

/** /finances/invoices/edit/{id}: a draft in the editor, once read (with its version). */
function EditInvoicePage({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const invoice = useInvoiceRecord(id)
  return (
    <>
      <PageHeading title={t('pages.invoicesEdit.title')} description={t('pages.invoicesEdit.description')} />
      {invoice.isError ? (
        <Alert tone="error" title={t('invoices.unavailable')}>
          {errorText(invoice.error)}
        </Alert>
      ) : !invoice.data ? (
        <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('invoices.loading')} />
      ) : invoice.data.status !== 'draft' ? (
        <Alert tone="info">{t('invoices.notEditable')}</Alert>
      ) : (
        <InvoiceForm key={`${invoice.data.id}/${invoice.data.version}`} invoice={invoice.data} />
      )}
    </>
  )
}
