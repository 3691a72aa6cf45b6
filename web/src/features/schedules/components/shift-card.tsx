import { useDraggable } from '@dnd-kit/core'
import type { Shift } from '@rota/core'
import { memo, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { RowsBy } from '../utils/board-rows.ts'
import { ConflictBadges } from './conflict-badges.tsx'
import { shiftColours } from './shift-colour.ts'

/** Only a shift not yet started (draft or published) can be moved on the board. */
export const isMovable = (shift: Shift) => shift.status === 'draft' || shift.status === 'published'

interface CardProps {
  shift: Shift
  by: RowsBy
  words: ShiftWords
}

/**
 * What a card says: its time, who or where (whichever the row does not say), its service and
 * marks. Its name for a screen reader is this same text with the day and the rest said too, so
 * what is seen is what is heard (WCAG 2.5.3).
 */
export const ShiftCardFace = memo(function ShiftCardFace({ shift, by, words }: CardProps) {
  const { t } = useTranslation('app')
  const person = shift.staff?.name ?? t('schedules.card.open')
  const [unseen, seen] = by === 'client' ? [shift.location.name, person] : [person, shift.location.name]
  return (
    <>
      <span className="flex flex-wrap items-center justify-between gap-x-1">
        <span className={`font-semibold whitespace-nowrap tabular-nums ${shift.status === 'cancelled' ? 'line-through' : ''}`}>
          {words.time(shift)}
          <span className="sr-only">{` ${words.longDay(shift.date)}, ${unseen},`}</span>
        </span>
        <ConflictBadges conflicts={shift.conflicts} words={words} />
      </span>
      <span className="block truncate font-medium">{seen}</span>
      <span className="block truncate text-slate-600">{shift.service.name}</span>
      <span className="mt-0.5 flex flex-wrap gap-1 text-[0.65rem] font-semibold tracking-wide uppercase">
        {shift.status !== 'published' && <span className="text-slate-700">{words.status(shift.status)}</span>}
        {shift.status === 'published' && shift.pending_change && <span className="text-amber-800">{t('schedules.card.unpublishedChange')}</span>}
        {shift.requests.length > 0 && <span className="text-primary-800">{t('schedules.card.requests', { count: shift.requests.length })}</span>}
      </span>
    </>
  )
})

/**
 * A shift on the board, in its service's colour (dashed while a draft), opened with a click
 * or Enter, and moved by dragging it — with the mouse, or from the keyboard with Space, the
 * arrow keys and Space again (Escape puts it back). Alt held makes the move a copy. While any
 * card is carried every card is drawn again (the drag's state is shared); what it says is not.
 * @example
 * <ShiftCard shift={shift} by="staff" words={words} onOpen={open} />
 */
export function ShiftCard({ shift, by, words, onOpen }: CardProps & { onOpen: (shift: Shift) => void }) {
  const { attributes, listeners, setNodeRef, isDragging, active } = useDraggable({ id: shift.id, data: { shift }, disabled: !isMovable(shift) })
  const open = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter while a card is being carried drops it: the drag's own keys win.
    if (event.key !== 'Enter' || active) return
    event.preventDefault()
    onOpen(shift)
  }
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      data-shift={shift.id}
      onClick={() => onOpen(shift)}
      onKeyDown={(event) => {
        open(event)
        listeners?.['onKeyDown']?.(event)
      }}
      style={shiftColours(shift.service.colour, shift.status)}
      className={`block w-full cursor-pointer rounded-md border border-l-4 px-2 py-1 text-left text-xs text-slate-900 shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-primary-600 ${isDragging ? 'opacity-40' : ''} ${shift.status === 'cancelled' ? 'opacity-70' : ''}`}
    >
      <ShiftCardFace shift={shift} by={by} words={words} />
    </div>
  )
}
