import { dollarsFromCents, formatMoney, parseDollars, PAYMENT_METHODS, type Invoice, type PaymentMethod } from '@rota/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { SelectField, TextField } from '../../../components/ui/text-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSendInvoiceEvent } from '../api/invoices.ts'

/**
 * Records a payment received: its date, amount (the balance by default), method and
 * reference. More than the balance, or a day after today, is said here before asking the
 * server, which refuses them too.
 * @example
 * <PaymentDialog invoice={invoice} today="2026-03-09" open={open} onClose={() => setOpen(false)} />
 */
export function PaymentDialog({ invoice, today, open, onClose }: { invoice: Invoice; today: string; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const send = useSendInvoiceEvent()
  const [amount, setAmount] = useState(dollarsFromCents(invoice.balance_cents))
  const [paidOn, setPaidOn] = useState(today)
  const [method, setMethod] = useState<PaymentMethod>('e_transfer')
  const [reference, setReference] = useState('')
  const [refusal, setRefusal] = useState<unknown>(null)
  const cents = parseDollars(amount, locale)
  const amountError =
    cents === null || cents <= 0 ? t('invoices.payment.amountInvalid') : cents > invoice.balance_cents ? t('invoices.payment.overBalance', { balance: formatMoney(invoice.balance_cents, locale) }) : undefined
  // A payment is recorded once it has been received: not on a day still to come.
  const dateError = !paidOn ? t('invoices.payment.dateMissing') : paidOn > today ? t('invoices.payment.dateAhead') : undefined

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (amountError || dateError || cents === null) return
    setRefusal(null)
    try {
      await send.mutateAsync({
        id: invoice.id,
        body: { type: 'invoice.payment', version: invoice.version, amount_cents: cents, paid_on: paidOn, method, reference: reference.trim() || null },
      })
      onClose()
    } catch (error) {
      setRefusal(error)
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={t('invoices.payment.title')} description={t('invoices.payment.balance', { balance: formatMoney(invoice.balance_cents, locale) })}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <ModalBody>
          <div className="space-y-4">
            {/* Focused on opening: the amount is what is typed first (the balance is there to change). */}
            <TextField name="amount" label={t('invoices.payment.amount')} inputMode="decimal" data-autofocus autoFocus value={amount} onChange={(event) => setAmount(event.target.value)} error={amount ? amountError : undefined} required />
            <TextField name="paid_on" type="date" label={t('invoices.payment.paidOn')} value={paidOn} max={today} onChange={(event) => setPaidOn(event.target.value)} error={dateError} required />
            <SelectField
              name="method"
              label={t('invoices.payment.method')}
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              options={PAYMENT_METHODS.map((value) => ({ value, label: t(`invoices.methods.${value}`) }))}
            />
            <TextField name="reference" label={t('invoices.payment.reference')} value={reference} onChange={(event) => setReference(event.target.value)} maxLength={200} />
            {refusal !== null && <Alert tone="error">{errorText(refusal)}</Alert>}
          </div>
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={onClose}>
            {t('invoices.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={amountError !== undefined || dateError !== undefined}>
            {t('records.events.invoice.payment')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  )
}
