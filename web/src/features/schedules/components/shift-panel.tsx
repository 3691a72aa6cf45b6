import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { ApiError } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { CloseIcon } from '../../../components/ui/icons.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { useShift } from '../api/get-shift.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { Client, Person } from '../utils/board-rows.ts'
import { ShiftActions } from './shift-actions.tsx'
import { ShiftFormView, type ServiceChoice, type ShiftDefaults } from './shift-form.tsx'

/** What the panel shows: a new shift from a cell, or a shift by id (also from a notification's link). */
export type PanelTarget = { kind: 'new'; defaults: ShiftDefaults } | { kind: 'edit'; id: string }

interface PanelProps {
  target: PanelTarget
  people: readonly Person[]
  clients: readonly Client[]
  services: readonly ServiceChoice[]
  words: ShiftWords
  canDelete: boolean
  onClose: () => void
}

/**
 * The side panel where a scheduler writes a shift or changes one, with its conflicts listed
 * live and its actions; on a phone it takes the whole screen. Escape or the close button
 * leaves it, and focus returns to the card or cell that opened it.
 * @example
 * {target && <ShiftPanel target={target} … onClose={() => setTarget(null)} />}
 */
export function ShiftPanel({ target, people, clients, services, words, canDelete, onClose }: PanelProps) {
  const { t } = useTranslation('app')
  return (
    <Dialog open onClose={onClose} className="relative z-40">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/30 transition-opacity data-closed:opacity-0" />
      <DialogPanel
        transition
        className="fixed inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-2xl transition-transform data-closed:translate-x-full"
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
          <DialogTitle className="text-lg font-bold text-slate-900">{target.kind === 'new' ? t('schedules.panel.newTitle') : t('schedules.panel.editTitle')}</DialogTitle>
          <button type="button" onClick={onClose} className="-mr-2 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
            <CloseIcon />
            <span className="sr-only">{t('schedules.panel.close')}</span>
          </button>
        </div>
        <div className="flex-1 space-y-6 overflow-y-auto px-5 py-5">
          {target.kind === 'new' ? (
            <ShiftFormView shift={null} defaults={target.defaults} people={people} clients={clients} services={services} words={words} onDone={onClose} />
          ) : (
            <EditShift id={target.id} people={people} clients={clients} services={services} words={words} canDelete={canDelete} onClose={onClose} />
          )}
        </div>
      </DialogPanel>
    </Dialog>
  )
}

function EditShift({ id, people, clients, services, words, canDelete, onClose }: Omit<PanelProps, 'target'> & { id: string }) {
  const { t } = useTranslation('app')
  const loaded = useShift(id)
  if (loaded.isPending) return <Spinner className="mx-auto size-6 text-primary-700" label={t('schedules.panel.loading')} />
  if (loaded.isError) {
    const gone = loaded.error instanceof ApiError && loaded.error.status === 404
    return <Alert tone="error">{gone ? t('schedules.panel.gone') : errorText(loaded.error)}</Alert>
  }
  const shift = loaded.data
  const editable = shift.status === 'draft' || shift.status === 'published'
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={shift.status === 'published' ? 'green' : shift.status === 'cancelled' ? 'red' : 'slate'}>{words.status(shift.status)}</Badge>
        {shift.pending_change && <Badge tone="amber">{t('schedules.panel.pending', { change: words.change(shift.pending_change) })}</Badge>}
        {shift.series_id && <Badge tone="teal">{t('schedules.panel.series')}</Badge>}
      </div>
      {editable ? (
        <ShiftFormView
          key={shift.version}
          shift={shift}
          defaults={{ date: shift.date }}
          people={people}
          clients={clients}
          services={services}
          words={words}
          onDone={onClose}
          onReload={() => void loaded.refetch()}
        />
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{t('schedules.form.staff')}</dt>
          <dd>{shift.staff?.name ?? t('schedules.card.open')}</dd>
          <dt className="text-slate-500">{t('schedules.form.client')}</dt>
          <dd>{shift.location.name}</dd>
          <dt className="text-slate-500">{t('schedules.form.service')}</dt>
          <dd>{shift.service.name}</dd>
          <dt className="text-slate-500">{t('schedules.form.date')}</dt>
          <dd>
            {words.longDay(shift.date)}, {words.time(shift)}
          </dd>
        </dl>
      )}
      <ShiftActions shift={shift} people={people} words={words} canDelete={canDelete} onGone={onClose} />
    </>
  )
}
