import { describe, expect, it } from 'vitest'
import { missingTransitions } from '../test/coverage.ts'
import { machineModel, pathName } from '../test/model.ts'
import { answeredByModel, walk, type Meanings, type World } from '../test/walk.ts'
import { inviteMachine, inviteStatus, type InviteContext, type InviteRecord } from './invite-machine.ts'

const now = new Date('2025-03-01T12:00:00Z')
const record = (fields: Partial<InviteRecord> = {}): InviteRecord => ({
  id: 'invite-1',
  email: 'sam@acme.test',
  expires_at: '2025-03-08T12:00:00Z',
  accepted_at: null,
  revoked_at: null,
  ...fields,
})

describe('inviteStatus', () => {
  it('reads accepted and revoked before the expiry, and expiry against the clock', () => {
    expect(inviteStatus(record(), now)).toBe('sent')
    expect(inviteStatus(record({ expires_at: '2025-03-01T12:00:00Z' }), now)).toBe('expired')
    expect(inviteStatus(record({ expires_at: '2025-02-01T00:00:00Z', accepted_at: '2025-01-30T10:00:00Z' }), now)).toBe('accepted')
    expect(inviteStatus(record({ expires_at: '2025-02-01T00:00:00Z', revoked_at: '2025-01-30T10:00:00Z' }), now)).toBe('revoked')
  })
})

const meanings: Meanings<World> = {
  draft: ({ context }: { context: InviteContext }, { event }) => {
    expect(context.invite).toBeNull()
    if (event.type.startsWith('xstate.error.')) expect(context.error).toMatch(/\S/)
  },
  sent: ({ context }: { context: InviteContext }, { event }) => {
    expect(context.invite).toMatchObject({ accepted_at: null, revoked_at: null })
    expect(context.expired).toBe(false)
    if (event.type === 'xstate.done.actor.sendInvite') expect(context.invite).toEqual(event.output)
    if (event.type.startsWith('xstate.error.')) expect(context.error).toMatch(/\S/)
  },
  expired: ({ context }: { context: InviteContext }) => {
    expect(context.expired).toBe(true)
    expect(context.invite).not.toBeNull()
  },
  accepted: (snapshot) => {
    expect(snapshot.status).toBe('done')
  },
  revoked: (snapshot) => {
    expect(snapshot.status).toBe('done')
    expect(snapshot.can({ type: 'invite.resend' })).toBe(false)
  },
}

const inputs = [
  {},
  { invite: record(), now },
  { invite: record({ expires_at: '2025-02-22T12:00:00Z' }), now },
  { invite: record({ accepted_at: '2025-03-01T09:00:00Z' }), now },
  { invite: record({ revoked_at: '2025-03-01T09:00:00Z' }), now },
]
const failure = [{ error: new Error('Network error') }]
const walks = inputs.map((input) => ({
  input,
  paths: machineModel(inviteMachine, {
    input,
    events: () => ({
      'invite.send': [{ draft: { email: 'sam@acme.test', firstname: 'Sam', lastname: 'Roy', role_id: 'role-staff' } }],
      'xstate.done.actor.sendInvite': [{ output: record({ expires_at: '2025-03-09T12:00:00Z' }) }],
      'xstate.error.actor.sendInvite': failure,
      'xstate.done.actor.revokeInvite': [{ output: record({ revoked_at: '2025-03-02T12:00:00Z' }) }],
      'xstate.error.actor.revokeInvite': failure,
    }),
  }).getShortestPaths(),
}))

describe('invite machine (model)', () => {
  it('walks every transition, starting from a draft and from each kind of server record', () => {
    expect(missingTransitions(inviteMachine, walks)).toEqual([])
  })

  const cases = walks.flatMap(({ input, paths }) => paths.map((path) => [`${input.invite ? inviteStatus(input.invite, now) : 'draft'}: ${pathName(path)}`, input, path] as const))
  it.each(cases)('%s', (_, input, path) =>
    walk(path, { machine: inviteMachine, world: { actors: { sendInvite: answeredByModel, revokeInvite: answeredByModel } }, meanings, input }),
  )
})
