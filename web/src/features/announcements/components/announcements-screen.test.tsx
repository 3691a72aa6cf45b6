import type { Announcement } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uniforms: Announcement = {
  id: '00000000-0000-4000-8000-00000000e001',
  title: 'New uniforms',
  body: 'Pick them up **Monday**. <script>alert(1)</script>',
  roles: [],
  pinned: true,
  requires_ack: true,
  author: { id: adminProfile.id, name: 'Jeanne Tremblay' },
  created_at: '2025-03-05T15:00:00Z',
  updated_at: '2025-03-05T15:00:00Z',
  version: 1,
  addressed_to_me: true,
  read_at: null,
  acknowledged_at: null,
  stats: null,
}

function newsServer(rows: Announcement[]) {
  const server = fakeServer()
  server.on('GET /announcement', () => ({ body: { data: { count: rows.length, rows } } }))
  server.on('POST /announcement/{id}/receipt', ({ body }) => {
    const ack = (body as { acknowledge: boolean }).acknowledge
    rows[0] = { ...rows[0]!, read_at: '2025-03-05T16:00:00Z', ...(ack ? { acknowledged_at: '2025-03-05T16:00:00Z' } : {}) }
    return { body: { data: rows[0] } }
  })
  server.on('GET /announcement/roles', () => ({ body: { data: [{ id: '00000000-0000-4000-8000-00000000f001', name: 'Staff' }] } }))
  server.on('POST /announcement', ({ body }) => ({ status: 201, body: { data: { ...uniforms, ...(body as object), id: '00000000-0000-4000-8000-00000000e002' }, message: 'Announcement posted.' } }))
  server.on('GET /announcement/{id}/recipients', () => ({
    body: { data: [{ person: { id: staffProfile.id, name: 'Omar Haddad' }, read_at: '2025-03-05T16:00:00Z', acknowledged_at: null }] },
  }))
  return server
}

describe('announcements', () => {
  it('marks what a recipient is shown read, renders its Markdown without scripts, and takes the acknowledgement', async () => {
    const server = newsServer([{ ...uniforms }])
    const user = userEvent.setup()
    renderApp('/communications/announcements', { user: staffProfile, server })
    const card = await screen.findByRole('article', { name: 'New uniforms' })
    expect(within(card).getByText('Monday').tagName).toBe('STRONG')
    expect(card.querySelector('script')).toBeNull()
    expect(within(card).getByText('Pinned')).toBeInTheDocument()
    await waitFor(() => expect(server.called('POST /announcement/{id}/receipt')[0]?.body).toEqual({ acknowledge: false }))
    expect(screen.queryByRole('button', { name: 'New announcement' })).not.toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Acknowledge' }))
    await waitFor(() => expect(server.called('POST /announcement/{id}/receipt').some((call) => (call.body as { acknowledge: boolean }).acknowledge)).toBe(true))
    expect(await within(card).findByText('You acknowledged this.')).toBeInTheDocument()
  })

  it('lets whoever runs the schedule post to roles and see who read it', async () => {
    const server = newsServer([{ ...uniforms, addressed_to_me: false, stats: { recipients: 4, read: 1, acknowledged: 0 } }])
    const user = userEvent.setup()
    renderApp('/communications/announcements', { user: adminProfile, server })
    const card = await screen.findByRole('article', { name: 'New uniforms' })
    expect(within(card).getByText('Read by 1 of 4, acknowledged by 0')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Who has read it' }))
    const dialog = await screen.findByRole('dialog', { name: 'Who received “New uniforms”' })
    expect(await within(dialog).findByRole('cell', { name: 'Omar Haddad' })).toBeInTheDocument()
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!)

    await user.click(screen.getByRole('button', { name: 'New announcement' }))
    const form = await screen.findByRole('dialog', { name: 'New announcement' })
    // Posted empty, it says what is missing in the app's words, not the browser's.
    await user.click(within(form).getByRole('button', { name: 'Post' }))
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('This field is required.')
    expect(within(form).getByLabelText(/^Message/)).toHaveAccessibleDescription(expect.stringContaining('This field is required.'))
    expect(server.called('POST /announcement')).toHaveLength(0)
    await user.type(within(form).getByLabelText('Title'), 'Snow day')
    await user.type(within(form).getByLabelText(/^Message/), 'Stay home.')
    await user.click(await within(form).findByRole('checkbox', { name: 'Staff' }))
    await user.click(within(form).getByRole('checkbox', { name: 'Ask everyone to acknowledge it' }))
    await user.click(within(form).getByRole('button', { name: 'Post' }))
    await waitFor(() => expect(server.called('POST /announcement')[0]?.body).toEqual({ title: 'Snow day', body: 'Stay home.', role_ids: ['00000000-0000-4000-8000-00000000f001'], pinned: false, requires_ack: true }))
  })

  it('names the roles it may go to in the reader\'s language', async () => {
    await i18next.changeLanguage('fr')
    const server = newsServer([{ ...uniforms, addressed_to_me: false, roles: [{ id: '00000000-0000-4000-8000-00000000f001', name: 'Staff' }], stats: { recipients: 4, read: 1, acknowledged: 0 } }])
    renderApp('/communications/announcements', { user: adminProfile, server })
    const card = await screen.findByRole('article', { name: 'New uniforms' })
    expect(within(card).getByText(/Employé/)).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nouvelle annonce' }))
    const form = await screen.findByRole('dialog', { name: 'Nouvelle annonce' })
    expect(await within(form).findByRole('checkbox', { name: 'Employé' })).toBeInTheDocument()
  })
})
