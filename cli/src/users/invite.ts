import type { ApiClient, CallOutput, User } from '@rota/core'
import { inviteMachine, type InviteDraft } from '@rota/machines'
import { createActor, fromPromise, waitFor } from 'xstate'
import { retrying } from '../session/retry.ts'

/** What became of one step of an invitation. */
export interface InviteOutcome {
  /** Whether the machine allowed the step in the invitation's state; no request is made otherwise. */
  allowed: boolean
  state: 'draft' | 'sent' | 'expired' | 'revoked' | 'accepted'
  /** The member as the server has them after the step. */
  user: User | null
  /** The acceptance link, when Rota has no mail server to send it. */
  invite_link: string | null
  /** Why the step failed, with its type intact for the exit code. */
  error: unknown
}

type InviteStep = { type: 'invite.send'; draft: InviteDraft } | { type: 'invite.resend' } | { type: 'invite.revoke' }

/**
 * Runs one step of an invitation through the invite machine (the web app's), provided
 * with API calls: a first invitation, a new link, or a revocation. A step the machine
 * does not allow in the invitation's state (revoking an accepted one) is refused
 * without a request.
 * @example
 * const outcome = await inviteStep(client, { type: 'invite.send', draft: { email: 'zoe@acme.ca', role: 'Manager' } })
 */
export async function inviteStep(client: ApiClient, step: InviteStep, { user }: { user?: User } = {}): Promise<InviteOutcome> {
  const { api } = client
  let member = user ?? null
  let error: unknown = null
  const remember = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (failure) {
      error = failure
      throw failure
    }
  }
  const answered = (result: CallOutput<'createUser'>) => {
    member = result.user
    return result
  }
  const machine = inviteMachine.provide({
    actors: {
      sendInvite: fromPromise(async ({ input }) =>
        answered(
          await remember(() =>
            retrying((idempotencyKey) =>
              input.draft
                ? api.createUser({ body: input.draft }, { silent: true, idempotencyKey })
                : api.resendInvite({ params: { id: input.invitee.id } }, { silent: true, idempotencyKey }),
            ),
          ),
        ),
      ),
      revokeInvite: fromPromise(async ({ input }) => {
        member = await remember(() => api.revokeInvite({ params: { id: input.invitee.id } }, { silent: true }))
        return member
      }),
    },
  })
  const actor = createActor(machine, { input: member ? { invitee: member } : {} }).start()
  try {
    const allowed = actor.getSnapshot().can(step)
    if (allowed) {
      actor.send(step)
      await waitFor(actor, (snapshot) => !snapshot.matches('sending') && !snapshot.matches('revoking'))
    }
    const snapshot = actor.getSnapshot()
    return { allowed, state: snapshot.value as InviteOutcome['state'], user: member, invite_link: snapshot.context.link, error }
  } finally {
    actor.stop()
  }
}
