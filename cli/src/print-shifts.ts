import type { ScheduleFillOutcome } from './commands/schedule-fill.ts'
import type { ShiftsExportOutcome } from './commands/shifts-export.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult, table } from './print.ts'

/**
 * Says what an export wrote: on standard output when the shifts went to a file (as JSON
 * with `--json`), otherwise on stderr, so that the shifts on stdout stay a clean file.
 */
export function printShiftsExport({ io, global }: CommandContext, outcome: ShiftsExportOutcome): void {
  const text = `${plural(outcome.shifts, 'shift')} from ${outcome.from} to ${outcome.to} exported`
  if (outcome.output) printResult(io, global, outcome, () => `${text} to ${outcome.output}.`)
  else io.stderr.write(`${text}.\n`)
}

const RULES: Record<string, string> = {
  service: 'nobody may work this service',
  time_off: 'everyone who could is away',
  availability: 'nobody is available then',
  overlap: 'everyone who could is already working then',
  rest: "it would cut someone's rest short",
  weekly_hours: 'it would take everyone past their weekly hours',
  days_in_row: 'it would make too many days in a row',
  taken: 'everyone who could was given another shift',
  no_staff: 'there is nobody to ask',
}
const METHODS: Record<string, string> = {
  optimal: 'the best proposal the rules allow',
  time_limit: 'the best found in the time allowed',
  local_search: 'the quick proposal improved by exchanges that keep every rule (the week is too big to prove the best)',
  greedy: 'a quick proposal: the solver found nothing better in time',
}
const hours = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`)
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * A fill proposal for people: each assignment with its reason, each open shift left with the
 * rule that kept it open, the figures before and after, and what `--apply` wrote. `--json`
 * prints the outcome as it is.
 */
export function printScheduleFill({ io, global }: CommandContext, outcome: ScheduleFillOutcome): void {
  printResult(io, global, outcome, ({ proposal, shifts, applied }) => {
    const name = (id: string) => {
      const shift = shifts[id]
      return shift ? `${shift.date} ${shift.start}–${shift.end} ${shift.client} (${shift.service})` : id
    }
    const lines = [`${plural(proposal.assignments.length, 'open shift')} of ${proposal.assignments.length + proposal.unfilled.length} staffed from ${proposal.from} to ${proposal.to}: ${METHODS[proposal.method]}.`]
    if (proposal.assignments.length > 0) {
      lines.push('', table([
        ['SHIFT', 'PERSON', 'WHY'],
        ...proposal.assignments.map(({ shift_id, staff, reason }) => [
          name(shift_id),
          staff.name,
          [
            'available',
            reason.target_minutes !== null ? `${hours(reason.week_minutes)} this week of a ${hours(reason.target_minutes)} target` : `${hours(reason.week_minutes)} this week`,
            ...(reason.recent_client ? ['worked at this client recently'] : []),
            ...(reason.preferred_client ? ['prefers this client'] : []),
            ...(reason.overtime ? ['overtime'] : []),
          ].join(', '),
        ]),
      ]))
    }
    if (proposal.unfilled.length > 0) lines.push('', 'Left open:', ...proposal.unfilled.map((open) => `  ${name(open.shift_id)}: ${RULES[open.rule] ?? open.rule}`))
    const { before, after } = proposal.totals
    lines.push('', `Cost ${dollars(before.cost_cents)} → ${dollars(after.cost_cents)}; overtime ${hours(before.overtime_minutes)} → ${hours(after.overtime_minutes)}; fairness spread ${hours(before.fairness_spread_minutes)} → ${hours(after.fairness_spread_minutes)}.`)
    const { cost, over_preferred, fairness, continuity, preference } = proposal.weights
    lines.push(`Weighed: labour cost × ${cost}, ${dollars(over_preferred)} an hour past someone's preferred week, ${dollars(fairness)} an hour of fairness spread, ${dollars(continuity)} off a shift at a recent client, ${dollars(preference)} off one at a preferred client.`)
    lines.push(applied === null ? 'Nothing written: run again with --apply to put it on the schedule as drafts.' : `${plural(applied, 'shift')} written as drafts.`)
    return lines.join('\n')
  })
}
