/** What waits for the reader (unread chat messages), shown before every page's title. */
let waiting = 0

const strip = (title: string) => title.replace(/^\(\d+\+?\) /, '')

/**
 * A page's title with what waits before it: `(3) Chat · Rota`.
 * @example
 * document.title = documentTitle(t('documentTitle', { page: title }))
 */
export function documentTitle(title: string): string {
  return waiting > 0 ? `(${waiting > 99 ? '99+' : waiting}) ${strip(title)}` : strip(title)
}

/**
 * Sets how many wait, and shows it in the current title at once (later pages' titles follow).
 * @example
 * setTitleCount(unread.total)
 */
export function setTitleCount(count: number): void {
  waiting = count
  const next = documentTitle(document.title)
  if (document.title !== next) document.title = next
}
