import { timeoffCategoryName, type TimeoffCalendarEntry } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { currentLocale } from '../../../lib/i18n.ts'
import { isAsked, partOfDay } from '../utils/away.ts'

/**
 * Time off on a person's day: approved leave as a solid band ("Away · Vacation"), a request
 * not yet decided as a dashed, lighter one ("Asked: Vacation") so that nobody takes it for
 * leave. The band may be cut short where it is drawn: its whole text is its title and what a
 * screen reader says.
 * @example
 * {away.map((entry) => <AwayChip key={entry.id} entry={entry} />)}
 */
export function AwayChip({ entry, className = '' }: { entry: TimeoffCalendarEntry; className?: string }) {
  const { t, i18n } = useTranslation('app')
  const part = partOfDay(entry)
  // A category Rota made reads in the reader's language, as on the time-off screens.
  const category = entry.category ? timeoffCategoryName(entry.category.name, currentLocale(i18n)) : null
  const what = category ?? t('schedules.board.timeOff')
  const asked = isAsked(entry)
  const shown = asked
    ? part
      ? t('schedules.board.askedPart', { what, ...part })
      : t('schedules.board.asked', { what })
    : `${part ? t('schedules.board.awayPart', part) : t('schedules.board.away')}${category ? ` · ${category}` : ''}`
  const full = asked ? (part ? t('schedules.board.askedFullPart', { what, ...part }) : t('schedules.board.askedFull', { what })) : shown
  return (
    <span
      title={full}
      data-away={asked ? 'asked' : 'approved'}
      className={`block truncate rounded border-l-4 font-semibold ${asked ? 'border border-dashed border-slate-400 bg-white font-medium text-slate-600 italic' : 'bg-slate-100 text-slate-700'} ${className}`}
      style={{ borderLeftColor: entry.category?.colour ?? '#64748b' }}
    >
      {asked ? (
        <>
          <span aria-hidden="true">{shown}</span>
          <span className="sr-only">{full}</span>
        </>
      ) : (
        shown
      )}
    </span>
  )
}
