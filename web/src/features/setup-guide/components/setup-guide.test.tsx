import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, settings, staffProfile } from '../../../testing/fake-server.ts'
import { forgetAll } from '../../../lib/sign-out.ts'
import { renderApp } from '../../../testing/render-app.tsx'

function serverWithGuide(completed: string) {
  return fakeServer({
    'GET /settings': () => ({ body: { data: { ...settings, completed_guided_setup: completed } } }),
    'PUT /settings': ({ body }) => ({ body: { data: { ...settings, ...(body as object) } } }),
  })
}

describe('the setup guide', () => {
  it('shows administrators their progress out of six and opens a step\'s page, marking it done', async () => {
    const server = serverWithGuide('settings')
    const { current } = renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    const badge = await screen.findByRole('button', { name: 'Setup guide: 1 of 6 steps done' })
    expect(badge).toHaveTextContent('1/6')
    await user.click(badge)
    expect(await screen.findByRole('dialog', { name: 'Set up Rota' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: /Roles and permissions/ }))

    await waitFor(() => expect(current()).toBe('/users/roles'))
    await waitFor(() => expect(server.called('PUT /settings')[0]?.body).toEqual({ completed_guided_setup: 'settings,roles' }))
    expect(await screen.findByRole('button', { name: 'Setup guide: 2 of 6 steps done' })).toBeVisible()
  })

  it('is gone for this session after Remind me later, without saving anything', async () => {
    const server = serverWithGuide('')
    renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /Setup guide/ }))
    await user.click(await screen.findByRole('button', { name: 'Remind me later' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /Setup guide/ })).toBeNull())
    expect(server.called('PUT /settings')).toHaveLength(0)
  })

  it('stays hidden after Remind me later when the page is reloaded, and comes back after signing out', async () => {
    const server = serverWithGuide('')
    const first = renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /Setup guide/ }))
    await user.click(await screen.findByRole('button', { name: 'Remind me later' }))
    await waitFor(() => expect(screen.queryByRole('button', { name: /Setup guide/ })).toBeNull())
    first.unmount()

    const reloaded = renderApp('/profile', { user: adminProfile, server })
    await screen.findByRole('heading', { name: 'Profile' })
    expect(screen.queryByRole('button', { name: /Setup guide/ })).toBeNull()
    reloaded.unmount()

    forgetAll()
    renderApp('/profile', { user: adminProfile, server })
    expect(await screen.findByRole('button', { name: /Setup guide/ })).toBeVisible()
  })

  it('is finished for good with Mark as completed', async () => {
    const server = serverWithGuide('roles')
    renderApp('/profile', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /Setup guide/ }))
    await user.click(await screen.findByRole('button', { name: 'Mark as completed' }))
    await waitFor(() => expect(server.called('PUT /settings')[0]?.body).toEqual({ completed_guided_setup: 'settings,roles,staffs,clients,services,schedules,all' }))
    expect(screen.queryByRole('button', { name: /Setup guide/ })).toBeNull()
  })

  it('is not offered to other roles, nor once finished', async () => {
    const staff = renderApp('/profile', { user: staffProfile, server: serverWithGuide('') })
    await screen.findByRole('heading', { name: 'Profile' })
    expect(screen.queryByRole('button', { name: /Setup guide/ })).toBeNull()
    staff.unmount()
    localStorage.clear()
    renderApp('/profile', { user: adminProfile, server: serverWithGuide('all') })
    await screen.findByRole('heading', { name: 'Profile' })
    expect(screen.queryByRole('button', { name: /Setup guide/ })).toBeNull()
  })
})
