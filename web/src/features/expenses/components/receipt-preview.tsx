import type { Expense } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { isImage } from '../utils/expense-form.ts'

/** Where a receipt is served: Rota's own file store (the id is the capability). */
export const receiptUrl = (id: string) => `/api/v1/file/${encodeURIComponent(id)}`

/**
 * A receipt: a photo shown small and opened full size in a new tab, a PDF as a link to open it.
 * @example
 * <ReceiptPreview receipt={expense.receipt} />
 */
export function ReceiptPreview({ receipt }: { receipt: NonNullable<Expense['receipt']> }) {
  const { t } = useTranslation('app')
  const url = receiptUrl(receipt.id)
  return isImage(receipt) ? (
    <a href={url} target="_blank" rel="noreferrer" className="block">
      <img src={url} alt={t('expenses.receipt.alt')} className="max-h-48 min-h-16 min-w-16 rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200" />
    </a>
  ) : (
    <a href={url} target="_blank" rel="noreferrer" className="text-sm font-medium text-primary-700 underline">
      {t('expenses.receipt.openPdf')}
    </a>
  )
}
