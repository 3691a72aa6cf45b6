import type { FillProposal } from '@rota/core'
import { fillMachine, type FillEvent } from '@rota/machines'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from '../api/list-shifts.ts'

/**
 * Filling the open shifts of the week shown through the fill machine: `POST /schedule/fill`
 * for a proposal (cancelled, it ends the request and the server's solve), `POST
 * /schedule/fill/{id}/apply` for the shifts kept. The board follows an
 * apply (the shifts are drafts now). `restart` begins again from choosing.
 * @example
 * const fill = useFill()
 * fill.send({ type: 'fill.choose', from: week.firstDay, to: week.lastDay })
 */
export function useFill() {
  const api = useApi()
  const queryClient = useQueryClient()
  const actor = useActorRef(
    fillMachine.provide({
      actors: {
        // Cancelling stops the actor, whose signal ends the request: the server stops solving.
        propose: fromPromise(({ input, signal }) => api.fillSchedule({ body: input }, { silent: 'errors', signal })),
        apply: fromPromise(({ input }) => {
          const all = input.shiftIds.length === input.proposal.assignments.length
          return api.applyFill({ params: { id: input.proposal.id }, body: all ? {} : { shift_ids: input.shiftIds } }, { silent: 'errors' })
        }),
      },
    }),
  )
  const state = useSelector(actor, (snapshot) => snapshot.value as string)
  const proposal = useSelector(actor, (snapshot) => snapshot.context.proposal) as FillProposal | null
  const kept = useSelector(actor, (snapshot) => snapshot.context.kept)
  const result = useSelector(actor, (snapshot) => snapshot.context.result)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  useEffect(() => {
    if (state === 'done') void queryClient.invalidateQueries({ queryKey: shiftsKey })
  }, [state, queryClient])
  return { state, proposal, kept, result, error, send: (event: FillEvent) => actor.send(event) }
}
