import { useLocation, useSearch } from 'wouter'

/** A record id as the API writes them. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Which values a filter takes: a fixed list, or any record id. */
export type FilterValues = readonly string[] | 'id'

export interface ListQueryOptions<S extends string, F extends Record<string, FilterValues>> {
  sorts: readonly S[]
  defaultSort: S
  filters: F
  pageSize?: number
}

/** The value a filter takes: one of its list, or an id. */
type FilterValue<V extends FilterValues> = V extends readonly (infer Value)[] ? Value : string

/** What a list asks the API for (DESIGN.md §4). */
export interface ListRequest<S extends string, F extends Record<string, FilterValues>> {
  page: number
  page_size: number
  sort: S
  order: 'asc' | 'desc'
  q?: string
  filter?: { [K in keyof F]?: FilterValue<F[K]> }
}

function accepted(values: FilterValues, value: string | null): value is string {
  if (value === null || value === '') return false
  return values === 'id' ? UUID.test(value) : values.includes(value)
}

/**
 * A list's search, filters, sort and page, kept in the address (`/users?q=ana&status=active&page=2`),
 * so a list can be bookmarked, shared and found again with Back: each page, sort and filter is
 * a step in the history (Back returns to the previous page of the list); a search replaces the
 * step it was typed in. Unknown values are ignored; changing the search, a filter or the sort
 * starts again from the first page.
 * @example
 * const list = useListQuery({ sorts: ['name', 'email'], defaultSort: 'name', filters: { role: 'id', status: USER_STATUSES } })
 * useUsers(list.request)
 */
export function useListQuery<S extends string, const F extends Record<string, FilterValues>>(options: ListQueryOptions<S, F>) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const params = new URLSearchParams(search)
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const sortParam = params.get('sort')
  const sort = options.sorts.find((candidate) => candidate === sortParam) ?? options.defaultSort
  const order = params.get('order') === 'desc' ? 'desc' : 'asc'
  const q = params.get('q')?.trim() ?? ''
  const filters: Partial<Record<keyof F & string, string>> = {}
  for (const name of Object.keys(options.filters) as (keyof F & string)[]) {
    const value = params.get(name)
    if (accepted(options.filters[name] as FilterValues, value)) filters[name] = value
  }

  const update = (changes: Record<string, string | undefined>, { keepPage = false, replace = false } = {}) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key)
      else next.set(key, value)
    }
    if (!keepPage) next.delete('page')
    const query = next.toString()
    navigate(query ? `${location}?${query}` : location, { replace })
  }

  const request: ListRequest<S, F> = {
    page,
    page_size: options.pageSize ?? 20,
    sort,
    order,
    ...(q ? { q } : {}),
    ...(Object.keys(filters).length > 0 ? { filter: filters as ListRequest<S, F>['filter'] } : {}),
  }

  return {
    request,
    page,
    pageSize: request.page_size,
    sort: { key: sort as string, order } as const,
    q,
    filter: (name: keyof F & string) => filters[name] ?? '',
    /** Whether a search or a filter narrows the list, for an empty list to say "no match" rather than "nothing yet". */
    narrowed: q !== '' || Object.keys(filters).length > 0,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }, { keepPage: true }),
    /** A page past the last (an old link, the last record of a page deleted) becomes the last page, in place. */
    settlePage: (count: number) => {
      const last = Math.max(1, Math.ceil(count / request.page_size))
      if (page > last) update({ page: last > 1 ? String(last) : undefined }, { keepPage: true, replace: true })
    },
    toggleSort: (key: string) => update({ sort: key, order: sort === key && order === 'asc' ? 'desc' : 'asc' }),
    // Typing a search is one step, however many pauses it takes, so it replaces rather than piles up.
    setQ: (text: string) => update({ q: text }, { replace: true }),
    setFilter: (name: keyof F & string, value: string) => update({ [name]: value }),
  }
}
