import { lazy } from 'react'
import type { ToastContainerProps } from 'react-toastify/unstyled'

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

/** Where toasts appear; its code arrives after the page. */
export const Toasts = lazy(async () => {
  const { ToastContainer } = await import('react-toastify/unstyled')
  return { default: () => <ToastContainer {...toastOptions} /> }
})
