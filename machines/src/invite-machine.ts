import { assign, setup } from 'xstate'
import type { CreateUserBody, User } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** An invitation as the API reports it on a team member (`User.invite`). */
export type Invitation = NonNullable<User['invite']>

/** Where an invitation stands, as the invite list shows it. */
export type InviteStatus = Invitation['status']

/** The team member an invitation belongs to, as the API answers them (a `User` will do): resend and revoke name them. */
export type Invitee = Pick<User, 'id' | 'email' | 'invite'>

/**
 * Who to invite, as the invite form or `rota users invite` has it: the body the API
 * takes, with the role by id (web) or by name (CLI: `--role Manager`), and names optional
 * (the invitee may give them on accepting).
 */
export type InviteDraft = Omit<CreateUserBody, 'role_id' | 'role'> &
  ({ role_id: string; role?: undefined } | { role: string; role_id?: undefined })

/** What `sendInvite` answers (the API's `InviteResult` will do): the member as the server has them now, and the link to pass on when no mail server sends it. */
export interface InviteAnswer {
  user: Invitee
  invite_link: string | null
}

/**
 * Where an invitation stands at `now`: the server's status, except that one sent
 * whose `expires_at` has passed since is expired. A member with no invitation (the
 * business's owner) has no status.
 * @example
 * inviteStatus({ status: 'sent', sent_at: '2025-01-01T00:00:00Z', expires_at: '2025-01-08T00:00:00Z' }, new Date('2025-02-01')) // 'expired'
 */
export function inviteStatus(invite: Invitation | null, now: Date = new Date()): InviteStatus | null {
  if (invite === null) return null
  return invite.status === 'sent' && Date.parse(invite.expires_at) <= now.getTime() ? 'expired' : invite.status
}

/** A first invitation, or a new link for one already sent. */
export type InviteRequest = { draft: InviteDraft; invitee: null } | { draft: null; invitee: Invitee }

/** The invitation being drafted, or the member it was sent to. */
export interface InviteContext {
  /** Null until the invitation is sent; its `invite.status` is where the invitation stands. */
  invitee: Invitee | null
  draft: InviteDraft | null
  /** The acceptance link, when the server has no mail server to send it with. */
  link: string | null
  error: string | null
}

/** The admin's buttons, and what the server reports (`invite.accepted`, `invite.expired`). */
export type InviteEvent =
  | { type: 'invite.send'; draft: InviteDraft }
  | { type: 'invite.resend' }
  | { type: 'invite.revoke' }
  | { type: 'invite.accepted' }
  | { type: 'invite.expired' }

/** The member with their invitation's status as of `now` (or as the server reports it). */
const withStatus = (invitee: Invitee, status: InviteStatus | null): Invitee => ({
  ...invitee,
  invite: invitee.invite && status ? { ...invitee.invite, status } : invitee.invite,
})

const statusIs = (status: InviteStatus) => ({ context }: { context: InviteContext }) => context.invitee?.invite?.status === status

/**
 * An invitation to join the business (DESIGN.md §7): drafted, sent, then accepted,
 * expired or revoked; a sent or expired one can be sent again (a new link, a new
 * expiry) or revoked, and a revoked one sent again. Started from a team member as the API lists them, it opens in
 * their invitation's state (a member never invited opens as accepted: there is nothing
 * to resend or revoke). `invite.accepted` and `invite.expired` come from the server (a
 * refetch or a live update); the others are the admin's buttons.
 * @example
 * const invite = createActor(inviteMachine.provide({ actors: { sendInvite, revokeInvite } }), { input: { invitee: user } }).start()
 * invite.getSnapshot().can({ type: 'invite.resend' }) // show the "Resend" button?
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as { invitee?: Invitee; now?: Date },
  },
  actors: {
    sendInvite: notProvided<InviteAnswer, InviteRequest>('sendInvite'),
    revokeInvite: notProvided<Invitee, { invitee: Invitee }>('revokeInvite'),
  },
  guards: {
    isDraft: ({ context }) => context.invitee === null,
    isSent: statusIs('sent'),
    isExpired: statusIs('expired'),
    isRevoked: statusIs('revoked'),
  },
}).createMachine({
  id: 'invite',
  context: ({ input: { invitee, now } }) => ({
    invitee: invitee ? withStatus(invitee, inviteStatus(invitee.invite, now)) : null,
    draft: null,
    link: null,
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'isDraft', target: 'draft' },
        { guard: 'isSent', target: 'sent' },
        { guard: 'isExpired', target: 'expired' },
        { guard: 'isRevoked', target: 'revoked' },
        { target: 'accepted' },
      ],
    },
    draft: {
      on: { 'invite.send': { target: 'sending', actions: assign({ draft: ({ event }) => event.draft, error: null }) } },
    },
    sending: {
      invoke: {
        id: 'sendInvite',
        src: 'sendInvite',
        input: ({ context }): InviteRequest => (context.invitee ? { draft: null, invitee: context.invitee } : { draft: context.draft!, invitee: null }),
        onDone: { target: 'sent', actions: assign({ invitee: ({ event }) => event.output.user, link: ({ event }) => event.output.invite_link, error: null }) },
        onError: [
          { guard: 'isDraft', target: 'draft', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { guard: 'isExpired', target: 'expired', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { guard: 'isRevoked', target: 'revoked', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'sent', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    sent: {
      on: {
        'invite.resend': { target: 'sending', actions: assign({ error: null }) },
        'invite.revoke': { target: 'revoking', actions: assign({ error: null }) },
        'invite.accepted': { target: 'accepted', actions: assign({ invitee: ({ context }) => withStatus(context.invitee!, 'accepted') }) },
        'invite.expired': { target: 'expired', actions: assign({ invitee: ({ context }) => withStatus(context.invitee!, 'expired') }) },
      },
    },
    expired: {
      on: {
        'invite.resend': { target: 'sending', actions: assign({ error: null }) },
        'invite.revoke': { target: 'revoking', actions: assign({ error: null }) },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeInvite',
        src: 'revokeInvite',
        input: ({ context }) => ({ invitee: context.invitee! }),
        onDone: { target: 'revoked', actions: assign({ invitee: ({ event }) => event.output, link: null }) },
        onError: [
          { guard: 'isExpired', target: 'expired', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'sent', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    accepted: { type: 'final' },
    // Revoking promised "send a new invitation later": the person can be invited again.
    revoked: {
      on: { 'invite.resend': { target: 'sending', actions: assign({ error: null }) } },
    },
  },
})
