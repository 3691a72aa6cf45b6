import { formatMoney, localDateOf, sumCents, type UninvoicedClient } from '@rota/core'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { ProgressBar } from '../../../components/ui/progress-bar.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { paths } from '../../../config/paths.ts'
import { errorText } from '../../../lib/error-text.ts'
import { useBusinessTimeZone } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCreateDrafts, useUninvoicedClients, type DraftOutcome, type InvoicePeriod, type MadeDraft, type RefusedDraft } from '../api/uninvoiced.ts'
import { lastMonth } from '../utils/dates.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * Month-end: every client with approved hours or billable expenses not yet invoiced in a period
 * (last month on the business's clock to start with), all ticked, and one draft per ticked client
 * made one after another, the progress said as it goes. The summary links each draft made and
 * names each client refused with the reason; a refusal never stops the others, and those can be
 * tried again.
 * @example
 * {open && <InvoicePeriodDialog onClose={() => setOpen(false)} />}
 */
export function InvoicePeriodDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const money = (cents: number) => formatMoney(cents, locale)
  const timeZone = useBusinessTimeZone()
  const month = lastMonth(localDateOf(new Date(), timeZone))
  const [from, setFrom] = useState(month.from)
  const [to, setTo] = useState(month.to)
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  // The latest outcome of each client's draft, and the run going on (how many of how many).
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, DraftOutcome>>(new Map())
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [runPeriod, setRunPeriod] = useState<InvoicePeriod | null>(null)
  const [retrying, setRetrying] = useState(false)
  const summary = useRef<HTMLHeadingElement>(null)

  const valid = DATE.test(from) && DATE.test(to) && from <= to
  // Another period lists other clients: all of them ticked again.
  const choose = (set: (value: string) => void, value: string) => {
    set(value)
    setLeft(new Set())
  }
  const clients = useUninvoicedClients(valid && outcomes.size === 0 ? { from, to } : null)
  const rows = clients.data ?? []
  const chosen = rows.filter((row) => !left.has(row.client.id))
  const running = progress !== null
  const finished = !running && outcomes.size > 0
  const created = [...outcomes.values()].filter((outcome): outcome is MadeDraft => 'invoice' in outcome)
  const failed = [...outcomes.values()].filter((outcome): outcome is RefusedDraft => 'error' in outcome)
  const create = useCreateDrafts()
  // While drafts are made, the button says how many this run makes.
  const count = running ? progress.total : chosen.length

  // The buttons that started the run are gone once it ends: the summary takes the focus.
  useEffect(() => {
    if (finished) summary.current?.focus()
  }, [finished])

  const start = async (period: InvoicePeriod, targets: readonly UninvoicedClient['client'][], retry = false) => {
    setRunPeriod(period)
    setRetrying(retry)
    setProgress({ done: 0, total: targets.length })
    await create.mutateAsync({
      period,
      clients: targets,
      onDraft: (outcome) => {
        setOutcomes((current) => new Map(current).set(outcome.client.id, outcome))
        setProgress((current) => current && { ...current, done: current.done + 1 })
      },
    })
    setProgress(null)
  }

  const announcement = running
    ? t('invoices.period.progress', { done: progress.done, total: progress.total })
    : finished
      ? t('invoices.period.finished', { created: created.length, failed: failed.length })
      : ''

  return (
    <Modal open onClose={running ? () => {} : onClose} title={t('invoices.period.title')} description={t('invoices.period.description')} size="lg">
      <ModalBody>
        {!running && !finished && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="period_from" type="date" label={t('invoices.fields.periodFrom')} value={from} onChange={(event) => choose(setFrom, event.target.value)} required />
              <TextField name="period_to" type="date" label={t('invoices.fields.periodTo')} value={to} onChange={(event) => choose(setTo, event.target.value)} error={valid ? undefined : t('invoices.form.periodInvalid')} required />
            </div>
            {!valid ? null : clients.isError ? (
              <Alert tone="error" title={t('invoices.period.unavailable')}>
                {errorText(clients.error)}
              </Alert>
            ) : !clients.data ? (
              <Spinner className="mx-auto my-6 size-6 text-primary-700" label={t('invoices.period.loading')} />
            ) : rows.length === 0 ? (
              <EmptyState title={t('invoices.period.emptyTitle')} description={t('invoices.period.empty')} />
            ) : (
              <ClientChoices rows={rows} left={left} onChange={setLeft} money={money} />
            )}
            {valid && rows.length > 0 && <p className="text-sm font-medium text-slate-800">{t('invoices.period.chosen', { count: chosen.length, amount: money(sumCents(chosen.map((row) => row.subtotal_cents))) })}</p>}
          </>
        )}
        {running && <ProgressBar label={t('invoices.period.progressLabel')} value={progress.done} max={progress.total} />}
        <p role="status" aria-live="polite" className={running ? 'text-sm font-medium text-slate-800' : 'sr-only'}>
          {announcement}
        </p>
        {finished && <DraftSummary heading={summary} created={created} failed={failed} money={money} onOpen={onClose} />}
      </ModalBody>
      <ModalFooter>
        {outcomes.size === 0 || (running && !retrying) ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={running}>
              {t('actions.cancel')}
            </Button>
            <Button loading={running} disabled={!valid || chosen.length === 0} onClick={() => void start({ from, to }, chosen.map((row) => row.client))}>
              {count === 1 ? t('invoices.period.createOne') : t('invoices.period.createMany', { count })}
            </Button>
          </>
        ) : (
          <>
            {(running || failed.length > 0) && runPeriod && (
              <Button variant="secondary" loading={running} onClick={() => void start(runPeriod, failed.map((outcome) => outcome.client), true)}>
                {t('invoices.period.retry', { count: running ? progress.total : failed.length })}
              </Button>
            )}
            <Button onClick={onClose} disabled={running}>
              {t('actions.done')}
            </Button>
          </>
        )}
      </ModalFooter>
    </Modal>
  )
}

/** The clients to bill, each ticked unless left out, with what they have and come to; one box ticks or clears them all. */
function ClientChoices({ rows, left, onChange, money }: { rows: readonly UninvoicedClient[]; left: ReadonlySet<string>; onChange: (left: ReadonlySet<string>) => void; money: (cents: number) => string }) {
  const { t } = useTranslation('app')
  const toggle = (id: string, included: boolean) => {
    const next = new Set(left)
    if (included) next.delete(id)
    else next.add(id)
    onChange(next)
  }
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{t('invoices.period.clients')}</legend>
      <CheckboxField label={t('invoices.period.all', { count: rows.length })} checked={left.size === 0} onChange={(event) => onChange(event.target.checked ? new Set() : new Set(rows.map((row) => row.client.id)))} />
      <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
        {rows.map((row) => (
          <li key={row.client.id} className="px-3 py-2">
            <CheckboxField
              label={row.client.name}
              description={t('invoices.period.counts', { timesheets: row.timesheets, expenses: row.expenses, amount: money(row.subtotal_cents) })}
              checked={!left.has(row.client.id)}
              onChange={(event) => toggle(row.client.id, event.target.checked)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

/** What the run made: each draft linked to open it, and each client refused with the reason, in the reader's language. */
function DraftSummary({
  heading,
  created,
  failed,
  money,
  onOpen,
}: {
  heading: RefObject<HTMLHeadingElement | null>
  created: readonly MadeDraft[]
  failed: readonly RefusedDraft[]
  money: (cents: number) => string
  onOpen: () => void
}) {
  const { t } = useTranslation('app')
  return (
    <div className="space-y-4">
      <h3 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {t('invoices.period.summary')}
      </h3>
      {created.length > 0 && (
        <section aria-labelledby="invoice-period-created" className="space-y-2">
          <h4 id="invoice-period-created" className="text-sm font-semibold text-slate-800">
            {t('invoices.period.created', { count: created.length })}
          </h4>
          <ul className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg text-sm ring-1 ring-slate-200">
            {created.map(({ client, invoice }) => (
              <li key={client.id} className="flex justify-between gap-4 px-3 py-2">
                <Link href={paths.invoicesPreview.href({ id: invoice.id })} onClick={onOpen} className="font-medium text-primary-700 hover:text-primary-900 hover:underline">
                  {client.name}
                </Link>
                <span className="whitespace-nowrap text-slate-600">{t('invoices.period.withTax', { amount: money(invoice.total_cents) })}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {failed.length > 0 && (
        <Alert tone="error" title={t('invoices.period.failed', { count: failed.length })}>
          <ul className="space-y-1">
            {failed.map(({ client, error }) => (
              <li key={client.id}>{t('invoices.period.failure', { client: client.name, reason: errorText(error) })}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  )
}
