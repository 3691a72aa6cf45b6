import type { AuditChainReport } from '@rota/core'
import { EXIT, type ExitCode } from './errors.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult } from './print.ts'

const REASONS = {
  altered: 'its content no longer matches its hash (changed after it was written)',
  unlinked: 'it does not follow the row before it (a row was removed or rewritten before it)',
} as const

/**
 * The chain's check in a sentence or two; exits 1 when it is broken, so a script or a
 * scheduled job notices.
 */
export function printAuditVerify({ io, global }: CommandContext, report: AuditChainReport): ExitCode {
  printResult(io, global, report, (result) => {
    if (result.first_break) {
      const broken = result.first_break
      return `The audit chain is broken at row ${broken.id} (${broken.created_at}): ${REASONS[broken.reason]}.\n${plural(result.checked, 'row')} checked.`
    }
    if (!result.head) return 'The audit log is empty: nothing to check.'
    return `The audit chain is whole: ${plural(result.checked, 'row')} checked.\nHead: row ${result.head.id}, ${result.head.hash} (keep it elsewhere to notice rows removed from the end later).`
  })
  return report.valid ? EXIT.ok : EXIT.failure
}
