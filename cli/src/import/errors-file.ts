import { neutraliseCsvCell, type ImportRowError } from '@rota/core'
import { stringify } from 'csv-stringify'
import { once } from 'node:events'
import { accessSync, constants, createWriteStream, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { openCsv, readCsv } from './csv-source.ts'

/** `postal_code: Use a postal code such as K1A 0B1; name: Required` */
export function reasons(error: ImportRowError): string {
  return error.errors.map(({ column, message }) => `${column}: ${message}`).join('; ')
}

/**
 * Why the rejected rows could not be written to `output`, asked before anything is sent (so
 * that an import is never written and then reported as failed for its errors file), or null.
 * @example
 * whyNotWritable('/nonexistent/dir/rejected.csv') // 'there is no folder /nonexistent/dir'
 */
export function whyNotWritable(output: string): string | null {
  const path = resolve(output)
  try {
    if (statSync(path).isDirectory()) return 'it is a folder'
  } catch {
    // Not there yet: it will be made.
  }
  try {
    if (!statSync(dirname(path)).isDirectory()) return `${dirname(path)} is not a folder`
  } catch {
    return `there is no folder ${dirname(path)}`
  }
  try {
    accessSync(dirname(path), constants.W_OK)
  } catch {
    return `${dirname(path)} may not be written to`
  }
  return null
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
  // Its failure is awaited below; until then it must not go unhandled.
  done.catch(() => {})
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
