import { useSyncExternalStore } from 'react'

/**
 * Whether the screen matches a CSS media query, following it as the phone turns or the
 * window is resized; false where the browser cannot tell.
 * @example
 * const phone = useMediaQuery('(max-width: 639.98px)')
 */
export function useMediaQuery(media: string): boolean {
  const list = () => (typeof window.matchMedia === 'function' ? window.matchMedia(media) : null)
  return useSyncExternalStore(
    (changed) => {
      const current = list()
      current?.addEventListener('change', changed)
      return () => current?.removeEventListener('change', changed)
    },
    () => list()?.matches ?? false,
    () => false,
  )
}
