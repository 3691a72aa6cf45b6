import { IMPORT_BATCH_MAX } from '@rota/core'
import type { CsvRow } from './csv-source.ts'

/** The server takes request bodies up to 1 MiB; batches stay well under it whatever the row width. */
const MAX_BATCH_BYTES = 768 * 1024

/** Rough JSON size of a row: its cells, their headers, quotes and commas. */
function sizeOf(row: CsvRow): number {
  let size = 32
  for (const [header, cell] of Object.entries(row.cells)) size += header.length + cell.length * 1.1 + 6
  return size
}

/**
 * Groups rows into the batches of `POST /import/{id}/rows`: at most 5,000 rows
 * (IMPORT_BATCH_MAX) and well under the body limit, so wide rows make smaller batches.
 * @example
 * for await (const batch of batches(rows)) await send(batch)
 */
export async function* batches(rows: AsyncIterable<CsvRow>, maxRows = IMPORT_BATCH_MAX): AsyncGenerator<CsvRow[]> {
  let batch: CsvRow[] = []
  let bytes = 0
  for await (const row of rows) {
    const size = sizeOf(row)
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > MAX_BATCH_BYTES)) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(row)
    bytes += size
  }
  if (batch.length > 0) yield batch
}
