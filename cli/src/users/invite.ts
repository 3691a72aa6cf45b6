import type { ApiClient, User } from '@rota/core'
import { inviteMachine, type InviteDraft, type InviteRecord } from '@rota/machines'
import { createActor, fromPromise, waitFor } from 'xstate'
import { retrying } from '../session/retry.ts'

/**
 * The invite machine's view of a team member's invitation. The API reports where an
 * invitation stands (`user.invite.status`) rather than when it was accepted or
 * revoked, so those moments are the record's last change: the machine only asks whether they happened.
 */
export function inviteRecordOf(user: User): InviteRecord {
  const status = user.invite?.status
  return {
    id: user.id,
    email: user.email,
    expires_at: user.invite?.expires_at ?? user.updated_at,
    accepted_at: status === 'accepted' || user.status !== 'invited' ? user.updated_at : null,
    revoked_at: status === 'revoked' ? user.updated_at : null,
  }
}

/** What became of one invitation: the member as the server has them now, and the link to pass on when no mail server sends it. */
export interface InviteOutcome {
  state: 'draft' | 'sent' | 'expired' | 'revoked' | 'accepted'
  user: User | null
  invite_link: string | null
  /** Why the last step failed, and the error itself for its exit code. */
  error: unknown
}

type InviteStep = { type: 'invite.send'; draft: InviteDraft } | { type: 'invite.resend' } | { type: 'invite.revoke' }

/**
 * Runs one step of an invitation through the invite machine (the web app's), provided
 * with API calls: a first invitation (`roleName` goes by name when the draft has no
 * role id), a new link, or a revocation. A step the machine does not allow in the
 * invitation's state is refused without a request.
 * @example
 * const outcome = await inviteStep(client, { type: 'invite.send', draft }, { roleName: 'Manager' })
 */
export async function inviteStep(client: ApiClient, step: InviteStep, options: { user?: User; roleName?: string } = {}): Promise<InviteOutcome & { allowed: boolean }> {
  const { api } = client
  let user = options.user ?? null
  let link: string | null = null
  let error: unknown = null
  const remember = <T>(call: () => Promise<T>) =>
    call().catch((failure: unknown) => {
      error = failure
      throw failure
    })
  const machine = inviteMachine.provide({
    actors: {
      sendInvite: fromPromise(async ({ input }) => {
        const result = await remember(() =>
          input.draft
            ? retrying((idempotencyKey) => {
                const { role_id, ...person } = input.draft!
                const body = role_id ? { ...person, role_id } : { ...person, role: options.roleName ?? '' }
                return api.createUser({ body }, { silent: true, idempotencyKey })
              })
            : retrying((idempotencyKey) => api.resendInvite({ params: { id: input.invite!.id } }, { silent: true, idempotencyKey })),
        )
        user = result.user
        link = result.invite_link
        return inviteRecordOf(result.user)
      }),
      revokeInvite: fromPromise(async ({ input }) => {
        user = await remember(() => api.revokeInvite({ params: { id: input.invite.id } }, { silent: true }))
        return inviteRecordOf(user)
      }),
    },
  })
  const actor = createActor(machine, { input: user ? { invite: inviteRecordOf(user) } : {} }).start()
  try {
    const allowed = actor.getSnapshot().can(step)
    if (allowed) {
      actor.send(step)
      await waitFor(actor, (snapshot) => !snapshot.matches('sending') && !snapshot.matches('revoking'))
    }
    const state = actor.getSnapshot().value as InviteOutcome['state']
    return { allowed, state, user, invite_link: link, error }
  } finally {
    actor.stop()
  }
}
