import type { Io } from './io.ts'

/**
 * Prints what a command returned: as JSON with `--json` (for scripts), otherwise as the
 * command's own lines for people.
 * @example
 * printResult(io, { json: false }, profile, (p) => `Signed in as ${p.email}`)
 */
export function printResult<T>(io: Io, options: { json?: boolean }, result: T, human: (result: T) => string): void {
  const text = options.json ? JSON.stringify(result, null, 2) : human(result)
  if (text !== '') io.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
}

/**
 * Rows as aligned columns under a header, for lists.
 * @example
 * table([['EMAIL', 'ROLE'], ['ada@acme.test', 'Manager']]) // 'EMAIL          ROLE\nada@acme.test  Manager'
 */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = []
  for (const row of rows) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)))
  return rows.map((row) => row.map((cell, index) => (index === row.length - 1 ? cell : cell.padEnd(widths[index] ?? 0))).join('  ')).join('\n')
}

/** A count with its noun: `plural(1, 'row')` → `1 row`, `plural(12000, 'row')` → `12,000 rows`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString('en-CA')} ${count === 1 ? noun : nouns}`
}
