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

/**
 * A cell of a CSV file Rota wrote, as it was before `neutraliseCsvCell`: the apostrophe
 * before a formula's first character is dropped, so that an export, or a file of rejected
 * rows, imports again as it was. (A value that itself began with an apostrophe and then
 * such a character loses its apostrophe.)
 * @example
 * restoreCsvCell("'=1+2")  // '=1+2'
 * restoreCsvCell("'Tis")   // "'Tis"
 */
export function restoreCsvCell(value: string): string {
  return value.charCodeAt(0) === 39 && formulaStart.test(value.slice(1, 2)) ? value.slice(1) : value
}
