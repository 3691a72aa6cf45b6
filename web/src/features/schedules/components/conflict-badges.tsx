import type { ShiftConflict } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { WarningIcon } from '../../../components/ui/icons.tsx'
import type { ShiftWords } from '../hooks/use-shift-words.ts'

/**
 * A card's conflicts at a glance: a red mark for what the server refuses, an amber one for
 * warnings, each with how many; what they are is read out and shown on hover.
 * @example
 * <ConflictBadges conflicts={shift.conflicts} words={words} />
 */
export function ConflictBadges({ conflicts, words }: { conflicts: readonly ShiftConflict[]; words: ShiftWords }) {
  const { t } = useTranslation('app')
  if (conflicts.length === 0) return null
  const errors = conflicts.filter((conflict) => conflict.severity === 'error')
  const warnings = conflicts.filter((conflict) => conflict.severity === 'warning')
  const said = conflicts.map((conflict) => words.conflict(conflict)).join('; ')
  return (
    <span className="inline-flex items-center gap-1" title={said}>
      {errors.length > 0 && (
        <span className="inline-flex items-center gap-0.5 rounded bg-red-700 px-1 text-[0.65rem] font-bold text-white">
          <WarningIcon className="size-3" />
          {errors.length}
        </span>
      )}
      {warnings.length > 0 && (
        <span className="inline-flex items-center gap-0.5 rounded bg-amber-200 px-1 text-[0.65rem] font-bold text-amber-950">
          <WarningIcon className="size-3" />
          {warnings.length}
        </span>
      )}
      <span className="sr-only">{t('schedules.card.conflicts', { list: said })}</span>
    </span>
  )
}

/**
 * The conflicts of a shift in words, errors first: what refuses the save and what the
 * scheduler may accept.
 * @example
 * <ConflictList conflicts={check.conflicts} words={words} />
 */
export function ConflictList({ conflicts, words }: { conflicts: readonly ShiftConflict[]; words: ShiftWords }) {
  const { t } = useTranslation('app')
  const sorted = [...conflicts].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
  if (sorted.length === 0) return <p className="text-sm text-emerald-800">{t('schedules.conflicts.none')}</p>
  return (
    <ul className="space-y-1.5">
      {sorted.map((conflict, index) => (
        <li key={`${conflict.kind}-${index}`} className={`flex gap-2 rounded-md px-2.5 py-1.5 text-sm ${conflict.severity === 'error' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}>
          <WarningIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">{conflict.severity === 'error' ? t('schedules.conflicts.refused') : t('schedules.conflicts.warning')}</span> {words.conflict(conflict)}
          </span>
        </li>
      ))}
    </ul>
  )
}
