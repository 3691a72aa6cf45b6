import { mkdtempSync, writeFileSync, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const folder = mkdtempSync(join(tmpdir(), 'rota-cli-files-'))

/** Writes a file in this test run's folder and returns its path. */
export function file(name: string, content: string | Buffer): string {
  const path = join(folder, name)
  writeFileSync(path, content)
  return path
}

export const LOCATION_HEADER = 'name,street,city,province,postal_code'

/** A valid locations row; `n` makes the name unique. */
export const locationRow = (n: number, postal = 'K1A 0B1') => `Client ${n},${n} Main Street,Ottawa,ON,${postal}`

/**
 * Streams a locations file of `rows` rows to disk (line 1 is the header, so row n is on
 * line n + 1); `bad` maps line numbers to rows to put there instead.
 * @example
 * await locationsFile('big.csv', 50_000, { 50_000: locationRow(49_999, 'ZZZ') })
 */
export async function locationsFile(name: string, rows: number, bad: Record<number, string> = {}): Promise<string> {
  const path = join(folder, name)
  const out = createWriteStream(path)
  out.write(`${LOCATION_HEADER}\n`)
  for (let n = 1; n <= rows; n++) {
    if (!out.write(`${bad[n + 1] ?? locationRow(n)}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return path
}
