import { useMediaQuery } from '../../../lib/use-media-query.ts'

/**
 * Whether the screen is phone-sized (narrower than Tailwind's `sm`, 640 px), following it as
 * it turns or the window is resized: the board is then a day at a time instead of a week's
 * grid too wide to read.
 * @example
 * const phone = useNarrowScreen()
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery('(max-width: 639.98px)')
}
