import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { createContext, use, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../lib/error-text.ts'
import { useLeaveGuard } from '../../lib/use-leave-guard.ts'
import { Alert } from '../ui/alert.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { CloseIcon } from '../ui/icons.tsx'
import { Spinner } from '../ui/spinner.tsx'

/** How the panel's own buttons close it: through the same question about unsaved changes. */
const PanelClosing = createContext<{ requestClose: () => void; busy: boolean }>({ requestClose: () => {}, busy: false })

export interface RecordPanelProps {
  /** Whether the panel is shown; it slides in and out. */
  open: boolean
  /** Asked to close (Escape, the close button, a click beside it), once unsaved changes are given up. */
  onClose: () => void
  /** The record's name, or what is being added ("New client"). */
  title: string
  description?: ReactNode
  /** Beside the title: the record's StatusBadge. */
  status?: ReactNode
  /** Under the title: the record's RecordActions. */
  actions?: ReactNode
  /** The details form has changes not saved: closing, or leaving by a link, asks first. */
  dirty?: boolean
  /** Work is in flight (a save): the panel stays open until it ends. */
  busy?: boolean
  /** The Details tab: usually a form of RecordPanelBody and RecordPanelFooter. */
  children: ReactNode
  /** The History tab (a HistoryTab); without it, as for a new record, there are no tabs. */
  history?: ReactNode
}

const tabClass =
  '-mb-px border-b-2 border-transparent px-1 py-3 text-sm font-semibold text-slate-600 hover:text-slate-900 focus:outline-none data-focus:rounded data-focus:outline-2 data-focus:outline-primary-600 data-selected:border-primary-700 data-selected:text-primary-800'

/**
 * One record beside its list: a drawer from the right on a desk, the whole screen on a
 * phone, with the record's title, status and actions above two tabs, Details and History
 * (arrow keys move between them). Focus stays inside while it is open and returns where it
 * was; Escape closes it, asking first when the details have unsaved changes, and so does a
 * link elsewhere in the app or closing the tab. The Details tab stays mounted while History
 * is shown, so nothing typed is lost.
 * @example
 * <RecordPanel open onClose={record.close} title={location.name} dirty={dirty}
 *   status={<StatusBadge status={...} statuses={statuses} />} actions={<RecordActions … />}
 *   history={<HistoryTab route="locationHistory" id={location.id} fields={fields} />}>
 *   <form>…<RecordPanelBody>…</RecordPanelBody><RecordPanelFooter>…</RecordPanelFooter></form>
 * </RecordPanel>
 */
export function RecordPanel({ open, onClose, title, description, status, actions, dirty = false, busy = false, children, history }: RecordPanelProps) {
  const { t } = useTranslation('app')
  const [asking, setAsking] = useState(false)
  const guard = useLeaveGuard(open && dirty)
  const requestClose = () => {
    if (busy) return
    if (dirty) setAsking(true)
    else onClose()
  }
  const discard = () => {
    if (guard.asking) guard.leave()
    else {
      setAsking(false)
      onClose()
    }
  }
  const stay = () => {
    setAsking(false)
    guard.stay()
  }

  return (
    <PanelClosing value={{ requestClose, busy }}>
      <Dialog open={open} onClose={requestClose} className="relative z-50">
        <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
        <div className="fixed inset-0 flex justify-end sm:pl-16">
          <DialogPanel
            transition
            className="flex h-full w-full flex-col bg-white shadow-xl transition-transform duration-200 data-closed:translate-x-full sm:max-w-xl"
          >
            {/* A div, not a header: the dialog is not a sectioning element, so a header here would be a second banner of the page. */}
            <div className="flex items-start gap-4 border-b border-slate-100 px-6 pt-5 pb-4">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <DialogTitle className="text-lg font-bold break-words text-slate-900">{title}</DialogTitle>
                  {status}
                </div>
                {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
              </div>
              <button
                type="button"
                onClick={requestClose}
                disabled={busy}
                className="-mr-2 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:cursor-not-allowed"
              >
                <CloseIcon />
                <span className="sr-only">{t('records.panel.close')}</span>
              </button>
            </div>
            {actions && <div className="border-b border-slate-100 px-6 py-3">{actions}</div>}
            {history ? (
              <TabGroup className="flex min-h-0 flex-1 flex-col">
                <TabList className="flex gap-6 border-b border-slate-200 px-6">
                  <Tab className={tabClass}>{t('records.tabs.details')}</Tab>
                  <Tab className={tabClass}>{t('records.tabs.history')}</Tab>
                </TabList>
                <TabPanels className="min-h-0 flex-1 overflow-y-auto">
                  <TabPanel unmount={false} className="focus:outline-none">
                    {children}
                  </TabPanel>
                  <TabPanel className="px-6 py-5 focus:outline-none">{history}</TabPanel>
                </TabPanels>
              </TabGroup>
            ) : (
              <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
            )}
            <ConfirmDialog open={asking || guard.asking} title={t('records.unsaved.title')} confirmLabel={t('actions.discard')} onConfirm={discard} onClose={stay}>
              {t('records.unsaved.text')}
            </ConfirmDialog>
          </DialogPanel>
        </div>
      </Dialog>
    </PanelClosing>
  )
}

/** The Details tab's content, padded like the panel's header. */
export function RecordPanelBody({ children }: { children: ReactNode }) {
  return <div className="space-y-5 px-6 py-5">{children}</div>
}

/** The Details tab's buttons, kept in view at the foot of the panel, the main one last. */
export function RecordPanelFooter({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 flex flex-col-reverse gap-3 border-t border-slate-100 bg-slate-50 px-6 py-4 sm:flex-row sm:justify-end">{children}</div>
  )
}

/**
 * The Details tab's Cancel: closes the panel, asking first when there are unsaved changes;
 * waits while a save runs.
 * @example
 * <RecordPanelFooter><RecordPanelCancel>{t('actions.cancel')}</RecordPanelCancel><Button type="submit">…</Button></RecordPanelFooter>
 */
export function RecordPanelCancel({ children }: { children: ReactNode }) {
  const { requestClose, busy } = use(PanelClosing)
  return (
    <Button variant="secondary" onClick={requestClose} disabled={busy}>
      {children}
    </Button>
  )
}

/**
 * The panel while its record loads, or when it cannot be read (deleted in between, or an
 * address naming a record that is not there): a spinner, or why, and the way back.
 * @example
 * if (!location.data) return <RecordPanelPending error={location.error} onClose={record.close} />
 */
export function RecordPanelPending({ error, onClose }: { error?: unknown; onClose: () => void }) {
  const { t } = useTranslation('app')
  return (
    <RecordPanel open onClose={onClose} title={error ? t('records.panel.unavailable') : t('records.panel.loading')}>
      <RecordPanelBody>
        {error ? <Alert tone="error">{errorText(error)}</Alert> : <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('records.panel.loading')} />}
      </RecordPanelBody>
    </RecordPanel>
  )
}
