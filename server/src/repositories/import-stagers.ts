import { CSV_COLUMNS, importKey, type CellError, type CreateLocationBody, type CreateServiceBody, type ImportKind, type NamedCsvKind } from '@rota/core'
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/database.ts'
import { locationKeys, serviceKeys } from '../db/text-keys.ts'
import { getSettings } from './businesses.ts'
import { shiftStager } from './import-shifts.ts'
import type { JobRow } from './imports.ts'

/*
 * How each kind's checked rows are staged in import_rows: which columns they fill and
 * with what. Clients and services fill their table's own columns, keyed by name; shifts
 * their person, client and service by key and their instants (import-shifts.ts).
 */

/** The tables a re-import updates by name, and the columns it writes: the create body's fields and their folded search and sort keys. */
export const NAMED: Record<NamedCsvKind, { table: string; columns: string[] }> = {
  locations: {
    table: 'locations',
    columns: ['name', 'contact_person', 'email', 'phone', 'street', 'city', 'province', 'postal_code', 'latitude', 'longitude', 'billing_notes', 'active', 'search_key', 'sort_key', 'city_key'],
  },
  services: {
    table: 'services',
    columns: ['name', 'description', 'colour', 'default_duration_minutes', 'bill_rate_cents', 'pay_rate_cents', 'active', 'search_key', 'sort_key'],
  },
}

/** The table an import of each kind writes to. */
export const importTable = (kind: ImportKind): string => (kind === 'shifts' ? 'shifts' : NAMED[kind].table)

export type Field = string | number | boolean | null

/** A checked row as it is staged: its import key, the id its record gets if the row creates it, its staged fields. */
export type Staged = { key: string | null; recordId: string | null; field: (column: string) => Field } | { errors: CellError[] }

/** How a kind's checked rows are staged. */
export interface Stager {
  /** The staging columns a row fills, after its place, key, errors and record id. */
  columns: readonly string[]
  stage(value: unknown): Staged
  /** For a refused row, the staging columns still worth filling from its valid fields (`partial`), so the commit can check what they name too. */
  refused?(partial: Readonly<Record<string, unknown>>): Record<string, Field>
  /** The CSV column a staging column comes from, to name it in a row's errors. */
  source(column: string): string
}

/** A client or service: keyed by its name, its fields from its create body or from the keys it is searched and sorted by. */
function namedStager(kind: NamedCsvKind): Stager {
  return {
    columns: NAMED[kind].columns,
    stage(value) {
      const keys: Record<string, string> = kind === 'locations' ? locationKeys(value as CreateLocationBody) : serviceKeys(value as CreateServiceBody)
      const body = value as Record<string, Field>
      return { key: importKey(kind, value as { name: string }), recordId: randomUUID(), field: (column) => (column in keys ? keys[column]! : body[column]!) }
    },
    source: (column) => CSV_COLUMNS[kind].find((candidate) => candidate.field === column)?.key ?? column,
  }
}

/** The stager of a job's kind; shifts are placed on the business's clock. */
export async function stagerOf(db: Db, job: Pick<JobRow, 'kind' | 'business_id'>): Promise<Stager> {
  const kind = job.kind as ImportKind
  if (kind !== 'shifts') return namedStager(kind)
  const { timezone } = await getSettings(db, job.business_id)
  return shiftStager(timezone)
}

