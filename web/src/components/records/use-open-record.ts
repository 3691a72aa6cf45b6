import { useLocation, useSearch } from 'wouter'
import { UUID } from '../../lib/use-list-query.ts'

/** The address parameter naming the record open in a screen's panel (SPEC.md §2: `/schedules?id=…`). */
const PARAM = 'id'
const NEW = 'new'

/**
 * The record a screen shows in its panel, kept in the address beside the list's query
 * (`/locations?q=maple&id=…`, or `id=new` for one being added), so a link or a notification
 * can open it, a reload keeps it open, and Back closes it: opening and closing are steps in
 * the history, like the list's pages and filters.
 * @example
 * const record = useOpenRecord()
 * <RecordName onOpen={() => record.open(location.id)}>{location.name}</RecordName>
 * {record.id && <LocationPanel id={record.id} onClose={record.close} />}
 */
export function useOpenRecord() {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const value = new URLSearchParams(search).get(PARAM)
  const go = (next: string | undefined) => {
    const params = new URLSearchParams(search)
    if (next === undefined) params.delete(PARAM)
    else params.set(PARAM, next)
    const query = params.toString()
    navigate(query ? `${location}?${query}` : location)
  }
  return {
    /** The id of the record open, if it is one (an id that is not a UUID is ignored). */
    id: value !== null && UUID.test(value) ? value : null,
    /** Whether the panel is open on a new record. */
    isNew: value === NEW,
    open: (id: string) => go(id),
    openNew: () => go(NEW),
    close: () => go(undefined),
  }
}
