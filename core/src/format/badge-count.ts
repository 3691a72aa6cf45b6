/** Above this the badge stops counting (SPEC.md §2). */
export const BADGE_COUNT_CAP = 99

/**
 * The text of a count badge such as the notification bell's. Nothing to count gives
 * an empty string, so the badge is not drawn at all rather than showing a "0" that
 * looks like news; anything above 99 reads 99+.
 * @example
 * formatBadgeCount(7)   // '7'
 * formatBadgeCount(120) // '99+'
 * formatBadgeCount(0)   // ''
 */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count < 1) return ''
  if (count > BADGE_COUNT_CAP) return `${BADGE_COUNT_CAP}+`
  return String(Math.floor(count))
}
