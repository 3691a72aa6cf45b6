import {
  addLocalDays,
  dollarsFromCents,
  expenseLines,
  formatLongDate,
  formatMoney,
  groupBillable,
  hoursLines,
  formatDecimal,
  invoiceMoney,
  itemLines,
  localDateOf,
  parseDollars,
  salesTaxFrom,
  type Invoice,
  type InvoiceItemInput,
  type Locale,
  type InvoiceProposal,
} from '@rota/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { PlusIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CheckboxField, TextareaField } from '../../../components/ui/form-fields.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { errorText } from '../../../lib/error-text.ts'
import { formatMinutes, useBusinessTimeZone } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useInvoiceClients, useInvoiceProposal, useSaveInvoice } from '../api/invoices.ts'
import { lastMonth, shortDay } from '../utils/dates.ts'

/** A manual line as typed: the amount stays text until it is read as cents. */
interface ItemDraft {
  description: string
  quantity: string
  price: string
  exempt: boolean
}

const QUANTITY = /^\d{1,6}(\.\d{1,3})?$/

/** A typed line read as the contract's item, or null while it is incomplete or wrong. */
function itemOf(item: ItemDraft, locale: Locale): InvoiceItemInput | null {
  const quantity = item.quantity.trim().replace(',', '.')
  const price = parseDollars(item.price, locale)
  if (!item.description.trim() || !QUANTITY.test(quantity) || Number(quantity) <= 0 || price === null) return null
  return { description: item.description.trim(), quantity, unit_price_cents: price, provincial_exempt: item.exempt }
}

/**
 * A draft invoice, new or edited: the client and period, the client's approved hours not yet
 * invoiced (all ticked; by service or one line per shift), their approved billable expenses not
 * yet billed (all ticked; each its own line at its amount before tax), manual items, a discount,
 * the dates, notes and terms, with the lines, each tax and the total worked out as it is typed by
 * the same rules the server prices it with.
 * @example
 * <InvoiceForm />                      // /finances/invoices/create
 * <InvoiceForm invoice={draft} />      // /finances/invoices/edit/{id}
 */
export function InvoiceForm({ invoice }: { invoice?: Invoice }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const [, navigate] = useLocation()
  const timeZone = useBusinessTimeZone()
  // Expense lines are written in the business's language, as the server stores them.
  const businessLocale = useSession((state) => state.context.settings?.locale) ?? 'en'
  const today = localDateOf(new Date(), timeZone)
  const month = lastMonth(today)
  const clients = useInvoiceClients()
  const save = useSaveInvoice()

  const [clientId, setClientId] = useState(invoice?.client.id ?? '')
  const [from, setFrom] = useState(invoice?.period_from ?? month.from)
  const [to, setTo] = useState(invoice?.period_to ?? month.to)
  const [perShift, setPerShift] = useState(invoice?.per_shift ?? false)
  const [excluded, setExcluded] = useState<Set<string>>(new Set())
  const [excludedExpenses, setExcludedExpenses] = useState<Set<string>>(new Set())
  const [items, setItems] = useState<ItemDraft[]>(
    (invoice?.lines ?? []).filter((line) => line.kind === 'item').map((line) => ({ description: line.description, quantity: line.quantity, price: dollarsFromCents(line.unit_price_cents), exempt: line.provincial_exempt })),
  )
  const [discount, setDiscount] = useState(invoice && invoice.discount_cents > 0 ? dollarsFromCents(invoice.discount_cents) : '')
  const [issueDate, setIssueDate] = useState(invoice?.issue_date ?? '')
  // Empty: due by the payment terms, counted from the day it is sent; the field shows that day until one is chosen.
  const [dueDate, setDueDate] = useState(invoice && !invoice.due_on_terms ? invoice.due_date : '')
  const [notes, setNotes] = useState(invoice?.notes ?? '')
  const [terms, setTerms] = useState(invoice?.terms ?? '')
  const [refusal, setRefusal] = useState<unknown>(null)

  const periodValid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to
  const proposal = useInvoiceProposal(clientId && periodValid ? { location_id: clientId, period_from: from, period_to: to, ...(invoice ? { invoice_id: invoice.id } : {}) } : null)
  const data: InvoiceProposal | undefined = proposal.data
  const chosen = (data?.timesheets ?? []).filter((row) => !excluded.has(row.id))
  const chosenExpenses = (data?.expenses ?? []).filter((row) => !excludedExpenses.has(row.id))
  const readItems = items.map((item) => itemOf(item, locale))
  const discountCents = discount.trim() ? parseDollars(discount, locale) : 0
  const taxDate = issueDate || today
  const validItems = readItems.filter((item): item is InvoiceItemInput => item !== null)
  const priced = [...hoursLines(groupBillable(chosen, perShift)), ...expenseLines(chosenExpenses, businessLocale), ...itemLines(validItems)]
  // Before the first day Rota knows the client's province's sales tax, the invoice cannot be taxed (the server refuses it too).
  const taxedFrom = data ? salesTaxFrom(data.client.province) : null
  const beforeTaxTable = data !== undefined && (taxedFrom === null || taxDate < taxedFrom)
  const money = data && discountCents !== null && !beforeTaxTable ? invoiceMoney(priced, discountCents, data.client.province, taxDate) : null
  const defaultDue = addLocalDays(taxDate, data?.terms_days ?? 30)
  // Due before the invoice's date (the day it is sent, when none is chosen), it would be overdue at once.
  const dueBeforeIssue = (dueDate || defaultDue) < taxDate
  const incomplete = readItems.some((item) => item === null)
  const tooMuchDiscount = money !== null && money.subtotal_cents - money.discount_cents < 0
  const money$ = (cents: number) => formatMoney(cents, locale)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!clientId || !periodValid || incomplete || discountCents === null || tooMuchDiscount || dueBeforeIssue || beforeTaxTable) return
    setRefusal(null)
    const body = {
      period_from: from,
      period_to: to,
      per_shift: perShift,
      timesheet_ids: chosen.map((row) => row.id),
      expense_ids: chosenExpenses.map((row) => row.id),
      items: validItems,
      discount_cents: discountCents,
      notes: notes.trim() || null,
      terms: terms.trim() || null,
      issue_date: issueDate || null,
    }
    // A chosen day is kept; none (null on a draft that had one) leaves it to the terms.
    const due = dueDate ? { due_date: dueDate } : {}
    try {
      const saved = await save.mutateAsync(invoice ? { id: invoice.id, body: { ...body, due_date: dueDate || null, version: invoice.version } } : { body: { ...body, ...due, location_id: clientId } })
      navigate(paths.invoicesPreview.href({ id: saved.id }))
    } catch (error) {
      setRefusal(error)
    }
  }

  const setItem = (index: number, change: Partial<ItemDraft>) => setItems((current) => current.map((item, at) => (at === index ? { ...item, ...change } : item)))

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <Panel title={t('invoices.form.billing')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            name="location_id"
            label={t('invoices.form.client')}
            value={clientId}
            disabled={invoice !== undefined}
            onChange={(event) => {
              setClientId(event.target.value)
              setExcluded(new Set())
              setExcludedExpenses(new Set())
            }}
            options={[{ value: '', label: t('invoices.form.chooseClient') }, ...(clients.data ?? [])]}
            required
          />
          <TextField name="period_from" type="date" label={t('invoices.fields.periodFrom')} value={from} onChange={(event) => setFrom(event.target.value)} required />
          <TextField name="period_to" type="date" label={t('invoices.fields.periodTo')} value={to} onChange={(event) => setTo(event.target.value)} error={periodValid ? undefined : t('invoices.form.periodInvalid')} required />
        </div>
      </Panel>

      <Panel title={t('invoices.form.hours')} description={t('invoices.form.hoursHint')}>
        {!clientId ? (
          <p className="text-sm text-slate-600">{t('invoices.form.chooseClientFirst')}</p>
        ) : !data ? (
          <p className="text-sm text-slate-600">{t('invoices.loading')}</p>
        ) : data.timesheets.length === 0 ? (
          <p className="text-sm text-slate-600">{t('invoices.form.noHours')}</p>
        ) : (
          <div className="space-y-3">
            <CheckboxField label={t('invoices.form.perShift')} checked={perShift} onChange={(event) => setPerShift(event.target.checked)} />
            <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
              {data.timesheets.map((row) => (
                <li key={row.id} className="px-3 py-1.5">
                  <CheckboxField
                    label={`${shortDay(row.date, locale)} · ${row.staff} · ${row.service.name} · ${formatMinutes(row.minutes)}`}
                    checked={!excluded.has(row.id)}
                    onChange={(event) => setExcluded((current) => excludedAfter(current, row.id, event.target.checked))}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </Panel>

      {clientId && data && data.expenses.length > 0 && (
        <Panel title={t('invoices.form.expenses')} description={t('invoices.form.expensesHint')}>
          <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
            {data.expenses.map((row) => (
              <li key={row.id} className="px-3 py-1.5">
                <CheckboxField
                  label={t('invoices.form.expenseLine', {
                    date: shortDay(row.date, locale),
                    staff: row.staff,
                    category: t(`expenses.categories.${row.category}`),
                    description: row.description,
                    amount: money$(row.amount_cents),
                  })}
                  checked={!excludedExpenses.has(row.id)}
                  onChange={(event) => setExcludedExpenses((current) => excludedAfter(current, row.id, event.target.checked))}
                />
              </li>
            ))}
          </ul>
        </Panel>
      )}

      <Panel
        title={t('invoices.form.items')}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setItems((current) => [...current, { description: '', quantity: '1', price: '', exempt: false }])}>
            <PlusIcon className="size-4" />
            {t('invoices.form.addItem')}
          </Button>
        }
      >
        {items.length === 0 ? (
          <p className="text-sm text-slate-600">{t('invoices.form.noItems')}</p>
        ) : (
          <ul className="space-y-4">
            {items.map((item, index) => (
              <li key={index} className="grid items-end gap-3 sm:grid-cols-[1fr_6rem_8rem_auto]">
                <TextField name={`item-${index}-description`} label={t('invoices.form.description')} value={item.description} onChange={(event) => setItem(index, { description: event.target.value })} maxLength={300} />
                <TextField name={`item-${index}-quantity`} label={t('invoices.form.quantity')} inputMode="decimal" value={item.quantity} onChange={(event) => setItem(index, { quantity: event.target.value })} />
                <TextField name={`item-${index}-price`} label={t('invoices.form.unitPrice')} inputMode="decimal" value={item.price} onChange={(event) => setItem(index, { price: event.target.value })} />
                <Button variant="secondary" aria-label={t('invoices.form.removeItem', { number: index + 1 })} onClick={() => setItems((current) => current.filter((_, at) => at !== index))}>
                  <TrashIcon className="size-4" />
                </Button>
                <div className="sm:col-span-4">
                  <CheckboxField label={t('invoices.form.exempt')} checked={item.exempt} onChange={(event) => setItem(index, { exempt: event.target.checked })} />
                </div>
              </li>
            ))}
          </ul>
        )}
        {incomplete && <p className="mt-3 text-sm text-red-700">{t('invoices.form.itemIncomplete')}</p>}
      </Panel>

      <Panel title={t('invoices.form.terms')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="discount" label={t('invoices.fields.discount')} inputMode="decimal" value={discount} onChange={(event) => setDiscount(event.target.value)} error={discountCents === null ? t('invoices.form.amountInvalid') : tooMuchDiscount ? t('invoices.form.discountTooLarge') : undefined} />
          <TextField name="issue_date" type="date" label={t('invoices.fields.issueDate')} hint={t('invoices.form.issueHint')} value={issueDate} onChange={(event) => setIssueDate(event.target.value)} error={beforeTaxTable && taxedFrom ? t('invoices.form.beforeTaxTable', { date: formatLongDate(taxedFrom, locale) }) : undefined} />
          <TextField name="due_date" type="date" label={t('invoices.fields.dueDate')} hint={t('invoices.form.dueHint', { days: data?.terms_days ?? 30 })} value={dueDate || defaultDue} onChange={(event) => setDueDate(event.target.value)} error={dueBeforeIssue ? t('invoices.form.dueBeforeIssue', { date: formatLongDate(taxDate, locale) }) : undefined} />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextareaField name="notes" label={t('invoices.fields.notes')} value={notes} onChange={(event) => setNotes(event.target.value)} maxLength={2000} />
          <TextareaField name="terms" label={t('invoices.fields.terms')} value={terms} onChange={(event) => setTerms(event.target.value)} maxLength={2000} />
        </div>
      </Panel>

      <Panel title={t('invoices.form.totals')}>
        {money ? (
          <dl aria-live="polite" className="ml-auto max-w-md space-y-1 text-sm">
            {money.lines.map((line, index) => (
              <div key={index} className="flex justify-between gap-4 text-slate-600">
                <dt>{line.description}</dt>
                <dd>{money$(line.amount_cents)}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-1">
              <dt>{t('invoices.fields.subtotal')}</dt>
              <dd>{money$(money.subtotal_cents)}</dd>
            </div>
            {money.discount_cents > 0 && (
              <div className="flex justify-between gap-4">
                <dt>{t('invoices.fields.discount')}</dt>
                <dd>{money$(-money.discount_cents)}</dd>
              </div>
            )}
            {/* A discount past the subtotal is refused beside its field: no taxes below zero meanwhile. */}
            {!tooMuchDiscount && (
              <>
                {money.taxes.map((tax, index) => (
                  <div key={index} className="flex justify-between gap-4">
                    <dt>{t(`invoices.taxes.${tax.label}`, { percent: formatDecimal(tax.percent, locale) })}</dt>
                    <dd>{money$(tax.amount)}</dd>
                  </div>
                ))}
                <div className="flex justify-between gap-4 text-base font-bold text-slate-900">
                  <dt>{t('invoices.columns.total')}</dt>
                  <dd>{money$(money.total_cents)}</dd>
                </div>
              </>
            )}
          </dl>
        ) : (
          <p className="text-sm text-slate-600">{beforeTaxTable ? t('invoices.form.noTaxesYet') : t('invoices.form.chooseClientFirst')}</p>
        )}
      </Panel>

      {refusal !== null && <Alert tone="error">{errorText(refusal)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => navigate(invoice ? paths.invoicesPreview.href({ id: invoice.id }) : paths.invoices.href())}>
          {t('invoices.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!clientId || !periodValid || incomplete || discountCents === null || tooMuchDiscount || beforeTaxTable}>
          {invoice ? t('invoices.form.save') : t('invoices.form.create')}
        </Button>
      </div>
    </form>
  )
}

/** What is left off after a row's box is ticked (`included`) or cleared: a new set, for React's state. */
function excludedAfter(excluded: ReadonlySet<string>, id: string, included: boolean): Set<string> {
  const next = new Set(excluded)
  if (included) next.delete(id)
  else next.add(id)
  return next
}
