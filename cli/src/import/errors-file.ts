import { neutraliseCsvCell, type ImportRowError } from '@rota/core'
import { stringify } from 'csv-stringify/sync'
import { openOutputFile } from '../output-file.ts'
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
  const file = await openOutputFile(output)
  let headers: string[] = []
  // The header row, written with the first rejected row (a header is handed over while a row is read).
  let pending = ''
  const onHeader = (found: string[]) => {
    headers = found.filter((name) => name.trim() !== '')
    pending = stringify([['line', 'errors', ...headers]], { bom: true, record_delimiter: 'windows' })
  }
  try {
    for await (const row of readCsv(openCsv(source), { name: source, onHeader })) {
      const error = byLine.get(row.line)
      if (!error) continue
      await file.write(pending + stringify([[String(row.line), reasons(error), ...headers.map((name) => neutraliseCsvCell(row.cells[name] ?? ''))]], { record_delimiter: 'windows' }))
      pending = ''
    }
    await file.close()
  } catch (error) {
    await file.discard()
    throw error
  }
}
