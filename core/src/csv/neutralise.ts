/** First characters that make a spreadsheet treat a cell as a formula or a command. */
const formulaStart = /^[=+\-@\t\r]/

/**
 * Makes a cell of an exported CSV file safe to open in a spreadsheet (DESIGN.md §5): a
 * value that starts like a formula gets a leading apostrophe, so `=HYPERLINK(…)` typed
 * into a client's name shows as text instead of running. Text starting with a minus
 * is marked too, because `-2+3` and `-1+cmd|…` start the same way a negative number does.
 * @example
 * neutraliseCsvCell('=1+2')   // "'=1+2"
 * neutraliseCsvCell('Toronto') // 'Toronto'
 */
export function neutraliseCsvCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value
}
