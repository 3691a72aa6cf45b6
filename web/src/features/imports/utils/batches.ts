import type { CsvRow } from './read-csv.ts'

/** The server takes bodies up to 1 MiB; batches stay well under it whatever the rows' width. */
const MAX_BATCH_BYTES = 512 * 1024

/** Rows per request: small enough for the progress bar to move on a file of a few thousand rows. */
export const BATCH_ROWS = 1000

function sizeOf(row: CsvRow): number {
  let size = 32
  for (const [header, cell] of Object.entries(row.cells)) size += header.length + cell.length * 1.1 + 6
  return size
}

/**
 * Groups rows into the batches of `POST /import/{id}/rows`: at most `maxRows` rows and
 * well under the body limit, so wide rows make smaller batches.
 * @example
 * for await (const batch of batches(rows)) await send(batch)
 */
export async function* batches(rows: AsyncIterable<CsvRow>, maxRows = BATCH_ROWS): AsyncGenerator<CsvRow[]> {
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
