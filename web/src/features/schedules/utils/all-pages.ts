/** The most rows a list answers with in one page. */
export const LIST_PAGE_MAX = 100

/**
 * Every row of a paged list: the first page says how many there are, the others are asked for
 * together. The board needs the whole team, every client and service, not a page of them.
 * @example
 * const team = await allPages((page) => api.listUsers({ query: { page, page_size: LIST_PAGE_MAX } }))
 */
export async function allPages<T>(fetchPage: (page: number) => Promise<{ count: number; rows: T[] }>): Promise<T[]> {
  const first = await fetchPage(1)
  const pages = Math.ceil(first.count / LIST_PAGE_MAX)
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => fetchPage(index + 2)))
  return [...first.rows, ...rest.flatMap((page) => page.rows)]
}
