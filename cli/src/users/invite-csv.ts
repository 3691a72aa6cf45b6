import { CliError, EXIT } from '../errors.ts'
import { openCsv, readCsv } from '../import/csv-source.ts'

/** One person to invite, from a row of the file. */
export interface InviteRow {
  line: number
  email: string
  firstname: string
  lastname: string
  role: string
}

type Field = keyof Omit<InviteRow, 'line'>

/** Headers read as each field, folded: English, French and Spanish. */
const ALIASES: Record<Field, string[]> = {
  email: ['email', 'e_mail', 'courriel', 'adresse_courriel', 'correo', 'correo_electronico'],
  firstname: ['firstname', 'first_name', 'given_name', 'prenom', 'nombre'],
  lastname: ['lastname', 'last_name', 'surname', 'family_name', 'nom', 'nom_de_famille', 'apellido'],
  role: ['role', 'role_name', 'rol'],
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')

function fieldOf(header: string): Field | undefined {
  const folded = fold(header)
  return (Object.keys(ALIASES) as Field[]).find((field) => ALIASES[field].includes(folded))
}

/**
 * Reads the people of `rota users invite --csv`: columns email and role, and optionally
 * firstname and lastname (else the invitee gives them), French and Spanish headers too;
 * `defaultRole` fills an empty or missing role column. Unknown columns are refused
 * rather than silently ignored.
 * @example
 * for await (const row of inviteRows('team.csv', 'Staff')) invite(row)
 */
export async function* inviteRows(file: string, defaultRole: string | undefined): AsyncGenerator<InviteRow> {
  let fields: (Field | undefined)[] = []
  const onHeader = (headers: string[]) => {
    fields = headers.map(fieldOf)
    const unknown = headers.filter((header, index) => header.trim() !== '' && !fields[index])
    const missing = (['email', ...(defaultRole ? [] : ['role'])] as Field[]).filter((field) => !fields.includes(field))
    const problems = [
      ...unknown.map((header) => `Unknown column "${header.trim()}": the columns are email, firstname, lastname, role`),
      ...missing.map((field) => `Missing column "${field}"${field === 'role' ? ' (or pass --role)' : ''}`),
    ]
    if (problems.length > 0) throw new CliError(`${file}: ${problems.join('; ')}`, EXIT.validation)
  }
  for await (const { line, cells } of readCsv(openCsv(file), { name: file, onHeader })) {
    const row: InviteRow = { line, email: '', firstname: '', lastname: '', role: defaultRole ?? '' }
    Object.entries(cells).forEach(([header, cell]) => {
      const field = fieldOf(header)
      if (field && cell.trim() !== '') row[field] = cell.trim()
    })
    yield row
  }
}
