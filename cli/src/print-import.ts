import type { ImportRowError } from '@rota/core'
import type { ImportOutcome, ImportProgress } from './commands/import-csv.ts'
import { EXIT, type ExitCode } from './errors.ts'
import { reasons } from './import/errors-file.ts'
import type { Io } from './io.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult } from './print.ts'

const SHOWN_ERRORS = 20

function errorLines(outcome: ImportOutcome): string[] {
  if (outcome.invalid === 0) return []
  const lines = rowLines(outcome.errors, outcome.invalid, outcome.errors_file ? '' : ' (--errors FILE.csv writes them)')
  if (outcome.errors_file) lines.push(`Rejected rows written to ${outcome.errors_file}.`)
  return [`${plural(outcome.invalid, 'row')} with errors:`, ...lines]
}

function warningLines(outcome: ImportOutcome): string[] {
  if (outcome.warned === 0) return []
  const written = outcome.status === 'dry_run' ? 'would be imported anyway' : 'imported anyway'
  return [`${plural(outcome.warned, 'row')} with warnings (${written}):`, ...rowLines(outcome.warnings, outcome.warned, '')]
}

/** The first rows of a list, each with its line and reasons, and how many more there are. */
function rowLines(rows: readonly ImportRowError[], total: number, more: string): string[] {
  const lines = rows.slice(0, SHOWN_ERRORS).map((row) => `  line ${row.line}: ${reasons(row)}`)
  const unlisted = total - Math.min(rows.length, SHOWN_ERRORS)
  if (unlisted > 0) lines.push(`  … and ${plural(unlisted, 'more row')}${more}`)
  return lines
}

function summary(outcome: ImportOutcome): string {
  const read = `${outcome.file}: ${plural(outcome.rows, 'row')} read.`
  if (outcome.status === 'refused') return `${read} Nothing was written: fix the rows below, or use --skip-invalid to import the others.`
  const would = outcome.status === 'dry_run' ? 'would be ' : ''
  const counts = [
    `${outcome.created.toLocaleString('en-CA')} ${would}created`,
    // A shift is never updated by an import: a row the schedule holds as it is stays unchanged.
    ...(outcome.kind === 'shifts' ? [] : [`${outcome.updated.toLocaleString('en-CA')} ${would}updated`]),
    `${outcome.unchanged.toLocaleString('en-CA')} unchanged`,
    ...(outcome.skipped > 0 ? [`${outcome.skipped.toLocaleString('en-CA')} ${would}skipped`] : []),
  ].join(', ')
  const people = plural(outcome.notified, 'person', 'people')
  const told = !outcome.published ? '' : outcome.status === 'dry_run' ? `; would be published, telling ${people}` : `; published, ${people} notified`
  return outcome.status === 'dry_run' ? `${read} Dry run, nothing changed: ${counts}${told}.` : `${read} Imported: ${counts}${told}.`
}

/**
 * Prints an import's outcome and says how `rota` exits: refused rows, or a dry run that
 * a real import would refuse, exit 4.
 */
export function printImport({ io, global }: CommandContext, outcome: ImportOutcome): ExitCode {
  printResult(io, global, outcome, (result) => [summary(result), ...errorLines(result), ...warningLines(result)].join('\n'))
  const wouldRefuse = outcome.status === 'dry_run' && !outcome.skip_invalid && outcome.invalid > 0
  return outcome.status === 'refused' || wouldRefuse ? EXIT.validation : EXIT.ok
}

const BAR = 24

/**
 * Progress on stderr: a bar redrawn in place on a terminal, at most ten times a second;
 * otherwise one plain line per batch, for CI logs.
 * @example
 * await importCsv({ ...options, progress: importProgress(io) })
 */
export function importProgress(io: Io): ImportProgress & { finish(): void } {
  const terminal = io.stderr.isTTY === true
  let drawn = 0
  let shown = false
  return {
    mapped(mapping) {
      io.stderr.write(`Columns read as: ${mapping.map(({ header, column }) => `"${header}" → ${column}`).join(', ')}\n`)
    },
    read({ rows, invalid, bytes, totalBytes }) {
      const share = totalBytes > 0 ? Math.min(1, bytes / totalBytes) : 1
      const text = `${plural(rows, 'row')} sent (${Math.round(share * 100)}%)${invalid > 0 ? `, ${invalid.toLocaleString('en-CA')} refused so far` : ''}`
      if (!terminal) return void io.stderr.write(`${text}\n`)
      if (Date.now() - drawn < 100 && share < 1) return
      drawn = Date.now()
      shown = true
      const filled = Math.round(share * BAR)
      io.stderr.write(`\r[${'█'.repeat(filled)}${'░'.repeat(BAR - filled)}] ${text}\x1b[K`)
    },
    stage(stage) {
      if (shown) io.stderr.write('\n')
      shown = false
      io.stderr.write(stage === 'committing' ? 'Committing in one transaction (Ctrl-C can no longer cancel)…\n' : 'Cancelling the import on the server…\n')
    },
    finish() {
      if (shown) io.stderr.write('\n')
      shown = false
    },
  }
}
