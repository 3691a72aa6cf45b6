import { readDecimal, readDollars, readLocalDate, readLocalTime, readProvince, readStartTime, readWholeNumber, readYesNo, fold, type CellRead } from './cells.ts'

/** What can be imported from a CSV file. */
export const CSV_KINDS = ['locations', 'services', 'shifts'] as const
export type CsvKind = (typeof CSV_KINDS)[number]
/** The kinds whose rows are records with a unique name: a re-import updates them by name. */
export type NamedCsvKind = Exclude<CsvKind, 'shifts'>

/** One column of an import file. */
export interface CsvColumn {
  /** The header Rota writes in its templates. */
  key: string
  /** The field of the create body the cell fills. */
  field: string
  required: boolean
  /** Other headers read as this column, folded (see `fold`): French, Spanish, common variants. */
  aliases: readonly string[]
  /** Turns a non-empty, trimmed cell into the field's value; text fields take the cell as is. */
  read?: (text: string) => CellRead<unknown>
  /** Written by Rota's export and accepted back, but not read: an import does not set it (a shift's status). */
  readOnly?: true
}

const column = (key: string, required: boolean, aliases: string[], read?: CsvColumn['read'], field = key): CsvColumn => ({
  key,
  field,
  required,
  aliases,
  ...(read ? { read } : {}),
})

/** The columns of each import, in template order. */
export const CSV_COLUMNS: Readonly<Record<CsvKind, readonly CsvColumn[]>> = {
  locations: [
    column('name', true, ['nom', 'nombre', 'client', 'client_name', 'nom_du_client', 'location', 'location_name']),
    column('contact_person', false, ['contact', 'contact_name', 'personne_ressource', 'personne_contact', 'contacto', 'persona_de_contacto']),
    column('email', false, ['e_mail', 'courriel', 'adresse_courriel', 'correo', 'correo_electronico']),
    column('phone', false, ['telephone', 'tel', 'phone_number', 'numero_de_telephone', 'telefono']),
    column('street', true, ['address', 'street_address', 'adresse', 'rue', 'direccion', 'calle']),
    column('city', true, ['ville', 'municipalite', 'municipality', 'ciudad']),
    column('province', true, ['prov', 'province_code', 'territory', 'provincia'], readProvince),
    column('postal_code', true, ['postal', 'postcode', 'code_postal', 'codigo_postal']),
    column('latitude', false, ['lat', 'latitud'], readDecimal),
    column('longitude', false, ['lng', 'lon', 'long', 'longitud'], readDecimal),
    column('billing_notes', false, ['billing', 'notes', 'notes_de_facturation', 'notes_facturation', 'facturation', 'notas', 'notas_de_facturacion', 'notas_facturacion']),
    column('active', false, ['actif', 'activo'], readYesNo),
  ],
  services: [
    column('name', true, ['nom', 'nombre', 'service', 'service_name', 'nom_du_service', 'servicio']),
    column('description', false, ['descripcion']),
    column('colour', false, ['color', 'couleur']),
    column('default_duration_minutes', false, ['duration', 'duration_minutes', 'default_duration', 'duree', 'duree_minutes', 'duracion', 'duracion_minutos', 'minutes'], readWholeNumber),
    column('bill_rate', true, ['billing_rate', 'bill_rate_dollars', 'taux_facture', 'taux_de_facturation', 'tarif', 'tarifa', 'tarifa_de_facturacion'], readDollars, 'bill_rate_cents'),
    column('pay_rate', true, ['pay', 'wage', 'pay_rate_dollars', 'taux_de_paie', 'taux_de_remuneration', 'salaire', 'tarifa_de_pago', 'salario'], readDollars, 'pay_rate_cents'),
    column('active', false, ['actif', 'activo'], readYesNo),
  ],
  shifts: [
    column('staff_email', false, ['staff', 'email', 'e_mail', 'staff_e_mail', 'employee', 'employee_email', 'courriel', 'employe', 'courriel_de_l_employe', 'personnel', 'empleado', 'correo', 'correo_electronico', 'correo_del_empleado']),
    column('client', true, ['client_name', 'location', 'location_name', 'nom_du_client', 'lieu', 'cliente', 'nombre_del_cliente']),
    column('service', true, ['service_name', 'nom_du_service', 'servicio', 'nombre_del_servicio']),
    column('date', true, ['day', 'shift_date', 'jour', 'date_du_quart', 'fecha', 'dia'], readLocalDate),
    column('start', true, ['start_time', 'starts', 'from', 'debut', 'heure_de_debut', 'inicio', 'hora_de_inicio', 'desde'], readStartTime),
    column('end', true, ['end_time', 'ends', 'to', 'fin', 'heure_de_fin', 'hora_de_fin', 'hasta'], readLocalTime),
    column('break_minutes', false, ['break', 'unpaid_break', 'break_min', 'pause', 'pause_minutes', 'descanso', 'pausa', 'minutos_de_descanso'], readWholeNumber),
    column('notes', false, ['note', 'comments', 'remarques', 'commentaires', 'notas', 'comentarios']),
    { ...column('status', false, ['statut', 'estado']), readOnly: true },
  ],
}

/**
 * The column a header names, whatever its case, accents, spacing or language.
 * @example
 * csvColumn('locations', ' Code postal ')?.key // 'postal_code'
 */
export function csvColumn(kind: CsvKind, header: string): CsvColumn | undefined {
  const folded = fold(header)
  return CSV_COLUMNS[kind].find((candidate) => candidate.key === folded || candidate.aliases.includes(folded))
}

/** What a header row means for an import; `problems` are ready to show. */
export interface CsvHeaderCheck {
  ok: boolean
  unknown: string[]
  missing: string[]
  problems: string[]
}

/**
 * Checks an import file's header row before any row is read: every required column
 * present, no column twice (say `name` and `nom`), nothing Rota would silently ignore.
 * Blank headers, such as the trailing empty columns spreadsheets write, are ignored.
 * @example
 * checkCsvHeader('services', ['Nom', 'Taux facturé', 'Pay rate', 'Colour']).ok // true
 */
export function checkCsvHeader(kind: CsvKind, headers: readonly string[]): CsvHeaderCheck {
  const columns = CSV_COLUMNS[kind]
  const seen = new Map<string, string>()
  const unknown: string[] = []
  const problems: string[] = []
  for (const header of headers) {
    if (header.trim() === '') continue
    const match = csvColumn(kind, header)
    if (!match) {
      unknown.push(header)
      problems.push(`Unknown column "${header.trim()}": the columns are ${columns.map((candidate) => candidate.key).join(', ')}`)
      continue
    }
    const earlier = seen.get(match.key)
    if (earlier !== undefined) problems.push(`Columns "${earlier.trim()}" and "${header.trim()}" both mean "${match.key}": keep one`)
    else seen.set(match.key, header)
  }
  const missing = columns.filter((candidate) => candidate.required && !seen.has(candidate.key)).map((candidate) => candidate.key)
  for (const key of missing) problems.push(`Missing required column "${key}"`)
  return { ok: problems.length === 0, unknown, missing, problems }
}
