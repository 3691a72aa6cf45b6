import { assign, setup } from 'xstate'
import { errorMessage, notProvided } from './placeholders.ts'

/** An invitation as the server keeps it. */
export interface InviteRecord {
  id: string
  email: string
  expires_at: string
  accepted_at: string | null
  revoked_at: string | null
}

/** Who to invite, as the invite form has it. */
export interface InviteDraft {
  email: string
  firstname: string
  lastname: string
  role_id: string
}

/** Where an invitation stands, as the invite list shows it. */
export type InviteStatus = 'sent' | 'accepted' | 'expired' | 'revoked'

/**
 * Where an invitation stands, from the server's record: accepted and revoked are for
 * good; otherwise it has expired once `expires_at` is past.
 * @example
 * inviteStatus({ accepted_at: null, revoked_at: null, expires_at: '2025-01-01T00:00:00Z' }, new Date('2025-02-01')) // 'expired'
 */
export function inviteStatus(record: Pick<InviteRecord, 'expires_at' | 'accepted_at' | 'revoked_at'>, now: Date = new Date()): InviteStatus {
  if (record.accepted_at !== null) return 'accepted'
  if (record.revoked_at !== null) return 'revoked'
  return Date.parse(record.expires_at) <= now.getTime() ? 'expired' : 'sent'
}

/** A first invitation, or a new link for one already sent. */
export type InviteRequest = { draft: InviteDraft; invite: null } | { draft: null; invite: InviteRecord }

/** The invitation being drafted or the server's record of it. */
export interface InviteContext {
  invite: InviteRecord | null
  draft: InviteDraft | null
  /** Whether the invitation had expired: where a failed resend or revoke returns to. */
  expired: boolean
  error: string | null
}

/** The admin's buttons, and what the server reports (`invite.accepted`, `invite.expired`). */
export type InviteEvent =
  | { type: 'invite.send'; draft: InviteDraft }
  | { type: 'invite.resend' }
  | { type: 'invite.revoke' }
  | { type: 'invite.accepted' }
  | { type: 'invite.expired' }

/**
 * An invitation to join the business (DESIGN.md §7): drafted, sent, then accepted,
 * expired or revoked; a sent or expired one can be sent again (a new link, a new
 * expiry) or revoked. Started from a server record, it opens in that record's state.
 * `invite.accepted` and `invite.expired` come from the server (a refetch or a live
 * update); the others are the admin's buttons.
 * @example
 * const invite = createActor(inviteMachine.provide({ actors: { sendInvite, revokeInvite } }), { input: { invite: record } }).start()
 * invite.getSnapshot().can({ type: 'invite.resend' }) // show the "Resend" button?
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as { invite?: InviteRecord; now?: Date },
  },
  actors: {
    sendInvite: notProvided<InviteRecord, InviteRequest>('sendInvite'),
    revokeInvite: notProvided<InviteRecord, { invite: InviteRecord }>('revokeInvite'),
  },
  guards: {
    isDraft: ({ context }) => context.invite === null,
    isAccepted: ({ context }) => context.invite?.accepted_at != null,
    isRevoked: ({ context }) => context.invite?.revoked_at != null,
    hadExpired: ({ context }) => context.expired,
  },
}).createMachine({
  id: 'invite',
  context: ({ input }) => ({
    invite: input.invite ?? null,
    draft: null,
    expired: input.invite !== undefined && inviteStatus(input.invite, input.now) === 'expired',
    error: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      always: [
        { guard: 'isDraft', target: 'draft' },
        { guard: 'isAccepted', target: 'accepted' },
        { guard: 'isRevoked', target: 'revoked' },
        { guard: 'hadExpired', target: 'expired' },
        { target: 'sent' },
      ],
    },
    draft: {
      on: { 'invite.send': { target: 'sending', actions: assign({ draft: ({ event }) => event.draft, error: null }) } },
    },
    sending: {
      invoke: {
        id: 'sendInvite',
        src: 'sendInvite',
        input: ({ context }): InviteRequest => (context.invite ? { draft: null, invite: context.invite } : { draft: context.draft!, invite: null }),
        onDone: { target: 'sent', actions: assign({ invite: ({ event }) => event.output, expired: false, error: null }) },
        onError: [
          { guard: 'isDraft', target: 'draft', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { guard: 'hadExpired', target: 'expired', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'sent', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    sent: {
      on: {
        'invite.resend': { target: 'sending', actions: assign({ error: null }) },
        'invite.revoke': { target: 'revoking', actions: assign({ error: null }) },
        'invite.accepted': { target: 'accepted' },
        'invite.expired': { target: 'expired', actions: assign({ expired: true }) },
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
        input: ({ context }) => ({ invite: context.invite! }),
        onDone: { target: 'revoked', actions: assign({ invite: ({ event }) => event.output }) },
        onError: [
          { guard: 'hadExpired', target: 'expired', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          { target: 'sent', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
        ],
      },
    },
    accepted: { type: 'final' },
    revoked: { type: 'final' },
  },
})
