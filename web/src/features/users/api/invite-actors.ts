import type { ApiFunctions } from '@rota/core'
import type { inviteMachine } from '@rota/machines'
import { fromPromise } from 'xstate'

type Actors = NonNullable<Parameters<typeof inviteMachine.provide>[0]['actors']>

/**
 * The invite machine's calls: `POST /user` for a first invitation, `POST /user/{id}/invite`
 * for a new link, `DELETE /user/{id}/invite` to revoke. Silent: the screens say whether an
 * e-mail went or a link is to be passed on. A refusal goes to `onFailure` whole, since the
 * machine keeps only its message and a form needs its per-field details.
 * @example
 * inviteMachine.provide({ actors: inviteActors(api, (error) => (failure.current = error)) })
 */
export function inviteActors(api: ApiFunctions, onFailure: (error: unknown) => void): Actors {
  const kept = <T>(call: Promise<T>) =>
    call.catch((error: unknown) => {
      onFailure(error)
      throw error
    })
  return {
    sendInvite: fromPromise(({ input }) =>
      kept(input.invitee ? api.resendInvite({ params: { id: input.invitee.id } }, { silent: true }) : api.createUser({ body: input.draft }, { silent: true })),
    ),
    revokeInvite: fromPromise(({ input }) => kept(api.revokeInvite({ params: { id: input.invitee.id } }, { silent: true }))),
  }
}
