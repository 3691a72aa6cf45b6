import { useEffect, useId, useRef, useState } from 'react'
import { SearchIcon } from './action-icons.tsx'

const DELAY_MS = 300

/**
 * A list's search box: the list follows the words typed once typing pauses, so each key
 * does not cost a request.
 * @example
 * <SearchField label={t('app:users.search')} value={list.q} onSearch={list.setQ} />
 */
export function SearchField({ label, value, onSearch, placeholder }: { label: string; value: string; onSearch: (text: string) => void; placeholder?: string }) {
  const id = useId()
  const [text, setText] = useState(value)
  const latest = useRef(onSearch)
  latest.current = onSearch
  const sent = useRef(value)
  // Only a search changed elsewhere (Back, a link) replaces the box's text; the one just sent
  // must not undo what was typed since.
  useEffect(() => {
    if (value !== sent.current) setText(value)
    sent.current = value
  }, [value])
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return undefined
    const timer = setTimeout(() => {
      sent.current = text.trim()
      latest.current(text.trim())
    }, DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])
  return (
    // A whole row of its own on a phone, so its placeholder is never cut; beside the filters from the small breakpoint.
    <div className="relative w-full sm:w-auto sm:max-w-xs sm:min-w-56 sm:flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        onChange={(event) => setText(event.target.value)}
        className="block h-10 w-full rounded-lg border-0 bg-white pr-3 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-primary-600 focus:outline-none"
      />
    </div>
  )
}

/**
 * A list's filter: a compact native select named for screen readers; the first option shows everything.
 * @example
 * <FilterSelect label={t('app:users.filterRole')} value={list.filter('role')} onChange={(value) => list.setFilter('role', value)}
 *   options={[{ value: '', label: t('app:users.allRoles') }, …]} />
 */
export function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: readonly { value: string; label: string }[] }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block h-10 rounded-lg border-0 bg-white py-0 pr-8 pl-3 text-sm text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
