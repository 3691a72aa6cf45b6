import { EXPENSE_CATEGORIES, formatMoney, localDateOf, type Expense } from '@rota/core'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RefusalAlert } from '../../../components/refusal-alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CheckboxField, TextareaField } from '../../../components/ui/form-fields.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { describeFields } from '../../../lib/form-values.ts'
import { useImageUpload } from '../../../lib/image-upload.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useChoices } from '../../../lib/record-choices.ts'
import { useBusinessTimeZone } from '../../../lib/format.ts'
import { useSession } from '../../../lib/services.tsx'
import { useZodForm } from '../../../lib/use-zod-form.ts'
import { useCreateExpense, useUpdateExpense } from '../api/expenses.ts'
import { dollarsOf, expenseBody, expenseForm, mileageCents } from '../utils/expense-form.ts'
import { ReceiptPreview } from './receipt-preview.tsx'

/**
 * A claim as its person types it, on a phone as on a desk: the day, what for, the amount and
 * tax (or, for mileage, the distance, priced at the business's rate as it is typed), the client
 * it was for (then billable onto their next invoice), and a photo of the receipt taken with the
 * phone's camera (`capture`) or a PDF. New when `expense` is absent.
 * @example
 * <ExpenseFormFields onSaved={(claim) => record.open(claim.id)} onCancel={record.close} />
 */
export function ExpenseFormFields({ expense, onSaved, onCancel, onDirty }: { expense?: Expense; onSaved: (expense: Expense) => void; onCancel: () => void; onDirty?: (dirty: boolean) => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const rate = useSession((state) => state.context.settings?.mileage_rate_cents) ?? 0
  const readsClients = useCan('locations', 'read')
  const clients = useChoices('locations', readsClients)
  const create = useCreateExpense()
  const update = useUpdateExpense()
  const upload = useImageUpload('receipts')
  const [category, setCategory] = useState<string>(expense?.category ?? 'meals')
  const [distance, setDistance] = useState(expense?.distance_km ?? '')
  const [receipt, setReceipt] = useState<Expense['receipt']>(expense?.receipt ?? null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  // Only a claim for a client can be billed to one: the box waits for the client.
  const [clientId, setClientId] = useState(expense?.location?.id ?? '')
  const [billable, setBillable] = useState(expense?.billable ?? true)
  // Today on the business's clock: an evening in Vancouver is already tomorrow in UTC.
  const today = localDateOf(new Date(), useBusinessTimeZone())
  const schema = useMemo(() => expenseForm(today), [today])
  const form = useZodForm(
    schema,
    async (values) => {
      const body = expenseBody(values, receipt?.id ?? null)
      const saved = expense ? await update.mutateAsync({ id: expense.id, body: { ...body, version: expense.version } }) : await create.mutateAsync(body)
      onSaved(saved)
    },
    describeFields({ amount: t('validation.dollars'), tax: t('validation.dollars') }),
  )
  useEffect(() => onDirty?.(false), [onDirty])
  const mileage = category === 'mileage'
  const priced = mileage ? mileageCents(distance, expense?.category === 'mileage' && expense.mileage_rate_cents !== null ? expense.mileage_rate_cents : rate) : null

  const pickReceipt = async (file: File | undefined) => {
    if (!file) return
    setUploadError(null)
    try {
      const id = await upload.mutateAsync(file)
      setReceipt({ id, content_type: file.type, size: file.size })
      onDirty?.(true)
    } catch (error) {
      const reason = (error as { reason?: string }).reason
      setUploadError(reason === 'too_large' ? t('expenses.receipt.tooLarge') : reason === 'wrong_type' ? t('expenses.receipt.wrongType') : t('expenses.receipt.refused'))
    }
  }

  return (
    <form onSubmit={form.handleSubmit} onChange={() => onDirty?.(true)} noValidate className="space-y-5">
      {form.formError && <RefusalAlert text={form.formError} stale={form.stale} onReload={() => form.setFormError(null)} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="date" type="date" label={t('expenses.fields.date')} required defaultValue={expense?.date ?? today} max={today} error={form.errorText('date')} />
        <SelectField
          name="category"
          label={t('expenses.fields.category')}
          required
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          options={EXPENSE_CATEGORIES.map((value) => ({ value, label: t(`expenses.categories.${value}`) }))}
          error={form.errorText('category')}
        />
      </div>
      <TextareaField name="description" label={t('expenses.fields.description')} required rows={2} defaultValue={expense?.description ?? ''} error={form.errorText('description')} />
      {mileage ? (
        <TextField
          name="distance_km"
          inputMode="decimal"
          label={t('expenses.fields.distance')}
          required
          value={distance}
          onChange={(event) => setDistance(event.target.value)}
          hint={priced === null ? t('expenses.mileageRate', { rate: formatMoney(rate, locale) }) : t('expenses.mileageTotal', { total: formatMoney(priced, locale), rate: formatMoney(rate, locale) })}
          error={form.errorText('distance_km')}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="amount" inputMode="decimal" label={t('expenses.fields.amount')} required defaultValue={expense && expense.category !== 'mileage' ? dollarsOf(expense.amount_cents) : ''} error={form.errorText('amount')} />
          <TextField name="tax" inputMode="decimal" label={t('expenses.fields.tax')} defaultValue={expense && expense.tax_cents > 0 ? dollarsOf(expense.tax_cents) : ''} hint={t('expenses.taxHint')} error={form.errorText('tax')} />
        </div>
      )}
      {readsClients && (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField name="location_id" label={t('expenses.fields.client')} value={clientId} onChange={(event) => setClientId(event.target.value)} options={[{ value: '', label: t('expenses.noClient') }, ...(clients.data ?? []).map((client) => ({ value: client.id, label: client.name }))]} error={form.errorText('location_id')} />
          <CheckboxField
            name="billable"
            label={t('expenses.fields.billable')}
            description={clientId ? t('expenses.billableHint') : t('expenses.billableNeedsClient')}
            disabled={!clientId}
            checked={clientId !== '' && billable}
            onChange={(event) => setBillable(event.target.checked)}
          />
        </div>
      )}
      <div className="space-y-2">
        <label className="block text-sm font-medium text-slate-800">
          {t('expenses.fields.receipt')}
          <input
            type="file"
            accept="image/*,application/pdf"
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-primary-700"
            onChange={(event) => void pickReceipt(event.target.files?.[0])}
          />
        </label>
        <p className="text-sm text-slate-600">{t('expenses.receipt.hint')}</p>
        {upload.isPending && <p className="text-sm text-slate-600">{t('expenses.receipt.uploading')}</p>}
        {uploadError && (
          <p role="alert" className="text-sm text-red-700">
            {uploadError}
          </p>
        )}
        {receipt && (
          <div className="flex items-start gap-3">
            <ReceiptPreview receipt={receipt} />
            <Button variant="secondary" size="sm" onClick={() => setReceipt(null)}>
              {t('expenses.receipt.remove')}
            </Button>
          </div>
        )}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={form.pending || upload.isPending}>
          {expense ? t('expenses.save') : t('expenses.submit')}
        </Button>
      </div>
    </form>
  )
}
