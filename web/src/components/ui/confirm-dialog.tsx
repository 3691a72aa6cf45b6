import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'
import { Modal, ModalBody, ModalFooter } from './dialog.tsx'
import { WarningIcon } from './icons.tsx'

/**
 * The question before a destructive action: what will happen, Cancel, and the action
 * named on its button. A refusal (the server's message) stays in the dialog; it cannot
 * be dismissed while the action runs.
 * @example
 * <ConfirmDialog open={!!target} title={t('app:locations.deleteTitle')} confirmLabel={t('app:actions.delete')}
 *   pending={remove.isPending} error={remove.error?.message} onConfirm={() => remove.mutate(target)} onClose={close}>
 *   {t('app:locations.deleteText', { name })}
 * </ConfirmDialog>
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = 'danger',
  pending = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  tone?: 'danger' | 'primary'
  pending?: boolean
  error?: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const icon = (
    <span className={`grid size-10 shrink-0 place-items-center rounded-full ${tone === 'danger' ? 'bg-red-50 text-red-700' : 'bg-tertiary-100 text-tertiary-800'}`}>
      <WarningIcon className="size-5" />
    </span>
  )
  return (
    <Modal open={open} onClose={pending ? () => {} : onClose} title={title} icon={icon} alert>
      <ModalBody>
        <div className="text-sm text-slate-700">{children}</div>
        {error && <Alert tone="error">{error}</Alert>}
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('dialog.cancel')}
        </Button>
        <Button variant={tone} loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </ModalFooter>
    </Modal>
  )
}
