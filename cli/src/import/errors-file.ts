import { neutraliseCsvCell, type ImportRowError } from '@rota/core'
import { stringify } from 'csv-stringify'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { openCsv, readCsv } from './csv-source.ts'

/** `postal_code: Use a postal code such as K1A 0B1; name: Required` */
export function reasons(error: ImportRowError): string {
  return error.errors.map(({ column, message }) => `${column}: ${message}`).join('; ')
}

/**
 * Writes the rejected rows of an import to `output`: each with its line in the source
 * file and the reasons, then its cells under the source's headers. The source is read a
 * second time rather than keeping rows in memory, and cells are neutralised as every
 * CSV Rota writes is (DESIGN.md §5).
 * @example
 * await writeRejectedRows('clients.csv', 'rejected.csv', outcome.errors)
 */
export async function writeRejectedRows(source: string, output: string, errors: readonly ImportRowError[]): Promise<void> {
  const byLine = new Map(errors.map((error) => [error.line, error]))
  let headers: string[] = []
  const csv = stringify({ bom: true, record_delimiter: 'windows' })
  const done = pipeline(csv, createWriteStream(output, { mode: 0o600 }))
  const onHeader = (found: string[]) => {
    headers = found.filter((header) => header.trim() !== '')
    csv.write(['line', 'errors', ...headers])
  }
  for await (const row of readCsv(openCsv(source), { name: source, onHeader })) {
    const error = byLine.get(row.line)
    if (!error) continue
    if (!csv.write([String(row.line), reasons(error), ...headers.map((header) => neutraliseCsvCell(row.cells[header] ?? ''))])) await once(csv, 'drain')
  }
  csv.end()
  await done
}
