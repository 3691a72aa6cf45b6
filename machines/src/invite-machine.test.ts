import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { inviteMachine, inviteStatus, type InviteContext, type InviteDraft, type Invitation, type Invitee, type InviteRequest } from './invite-machine.ts'
import { answeredByModel, machineModel, missingTransitions, pathName, walk, type Meanings, type World } from './testing/index.ts'

const now = new Date('2025-03-01T12:00:00Z')
const invitation = (status: Invitation['status'], expires_at = '2025-03-08T12:00:00Z'): Invitation => ({ status, sent_at: '2025-02-22T12:00:00Z', expires_at })
const member = (invite: Invitation | null): Invitee => ({ id: '5a0f3c1e-9b2d-4c7e-8f10-2a3b4c5d6e7f', email: 'sam@acme.test', invite })

describe('inviteStatus', () => {
  it("takes the server's status, and a sent invitation whose expiry has passed since is expired", () => {
    expect(inviteStatus(invitation('sent'), now)).toBe('sent')
    expect(inviteStatus(invitation('sent', '2025-03-01T12:00:00Z'), now)).toBe('expired')
    expect(inviteStatus(invitation('accepted', '2025-02-01T00:00:00Z'), now)).toBe('accepted')
    expect(inviteStatus(invitation('revoked', '2025-02-01T00:00:00Z'), now)).toBe('revoked')
    expect(inviteStatus(invitation('expired'), now)).toBe('expired')
    expect(inviteStatus(null, now)).toBeNull()
  })
})

const meanings: Meanings<World> = {
  draft: ({ context }: { context: InviteContext }, { event }) => {
    expect(context.invitee).toBeNull()
    if (event.type.startsWith('xstate.error.')) expect(context.error).toMatch(/\S/)
  },
  sent: ({ context }: { context: InviteContext }, { event }) => {
    expect(context.invitee?.invite?.status).toBe('sent')
    if (event.type === 'xstate.done.actor.sendInvite') expect(context).toMatchObject({ invitee: event.output.user, link: event.output.invite_link })
    if (event.type.startsWith('xstate.error.')) expect(context.error).toMatch(/\S/)
  },
  expired: ({ context }: { context: InviteContext }) => {
    expect(context.invitee?.invite?.status).toBe('expired')
  },
  accepted: (snapshot) => {
    expect(snapshot.status).toBe('done')
    expect(snapshot.context.invitee.invite?.status ?? 'accepted').toBe('accepted')
  },
  revoked: (snapshot, { event }) => {
    expect(snapshot.context.invitee.invite.status).toBe('revoked')
    expect(snapshot.can({ type: 'invite.resend' })).toBe(true)
    expect(snapshot.can({ type: 'invite.revoke' })).toBe(false)
    if (event.type.startsWith('xstate.error.')) expect(snapshot.context.error).toMatch(/\S/)
  },
}

const inputs = [
  {},
  { invitee: member(invitation('sent')), now },
  { invitee: member(invitation('sent', '2025-02-28T12:00:00Z')), now },
  { invitee: member(invitation('expired', '2025-02-28T12:00:00Z')), now },
  { invitee: member(invitation('accepted')), now },
  { invitee: member(invitation('revoked')), now },
  { invitee: member(null), now },
]
const failure = [{ error: new Error('Network error') }]
const walks = inputs.map((input) => ({
  input,
  paths: machineModel(inviteMachine, {
    input,
    events: () => ({
      'invite.send': [{ draft: { email: 'sam@acme.test', role: 'Staff' } }, { draft: { email: 'sam@acme.test', firstname: 'Sam', lastname: 'Roy', role_id: 'role-staff' } }],
      'xstate.done.actor.sendInvite': [{ output: { user: member(invitation('sent', '2025-03-09T12:00:00Z')), invite_link: null } }],
      'xstate.error.actor.sendInvite': failure,
      'xstate.done.actor.revokeInvite': [{ output: member(invitation('revoked')) }],
      'xstate.error.actor.revokeInvite': failure,
    }),
  }).getShortestPaths(),
}))

describe('invite machine (model)', () => {
  it('walks every transition, starting from a draft and from each kind of invitation the API reports', () => {
    expect(missingTransitions(inviteMachine, walks)).toEqual([])
  })

  const title = (input: (typeof inputs)[number]) => (input.invitee ? (inviteStatus(input.invitee.invite, now) ?? 'never invited') : 'draft')
  const cases = walks.flatMap(({ input, paths }) => paths.map((path) => [`${title(input)}: ${pathName(path)}`, input, path] as const))
  it.each(cases)('%s', (_, input, path) =>
    walk(path, { machine: inviteMachine, world: { actors: { sendInvite: answeredByModel, revokeInvite: answeredByModel } }, meanings, input }),
  )
})

describe('inviting a team member', () => {
  it('sends the draft with the role by name and no names, and keeps the link to pass on', async () => {
    const requests: InviteRequest[] = []
    const invite = createActor(
      inviteMachine.provide({
        actors: {
          sendInvite: fromPromise(async ({ input }) => {
            requests.push(input)
            return { user: member(invitation('sent')), invite_link: 'https://rota.test/auth/accept/abc' }
          }),
        },
      }),
      { input: {} },
    ).start()
    const draft: InviteDraft = { email: 'sam@acme.test', role: 'Manager' }
    invite.send({ type: 'invite.send', draft })
    const sent = await waitFor(invite, (snapshot) => snapshot.matches('sent'))
    expect(requests).toEqual([{ draft, invitee: null }])
    expect(sent.context.link).toBe('https://rota.test/auth/accept/abc')
    expect(sent.can({ type: 'invite.revoke' })).toBe(true)
  })
})
