import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from './icons.tsx'

const widths = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const

/**
 * A dialog over the page: focus is held inside and returns where it was, Escape and a
 * click outside close it unless `onClose` is withheld while work is in flight.
 * `alert` makes it an alertdialog, for the questions before a destructive action.
 * @example
 * <Modal open={open} onClose={() => setOpen(false)} title={t('app:locations.new')}>
 *   <form>…<ModalBody>…</ModalBody><ModalFooter>…</ModalFooter></form>
 * </Modal>
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  icon,
  size = 'md',
  alert = false,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  icon?: ReactNode
  size?: keyof typeof widths
  alert?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} role={alert ? 'alertdialog' : 'dialog'} className="fixed inset-0 z-50 overflow-y-auto">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity data-closed:opacity-0" />
      <div className="relative flex min-h-full items-start justify-center p-4 sm:items-center sm:p-6">
        <DialogPanel
          transition
          className={`relative w-full ${widths[size]} rounded-2xl bg-white shadow-xl transition data-closed:scale-95 data-closed:opacity-0`}
        >
          <div className="flex items-start gap-4 border-b border-slate-100 px-6 py-5">
            {icon}
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
              {description && <Description className="mt-1 text-sm text-slate-600">{description}</Description>}
            </div>
            <button type="button" onClick={onClose} className="-mr-2 rounded-lg p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
              <CloseIcon />
              <span className="sr-only">{t('dialog.close')}</span>
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** The dialog's content, padded like its header. */
export function ModalBody({ children }: { children: ReactNode }) {
  return <div className="space-y-5 px-6 py-5">{children}</div>
}

/** The dialog's buttons, the main one last (rightmost on wide screens, topmost on phones). */
export function ModalFooter({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 rounded-b-2xl border-t border-slate-100 bg-slate-50 px-6 py-4 sm:flex-row sm:justify-end">{children}</div>
}
