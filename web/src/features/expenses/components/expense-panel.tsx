import { formatMoney, type Expense } from '@rota/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions, type RecordEventOptions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelBody, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { Button } from '../../../components/ui/button.tsx'
import { paths } from '../../../config/paths.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useSession } from '../../../lib/services.tsx'
import { useDeleteExpense, useExpense, useExpenseEvent } from '../api/expenses.ts'
import { dayText } from '../utils/expense-form.ts'
import { ExpenseFormFields } from './expense-form.tsx'
import { ReceiptPreview } from './receipt-preview.tsx'

/**
 * The claim open in the address (`/finances/expenses?id=…`, or `id=new` to submit one) in the
 * record panel: its details with the receipt, the decisions the reader may take (approve,
 * reject with a reason, reimburse by hand), changing or withdrawing it while it is submitted,
 * the invoice re-billing it to its client, and its history.
 */
export function ExpensePanel() {
  const record = useOpenRecord()
  if (record.isNew) return <NewExpensePanel onSaved={(expense) => record.open(expense.id)} onClose={record.close} />
  if (record.id) return <OpenExpensePanel key={record.id} id={record.id} onClose={record.close} />
  return null
}

function NewExpensePanel({ onSaved, onClose }: { onSaved: (expense: Expense) => void; onClose: () => void }) {
  const { t } = useTranslation('app')
  const [dirty, setDirty] = useState(false)
  return (
    <RecordPanel open onClose={onClose} title={t('expenses.newTitle')} dirty={dirty}>
      <RecordPanelBody>
        <ExpenseFormFields onSaved={onSaved} onCancel={onClose} onDirty={setDirty} />
      </RecordPanelBody>
    </RecordPanel>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="col-span-2 text-sm text-slate-900">{children}</dd>
    </div>
  )
}

function OpenExpensePanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const expense = useExpense(id)
  const send = useExpenseEvent()
  const remove = useDeleteExpense()
  const userId = useSession((state) => state.context.user?.id)
  const manages = useCan('expenses', 'update')
  const readsInvoices = useCan('invoices', 'read')
  const [editing, setEditing] = useState(false)
  const [dirty, setDirty] = useState(false)
  const fields = useExpenseFields()
  if (!expense.data) return <RecordPanelPending error={expense.error} onClose={onClose} />
  const current = expense.data
  const editable = current.status === 'submitted' && !current.locked && (current.staff.id === userId || manages)
  const money = (cents: number) => formatMoney(cents, locale)
  const options: Record<string, RecordEventOptions> = {
    'expense.approve': { tone: 'primary' },
    'expense.reject': { reason: { label: t('expenses.rejectReason'), hint: t('expenses.rejectHint', { name: current.staff.name }) } },
    'expense.reimburse': { confirm: { title: t('expenses.reimburse.title'), text: t('expenses.reimburse.text') } },
    delete: { confirm: { title: t('expenses.withdraw.title'), text: t('expenses.withdraw.text'), confirmLabel: t('expenses.withdraw.confirm') } },
  }

  return (
    <RecordPanel
      open
      onClose={onClose}
      dirty={editing && dirty}
      title={t('expenses.panelTitle', { category: t(`expenses.categories.${current.category}`), name: current.staff.name })}
      status={<StatusBadge lifecycle="expense" status={current.status} />}
      actions={
        <div className="flex flex-wrap items-start gap-2">
          {editable && !editing && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {t('expenses.edit')}
            </Button>
          )}
          <RecordActions
            allowed={[...current.allowed_events, ...(editable ? ['delete'] : [])]}
            options={options}
            onReload={() => void expense.refetch()}
            send={async (type, payload) => {
              if (type === 'delete') {
                await remove.mutateAsync(current.id)
                onClose()
                return
              }
              return send.mutateAsync({ id: current.id, body: { type, version: current.version, ...payload } as never })
            }}
          />
        </div>
      }
      history={<HistoryTab route="expenseHistory" id={current.id} fields={fields} actions={{ approve: t('expenses.history.approve'), reject: t('expenses.history.reject'), reimburse: t('expenses.history.reimburse') }} />}
    >
      <RecordPanelBody>
        {editing ? (
          <ExpenseFormFields
            expense={current}
            onDirty={setDirty}
            onSaved={() => {
              setEditing(false)
              setDirty(false)
            }}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <dl className="divide-y divide-slate-100">
            <Row label={t('expenses.fields.person')}>{current.staff.name}</Row>
            <Row label={t('expenses.fields.date')}>{dayText(current.date, locale)}</Row>
            <Row label={t('expenses.fields.description')}>{current.description}</Row>
            {current.category === 'mileage' && current.distance_km !== null && (
              <Row label={t('expenses.fields.distance')}>{t('expenses.mileageLine', { distance: current.distance_km, rate: money(current.mileage_rate_cents ?? 0) })}</Row>
            )}
            <Row label={t('expenses.fields.amount')}>{money(current.amount_cents)}</Row>
            <Row label={t('expenses.fields.tax')}>{money(current.tax_cents)}</Row>
            <Row label={t('expenses.fields.total')}>
              <strong>{money(current.total_cents)}</strong>
            </Row>
            <Row label={t('expenses.fields.client')}>{current.location ? `${current.location.name}${current.billable ? ` · ${t('expenses.billable')}` : ''}` : t('expenses.noClient')}</Row>
            {current.decision_note && <Row label={t('expenses.fields.decisionNote')}>{current.decision_note}</Row>}
            {current.invoice && (
              <Row label={t('expenses.fields.invoice')}>
                <InvoiceMention invoice={current.invoice} linked={readsInvoices} />
              </Row>
            )}
            {current.payroll && <Row label={t('expenses.fields.payroll')}>{current.payroll.number === null ? t('expenses.inDraftPayroll') : t('expenses.inPayroll', { number: current.payroll.number })}</Row>}
            <Row label={t('expenses.fields.receipt')}>{current.receipt ? <ReceiptPreview receipt={current.receipt} /> : t('expenses.noReceipt')}</Row>
          </dl>
        )}
      </RecordPanelBody>
    </RecordPanel>
  )
}

/** The invoice re-billing a claim: its number (a draft has none yet), a link for whoever reads invoices. */
function InvoiceMention({ invoice, linked }: { invoice: NonNullable<Expense['invoice']>; linked: boolean }) {
  const { t } = useTranslation('app')
  const text = invoice.number === null ? t('expenses.onDraftInvoice') : t('expenses.onInvoice', { number: invoice.number })
  if (!linked) return <>{text}</>
  return (
    <Link href={paths.invoicesPreview.href({ id: invoice.id })} className="font-medium text-primary-700 underline hover:text-primary-800">
      {text}
    </Link>
  )
}

/** How a claim's history names its fields and reads their values. */
function useExpenseFields(): Record<string, HistoryField> {
  const { t } = useTranslation('app')
  return {
    date: { label: t('expenses.fields.date'), format: 'date' },
    description: { label: t('expenses.fields.description') },
    amount_cents: { label: t('expenses.fields.amount'), format: 'money' },
    tax_cents: { label: t('expenses.fields.tax'), format: 'money' },
    total_cents: { label: t('expenses.fields.total'), format: 'money' },
    billable: { label: t('expenses.fields.billable'), format: 'boolean' },
    status: { label: t('expenses.fields.status'), format: (status) => <StatusBadge lifecycle="expense" status={String(status) as Expense['status']} /> },
    decision_note: { label: t('expenses.fields.decisionNote') },
  }
}
