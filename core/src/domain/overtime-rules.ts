import type { Province } from '../contract/account.ts'
import { rowInEffect, type DatedRow } from './dated.ts'
import type { LocalDate } from './local-date.ts'
import type { Decimal } from './money.ts'

/** Whose employment standards a business follows: a province or territory, or federal (Canada Labour Code). */
export type OvertimeJurisdiction = Province | 'FED'

/**
 * How daily and weekly overtime combine when a rule has both:
 * - `greater`: count the week's overtime by days and by the week, each on every hour worked,
 *   and pay whichever gives more overtime (AB, MB, SK, federal, the territories);
 * - `daily-then-weekly`: hours past the daily threshold are overtime, and the weekly threshold
 *   counts only the hours that were not (BC).
 */
export type OvertimeCombine = 'greater' | 'daily-then-weekly'

/** An overtime rule, as a preset holds it and as a business may override it in its settings. */
export interface OvertimeRule {
  /** Paid minutes in a day after which the rest is overtime; null when there is no daily overtime. */
  dailyThresholdMinutes: number | null
  /** Paid minutes in a business week after which the rest is overtime; null for none. */
  weeklyThresholdMinutes: number | null
  /** Overtime pay as a multiple of the regular rate, e.g. `'1.5'`. */
  multiplier: Decimal
  /** Paid minutes in a day after which the rest is double time; null for none. */
  doubleTimeDailyThresholdMinutes: number | null
  /** Double-time pay as a multiple of the regular rate, normally `'2'`. */
  doubleTimeMultiplier: Decimal
  combine: OvertimeCombine
}

/** An overtime rule from a date on: a business's own override row. */
export interface DatedOvertimeRule extends OvertimeRule, DatedRow {}

/** A jurisdiction's default overtime rule from a date on. */
export interface OvertimePreset extends DatedOvertimeRule {
  jurisdiction: OvertimeJurisdiction
}

/** The overtime part of a business's settings: the preset it follows and any rules of its own. */
export interface OvertimeSettings {
  jurisdiction: OvertimeJurisdiction
  overrides?: readonly DatedOvertimeRule[]
}

const hours = (count: number) => count * 60

function preset(jurisdiction: OvertimeJurisdiction, daily: number | null, weekly: number, effectiveFrom = '2000-01-01'): OvertimePreset {
  return {
    jurisdiction,
    effectiveFrom,
    dailyThresholdMinutes: daily === null ? null : hours(daily),
    weeklyThresholdMinutes: hours(weekly),
    multiplier: '1.5',
    doubleTimeDailyThresholdMinutes: null,
    doubleTimeMultiplier: '2',
    combine: 'greater',
  }
}

/**
 * Rota's default overtime rules by jurisdiction, at 1.5× the regular rate. Sources and
 * assumptions are in docs/decisions/014-domain-rules.md; a business reviews its preset in
 * settings and may add its own dated rules ({@link overtimeRuleOn}).
 * @example
 * overtimePresets.find((row) => row.jurisdiction === 'ON')?.weeklyThresholdMinutes // 2640 (44 h)
 */
export const overtimePresets: readonly OvertimePreset[] = [
  preset('ON', null, 44),
  preset('QC', null, 40, '2000-10-01'),
  preset('AB', 8, 44),
  preset('MB', 8, 40),
  { ...preset('BC', 8, 40), doubleTimeDailyThresholdMinutes: hours(12), combine: 'daily-then-weekly' },
  preset('FED', 8, 40),
  preset('NB', null, 44),
  preset('NS', null, 48),
  preset('PE', null, 48),
  preset('NL', null, 40),
  preset('SK', 8, 40),
  preset('NT', 8, 40),
  preset('NU', 8, 40),
  preset('YT', 8, 40),
]

/**
 * The overtime rule a business applies on a date: its own override rows and its jurisdiction's
 * presets, the latest row started by that date winning (an override on the same date as a
 * preset wins). Throws a RangeError for a date before any row.
 * @example
 * overtimeRuleOn({ jurisdiction: 'AB' }, '2026-03-02').dailyThresholdMinutes // 480
 * const own = { ...overtimeRuleOn({ jurisdiction: 'ON' }, '2026-01-01'), effectiveFrom: '2026-01-01', weeklyThresholdMinutes: 2400 }
 * overtimeRuleOn({ jurisdiction: 'ON', overrides: [own] }, '2026-03-02').weeklyThresholdMinutes // 2400
 */
export function overtimeRuleOn(settings: OvertimeSettings, date: LocalDate): OvertimeRule {
  const presets = overtimePresets.filter((row) => row.jurisdiction === settings.jurisdiction)
  const row = rowInEffect<DatedOvertimeRule>([...presets, ...(settings.overrides ?? [])], date)
  if (!row) throw new RangeError(`No overtime rule for ${settings.jurisdiction} on ${date}`)
  const { dailyThresholdMinutes, weeklyThresholdMinutes, multiplier, doubleTimeDailyThresholdMinutes, doubleTimeMultiplier, combine } = row
  return { dailyThresholdMinutes, weeklyThresholdMinutes, multiplier, doubleTimeDailyThresholdMinutes, doubleTimeMultiplier, combine }
}
