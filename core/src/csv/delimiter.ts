/** The delimiters a CSV file may use: commas, or semicolons as spreadsheets write them where a comma is the decimal mark. */
export type CsvDelimiter = ',' | ';'

/**
 * The delimiter of a CSV file, told from its header line (the first line of `text`): a
 * semicolon when the header has more semicolons than commas outside quotes — Excel in French
 * (and in every language that writes "65,00") saves its "CSV" so — else a comma.
 * @example
 * csvDelimiter('nom;personne_contact;courriel\r\n…') // ';'
 * csvDelimiter('name,street,city') // ','
 */
export function csvDelimiter(text: string): CsvDelimiter {
  let commas = 0
  let semicolons = 0
  let quoted = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) break
    else if (!quoted && char === ',') commas++
    else if (!quoted && char === ';') semicolons++
  }
  return semicolons > commas ? ';' : ','
}
