import { lazy } from 'react'
import { useTranslation } from 'react-i18next'
import type { CloseButtonProps, ToastContainerProps } from 'react-toastify/unstyled'

/**
 * The toasts of SPEC.md §9: top-right, gone after 5 s, paused while hovered or while the
 * window is in the background, dragged away past 80 %, announced as alerts, light theme,
 * and Alt+T moves focus to them.
 */
export const toastOptions = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
  role: 'alert',
  theme: 'light',
  hotKeys: (event: KeyboardEvent) => event.altKey && event.code === 'KeyT',
  newestOnTop: true,
  limit: 5,
} satisfies ToastContainerProps

/**
 * Shows a toast. The library loads with the first one, or when the container mounts;
 * toasts raised before the container is there wait for it.
 * @example
 * notify('success', t('register.welcome'))
 */
export async function notify(kind: 'success' | 'error' | 'info', message: string): Promise<void> {
  const { toast } = await import('react-toastify/unstyled')
  // The same message twice (two requests refused alike) is one toast.
  toast[kind](message, { toastId: `${kind}:${message}` })
}

/** The library's close button, named in the reader's language. */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation()
  return (
    <button type="button" className={`Toastify__close-button Toastify__close-button--${theme}`} aria-label={t('toasts.close')} onClick={() => closeToast(true)}>
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  )
}

/** Where toasts appear, announced politely, named with the hotkey that reaches them; its code arrives after the page. */
export const Toasts = lazy(async () => {
  const { ToastContainer } = await import('react-toastify/unstyled')
  function Container() {
    const { t } = useTranslation()
    return <ToastContainer {...toastOptions} aria-label={t('toasts.label')} closeButton={CloseButton} />
  }
  return { default: Container }
})
