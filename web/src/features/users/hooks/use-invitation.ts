import type { User } from '@rota/core'
import { inviteMachine, type InviteDraft, type InviteEvent } from '@rota/machines'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useApi } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { inviteActors } from '../api/invite-actors.ts'
import { usersKey } from '../api/list-users.ts'

/**
 * An invitation through the invite machine: a new one drafted in the invite form (no
 * `invitee`), or the one of a member already invited, to send again or revoke. Each action
 * resolves once the server answered and rejects with the server's error itself, so a form
 * can show its per-field details. The team list follows every change; a first invitation
 * also counts as the setup guide's "staffs" step.
 * @example
 * const invitation = useInvitation(member)
 * invitation.canResend && <Button onClick={() => invitation.resend()}>…</Button>
 */
export function useInvitation(invitee: User | null) {
  const api = useApi()
  const queryClient = useQueryClient()
  const stepDone = useStepDone()
  const failure = useRef<unknown>(null)
  const actor = useActorRef(
    inviteMachine.provide({ actors: inviteActors(api, (error) => (failure.current = error)) }),
    { input: invitee ? { invitee } : {} },
  )
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const link = useSelector(actor, (snapshot) => snapshot.context.link)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)
  const canResend = useSelector(actor, (snapshot) => snapshot.can({ type: 'invite.resend' }))
  const canRevoke = useSelector(actor, (snapshot) => snapshot.can({ type: 'invite.revoke' }))

  const run = async (event: InviteEvent) => {
    failure.current = null
    actor.send(event)
    // Not xstate's waitFor: the framework chunk, which the sign-in page loads, would carry it.
    const settled = await new Promise<ReturnType<typeof actor.getSnapshot>>((resolve) => {
      const check = () => {
        const snapshot = actor.getSnapshot()
        if (snapshot.matches('sending') || snapshot.matches('revoking')) return false
        resolve(snapshot)
        return true
      }
      if (check()) return
      const subscription = actor.subscribe(() => check() && subscription.unsubscribe())
    })
    if (settled.context.error !== null) throw failure.current ?? new Error(settled.context.error)
    void queryClient.invalidateQueries({ queryKey: usersKey })
    return settled.context
  }

  return {
    state,
    link,
    error,
    busy: state === 'sending' || state === 'revoking',
    canResend,
    canRevoke,
    send: async (draft: InviteDraft) => {
      const sent = await run({ type: 'invite.send', draft })
      stepDone('staffs')
      return sent
    },
    resend: () => run({ type: 'invite.resend' }),
    revoke: () => run({ type: 'invite.revoke' }),
  }
}
