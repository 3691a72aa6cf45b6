import type { Announcements, Active, Over, ScreenReaderInstructions } from '@dnd-kit/core'
import type { LocalDate, Shift } from '@rota/core'
import { useTranslation } from 'react-i18next'
import type { ShiftWords } from './use-shift-words.ts'

interface DragWordsInput {
  words: ShiftWords
  /** Whether the drop would copy (Alt), read when the drop is announced. */
  copying: () => boolean
}

/**
 * What a screen reader hears while a card is carried, in the reader's language: how to move
 * it, where it is over (the row and the day), and where it landed or that it went back.
 * @example
 * <DndContext accessibility={useDragWords({ words, copying: copy.held })} />
 */
export function useDragWords({ words, copying }: DragWordsInput): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const { t } = useTranslation('app')
  const shiftOf = (active: Active) => {
    const shift = (active.data.current as { shift: Shift } | undefined)?.shift
    return shift ? t('schedules.drag.shift', { time: words.time(shift), day: words.longDay(shift.date), who: shift.staff?.name ?? t('schedules.card.open') }) : ''
  }
  const place = (over: Over | null) => {
    const data = over?.data.current as { label: string; date: LocalDate } | undefined
    return data ? t('schedules.drag.place', { row: data.label, day: words.longDay(data.date) }) : null
  }
  return {
    screenReaderInstructions: { draggable: t('schedules.drag.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('schedules.drag.start', { shift: shiftOf(active) }),
      onDragOver: ({ over }) => {
        const where = place(over)
        return where ? t('schedules.drag.over', { place: where }) : t('schedules.drag.nowhere')
      },
      onDragEnd: ({ over }) => {
        const where = place(over)
        if (!where) return t('schedules.drag.back')
        return copying() ? t('schedules.drag.copied', { place: where }) : t('schedules.drag.moved', { place: where })
      },
      onDragCancel: () => t('schedules.drag.cancelled'),
    },
  }
}
