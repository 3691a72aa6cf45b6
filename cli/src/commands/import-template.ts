import { csvTemplate, type CsvKind } from '@rota/core'

/**
 * `rota import template locations|services`: the sample file the web app offers beside
 * each import, so a spreadsheet can start from Rota's own headers.
 * @example
 * (await importTemplate({ kind: 'services' })).csv.split('\n')[0] // 'name,description,colour,…'
 */
export async function importTemplate({ kind }: { kind: CsvKind }): Promise<{ kind: CsvKind; csv: string }> {
  return { kind, csv: csvTemplate(kind) }
}
