import type { ShiftsExportOutcome } from './commands/shifts-export.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult } from './print.ts'

/**
 * Says what an export wrote: on standard output when the shifts went to a file (as JSON
 * with `--json`), otherwise on stderr, so that the shifts on stdout stay a clean file.
 */
export function printShiftsExport({ io, global }: CommandContext, outcome: ShiftsExportOutcome): void {
  const text = `${plural(outcome.shifts, 'shift')} from ${outcome.from} to ${outcome.to} exported`
  if (outcome.output) printResult(io, global, outcome, () => `${text} to ${outcome.output}.`)
  else io.stderr.write(`${text}.\n`)
}
