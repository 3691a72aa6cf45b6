import type { LocalDate, Shift } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCreateShift } from '../api/create-shift.ts'
import { useDeleteShift } from '../api/delete-shift.ts'
import { shiftsKey } from '../api/list-shifts.ts'
import { useUpdateShift } from '../api/update-shift.ts'
import type { Drop } from '../components/week-grid.tsx'
import { rowChange } from '../utils/board-rows.ts'
import type { ShiftWords } from './use-shift-words.ts'

/** How to put back the last move: the shift's former day and row, or the copy to delete. */
type Undo = { kind: 'move'; id: string; version: number; back: { date: LocalDate; staff_id?: string | null; location_id?: string } } | { kind: 'copy'; id: string }

/** The card of a shift gets the focus back once drawn where it went: a keyboard user carries on from there. */
function focusShift(id: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-shift="${id}"]`)?.focus())
}

/** What the board says after a move: done (with undo), refused (and why), or undone. */
export interface MoveNote {
  tone: 'success' | 'error'
  text: string
  undoable: boolean
}

/**
 * Moving and copying cards on the board: the card goes where it was dropped at once, the
 * server is told (`PUT /schedule/{id}`, or `POST /schedule` for a copy), and the last move can
 * be undone. A refusal — the person already working then — puts the card back and says why.
 * @example
 * const moves = useBoardMoves({ words, rowName })
 * <WeekGrid onDrop={moves.drop} /> {moves.note && <p>{moves.note.text}</p>}
 */
export function useBoardMoves({ words, rowName }: { words: ShiftWords; rowName: (rowKey: string) => string }) {
  const { t } = useTranslation('app')
  const queryClient = useQueryClient()
  const create = useCreateShift()
  const update = useUpdateShift()
  const remove = useDeleteShift()
  const [last, setLast] = useState<Undo | null>(null)
  const [note, setNote] = useState<MoveNote | null>(null)

  const refusal = (error: unknown) => `${t('schedules.board.notMoved')} ${words.refusal(error)}`

  /** The card drawn where it was dropped while the server is asked, so the drag feels instant. */
  const placeLocally = (shift: Shift, changes: { date?: LocalDate; staff_id?: string | null; location_id?: string }) => {
    queryClient.setQueriesData<Shift[]>({ queryKey: [...shiftsKey, 'range'] }, (shifts) =>
      shifts?.map((one) =>
        one.id !== shift.id
          ? one
          : {
              ...one,
              date: changes.date ?? one.date,
              staff: changes.staff_id === undefined ? one.staff : changes.staff_id === null ? null : { id: changes.staff_id, name: rowName(`staff:${changes.staff_id}`) },
              location: changes.location_id ? { ...one.location, id: changes.location_id, name: rowName(`client:${changes.location_id}`) } : one.location,
            },
      ),
    )
  }

  const drop = async ({ shift, rowKey, date, copy }: Drop) => {
    const row = rowChange(rowKey)
    const sameRow = 'location_id' in row ? row.location_id === shift.location.id : row.staff_id === (shift.staff?.id ?? null)
    const changes = { ...(date !== shift.date ? { date } : {}), ...(sameRow ? {} : row) }
    const place = t('schedules.drag.place', { row: rowName(rowKey), day: words.longDay(date) })
    setNote(null)
    try {
      if (copy) {
        const [made] = await create.mutateAsync({
          body: { staff_id: shift.staff?.id ?? null, location_id: shift.location.id, service_id: shift.service.id, date: shift.date, start: shift.start_time, end: shift.end_time, break_minutes: shift.break_minutes, notes: shift.notes, ...changes },
          quiet: true,
        })
        setLast({ kind: 'copy', id: made!.id })
        setNote({ tone: 'success', text: t('schedules.board.copiedTo', { place }), undoable: true })
      } else {
        placeLocally(shift, changes)
        focusShift(shift.id)
        const [moved] = await update.mutateAsync({ id: shift.id, body: { ...changes, version: shift.version }, quiet: true })
        const back = { date: shift.date, ...('location_id' in changes ? { location_id: shift.location.id } : {}), ...('staff_id' in changes ? { staff_id: shift.staff?.id ?? null } : {}) }
        setLast({ kind: 'move', id: shift.id, version: moved!.version, back })
        setNote({ tone: 'success', text: t('schedules.board.movedTo', { place }), undoable: true })
        focusShift(shift.id)
      }
    } catch (error) {
      void queryClient.invalidateQueries({ queryKey: shiftsKey })
      setNote({ tone: 'error', text: refusal(error), undoable: false })
    }
  }

  const undo = async () => {
    if (!last) return
    setLast(null)
    try {
      if (last.kind === 'move') await update.mutateAsync({ id: last.id, body: { ...last.back, version: last.version }, quiet: true })
      else await remove.mutateAsync({ id: last.id, quiet: true })
      setNote({ tone: 'success', text: t('schedules.board.undone'), undoable: false })
    } catch (error) {
      setNote({ tone: 'error', text: refusal(error), undoable: false })
    }
  }

  return { drop, undo, note, canUndo: last !== null, busy: create.isPending || update.isPending || remove.isPending, dismiss: () => setNote(null) }
}
