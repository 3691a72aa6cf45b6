import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { FilterSelect, SearchField } from '../../../components/ui/search-field.tsx'
import type { BoardFilters, Client, Person, RowsBy } from '../utils/board-rows.ts'
import type { ServiceChoice } from './shift-form.tsx'

/** Two or three buttons of which one is chosen, announced as pressed. */
export function Toggle<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg bg-slate-100 p-0.5">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`rounded-md px-3 py-1.5 text-sm font-medium ${option.value === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}

/**
 * The period shown and how to move through it: back, today, forward, its name.
 * @example
 * <PeriodNavigation label="Mar 8 – 14, 2026" onPrevious={…} onToday={…} onNext={…} previousLabel="Previous week" nextLabel="Next week" />
 */
export function PeriodNavigation({ label, previousLabel, nextLabel, onPrevious, onToday, onNext }: { label: string; previousLabel: string; nextLabel: string; onPrevious: () => void; onToday: () => void; onNext: () => void }) {
  const { t } = useTranslation('app')
  return (
    <div className="flex items-center gap-2">
      <Button variant="secondary" size="sm" onClick={onPrevious} aria-label={previousLabel} title={previousLabel}>
        <ChevronLeftIcon className="size-4" />
      </Button>
      <Button variant="secondary" size="sm" onClick={onToday}>
        {t('schedules.board.today')}
      </Button>
      <Button variant="secondary" size="sm" onClick={onNext} aria-label={nextLabel} title={nextLabel}>
        <ChevronRightIcon className="size-4" />
      </Button>
      <h2 className="ml-1 text-base font-semibold text-slate-900" aria-live="polite">
        {label}
      </h2>
    </div>
  )
}

interface ToolbarProps {
  /** A phone: a day at a time (no choice of view), the search and filters folded away until asked for. */
  compact?: boolean
  view: 'week' | 'day'
  by: RowsBy
  filters: BoardFilters
  people: readonly Person[]
  clients: readonly Client[]
  services: readonly ServiceChoice[]
  navigation: ReactNode
  onView: (view: 'week' | 'day') => void
  onBy: (by: RowsBy) => void
  onFilters: (filters: BoardFilters) => void
}

/**
 * The board's controls: where in time, week or day, rows by staff or by client, and the
 * filters (client, service, person, role) and search that narrow it at once.
 * @example
 * <BoardToolbar view="week" by="staff" filters={filters} … />
 */
export function BoardToolbar({ compact = false, view, by, filters, people, clients, services, navigation, onView, onBy, onFilters }: ToolbarProps) {
  const { t } = useTranslation('app')
  const active = Object.values(filters).filter((value) => value !== '').length
  const narrowing = <Filters filters={filters} people={people} clients={clients} services={services} onFilters={onFilters} />
  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {navigation}
        <div className="flex flex-wrap gap-2">
          {!compact && (
            <Toggle label={t('schedules.board.viewLabel')} value={view} onChange={onView} options={[{ value: 'week', label: t('schedules.board.week') }, { value: 'day', label: t('schedules.board.day') }]} />
          )}
          <Toggle label={t('schedules.board.rowsLabel')} value={by} onChange={onBy} options={[{ value: 'staff', label: t('schedules.board.byStaff') }, { value: 'client', label: t('schedules.board.byClient') }]} />
        </div>
      </div>
      {compact ? (
        <Disclosure>
          <DisclosureButton className="group flex items-center gap-1 text-sm font-medium text-primary-800 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none">
            <ChevronRightIcon className="size-4 transition-transform group-data-open:rotate-90" />
            {active > 0 ? t('schedules.phone.filtersOn', { count: active }) : t('schedules.phone.filters')}
          </DisclosureButton>
          <DisclosurePanel className="mt-3">{narrowing}</DisclosurePanel>
        </Disclosure>
      ) : (
        narrowing
      )}
    </div>
  )
}

/** The search and the filters. */
function Filters({ filters, people, clients, services, onFilters }: Pick<ToolbarProps, 'filters' | 'people' | 'clients' | 'services' | 'onFilters'>) {
  const { t } = useTranslation('app')
  const roles = [...new Map(people.flatMap((person) => (person.role ? [[person.role.id, person.role.name] as const] : []))).entries()]
  const set = (name: keyof BoardFilters) => (value: string) => onFilters({ ...filters, [name]: value })
  return (
    <div className="flex flex-wrap items-center gap-2">
      <SearchField label={t('schedules.board.search')} value={filters.search} onSearch={set('search')} />
      <FilterSelect label={t('schedules.board.filterClient')} value={filters.client} onChange={set('client')} options={[{ value: '', label: t('schedules.board.allClients') }, ...clients.map((client) => ({ value: client.id, label: client.name }))]} />
      <FilterSelect label={t('schedules.board.filterService')} value={filters.service} onChange={set('service')} options={[{ value: '', label: t('schedules.board.allServices') }, ...services.map((service) => ({ value: service.id, label: service.name }))]} />
      <FilterSelect
        label={t('schedules.board.filterStaff')}
        value={filters.staff}
        onChange={set('staff')}
        options={[{ value: '', label: t('schedules.board.allStaff') }, { value: 'open', label: t('schedules.board.openShifts') }, ...people.map((person) => ({ value: person.id, label: person.name }))]}
      />
      {roles.length > 0 && (
        <FilterSelect label={t('schedules.board.filterRole')} value={filters.role} onChange={set('role')} options={[{ value: '', label: t('schedules.board.allRoles') }, ...roles.map(([id, name]) => ({ value: id, label: name }))]} />
      )}
    </div>
  )
}
