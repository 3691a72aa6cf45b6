import { useSyncExternalStore } from 'react'

/** Narrower than Tailwind's `sm` breakpoint (640 px): a phone held upright. */
const NARROW = '(max-width: 639.98px)'

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null)

function subscribe(changed: () => void): () => void {
  const list = query()
  list?.addEventListener('change', changed)
  return () => list?.removeEventListener('change', changed)
}

/**
 * Whether the screen is phone-sized, following it as it turns or the window is resized: the
 * board is then a day at a time instead of a week's grid too wide to read.
 * @example
 * const phone = useNarrowScreen()
 */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false)
}
