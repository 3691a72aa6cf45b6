import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** An option of a select: a record's id and its name. */
export interface Choice {
  value: string
  label: string
}

/**
 * The team members, clients and services a manager may add hours for, as select options
 * (the first hundred of each, by name).
 * @example
 * const { staff, locations, services } = useTimesheetChoices()
 */
export function useTimesheetChoices() {
  const api = useApi()
  const staff = useQuery({
    queryKey: ['timesheet-choices', 'staff'],
    queryFn: async ({ signal }) => (await api.listUsers({ query: { page_size: 100, sort: 'name', filter: { status: 'active' } } }, { silent: true, signal })).rows.map((user) => ({ value: user.id, label: `${user.firstname} ${user.lastname}`.trim() || user.email })),
  })
  const locations = useQuery({
    queryKey: ['timesheet-choices', 'locations'],
    queryFn: async ({ signal }) => (await api.listLocations({ query: { page_size: 100, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })).rows.map((row) => ({ value: row.id, label: row.name })),
  })
  const services = useQuery({
    queryKey: ['timesheet-choices', 'services'],
    queryFn: async ({ signal }) => (await api.listServices({ query: { page_size: 100, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })).rows.map((row) => ({ value: row.id, label: row.name })),
  })
  return { staff: staff.data ?? [], locations: locations.data ?? [], services: services.data ?? [], loading: staff.isPending || locations.isPending || services.isPending }
}
