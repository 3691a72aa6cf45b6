import { useId, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ClipboardCheckIcon, CopyIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Modal, ModalBody, ModalFooter } from '../../../components/ui/dialog.tsx'

/**
 * The invitation link to pass on by hand, when this Rota sends no e-mail: shown in full,
 * selected for copying by keyboard, with a button that copies it (and says so).
 * @example
 * {link && <CopyLinkDialog email={member.email} link={link} onClose={() => setLink(null)} />}
 */
export function CopyLinkDialog({ email, link, onClose, extra }: { email: string; link: string; onClose: () => void; extra?: ReactNode }) {
  const { t } = useTranslation('app')
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      field.current?.select()
      setCopied(false)
    }
  }
  return (
    <Modal open onClose={onClose} title={t('invite.linkTitle')} description={t('invite.linkDescription', { email })}>
      <ModalBody>
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t('invite.link')}
          </label>
          <div className="mt-1.5 flex gap-2">
            <input
              ref={field}
              id={id}
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              className="block w-full min-w-0 rounded-lg border-0 bg-slate-50 px-3 py-2.5 font-mono text-xs text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? <ClipboardCheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
              {t('invite.copy')}
            </Button>
          </div>
          <p role="status" className="mt-1.5 min-h-5 text-sm text-primary-800">
            {copied === true ? t('invite.copied') : copied === false ? t('invite.copyByHand') : ''}
          </p>
        </div>
        <p className="text-sm text-slate-600">{t('invite.linkHint')}</p>
      </ModalBody>
      <ModalFooter>
        {extra}
        <Button onClick={onClose}>{t('actions.done')}</Button>
      </ModalFooter>
    </Modal>
  )
}
