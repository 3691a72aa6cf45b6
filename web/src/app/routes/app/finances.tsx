import { useTranslation } from 'react-i18next'
import { Redirect, Route, Switch } from 'wouter'
import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { MoneyIcon } from '../../../components/ui/area-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useInvoiceRecord } from '../../../features/invoices/api/invoices.ts'
import { InvoiceForm } from '../../../features/invoices/components/invoice-form.tsx'
import { InvoicePreview } from '../../../features/invoices/components/invoice-preview.tsx'
import { InvoicesTable } from '../../../features/invoices/components/invoices-table.tsx'
import { errorText } from '../../../lib/error-text.ts'
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
        <PageHeading title={t('pages.invoicesCreate.title')} description={t('pages.invoicesCreate.description')} />
        <InvoiceForm />
      </Route>
      <Route path={paths.invoicesEdit.pattern}>{(params) => <EditInvoicePage id={params.id} />}</Route>
      <Route path={paths.invoicesPreview.pattern}>{(params) => <InvoicePreview id={params.id} />}</Route>
      <Route path={paths.invoices.pattern}>
        <PageHeading
          title={t('pages.invoices.title')}
          description={t('pages.invoices.description')}
          actions={canInvoice && <ActionLink href={paths.invoicesCreate.href()}>{t('actions.newInvoice')}</ActionLink>}
        />
        <InvoicesTable />
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
