import type { Payroll } from '@rota/core'
import { CliError, notSignedIn, usageError } from '../errors.ts'
import { checkWritable } from '../output-file.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'

export interface ExportPayrollOptions extends CommandContext {
  number: string
  format?: 'csv' | 'json'
  /** A file to write instead of standard output. */
  output?: string
}

/** What an export found: the run with its people and lines. */
export interface PayrollExport {
  format: 'csv' | 'json'
  payroll: Payroll
  output: string | null
}

/**
 * `rota export payroll 12 --format csv`: an approved (or paid) pay run by its number, for a
 * payroll provider: one CSV row per person and earning type, or the run as the API gives it.
 * A draft is refused: it has no number yet, and what it pays may still change. An `output`
 * file is checked before anything is asked for; printing writes it.
 * @example
 * const { payroll } = await exportPayroll({ io, global: {}, number: '12' })
 */
export async function exportPayroll({ io, global, number, format, output }: ExportPayrollOptions): Promise<PayrollExport> {
  if (!/^[1-9]\d{0,8}$/.test(number)) throw usageError(`Give the payroll's number, such as 12 (got ${JSON.stringify(number)})`)
  if (output) checkWritable(output)
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  try {
    const api = connection.client.api
    const found = await api.listPayrolls({ query: { filter: { number: Number(number) } } }, { silent: true })
    const [summary] = found.rows
    if (!summary) throw new CliError(`There is no approved payroll number ${number}`)
    const payroll = await api.getPayroll({ params: { id: summary.id } }, { silent: true })
    return { format: global.json ? 'json' : (format ?? 'csv'), payroll, output: output ?? null }
  } finally {
    connection.close()
  }
}
