import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer, managerProfile, settings, staffProfile } from '../../../testing/fake-server.ts'
import { role } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

describe('the protected area', () => {
  it('sends a visitor who is not signed in to sign in, remembering the page and its query', async () => {
    const { current } = renderApp('/finances/invoices/edit/42?tab=lines')
    await waitFor(() => expect(current()).toBe('/auth?redirect=%2Ffinances%2Finvoices%2Fedit%2F42%3Ftab%3Dlines'))
    expect(await screen.findByRole('heading', { name: 'Sign in to Rota' })).toBeVisible()
  })

  it('opens the dashboard at / for administrators and the schedules for everyone else', async () => {
    const admin = renderApp('/', { user: adminProfile })
    await waitFor(() => expect(admin.current()).toBe('/dashboard'))
    admin.unmount()
    localStorage.clear()
    const staff = renderApp('/', { user: staffProfile })
    await waitFor(() => expect(staff.current()).toBe('/schedules'))
  })

  it('sends someone without the right to /profile before the page loads anything', async () => {
    const server = fakeServer()
    const { current } = renderApp('/users/create', { user: staffProfile, server })
    await waitFor(() => expect(current()).toBe('/profile'))
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeVisible()
    expect(screen.getByText('omar@maple.test')).toBeVisible()
  })

  it('keeps non-administrators off the dashboard, saying why', async () => {
    const { current } = renderApp('/dashboard', { user: managerProfile })
    await waitFor(() => expect(current()).toBe('/profile'))
    expect(await screen.findByText('You do not have access to Dashboard. Ask an administrator if you need it.')).toBeVisible()
  })

  it('says why on arrival when a page the role cannot read sent them to their profile, until they go elsewhere', async () => {
    const { current } = renderApp('/settings', { user: staffProfile })
    await waitFor(() => expect(current()).toBe('/profile'))
    expect(await screen.findByText('You do not have access to Settings. Ask an administrator if you need it.')).toBeVisible()
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'Support' }))
    await waitFor(() => expect(current()).toBe('/support'))
    expect(screen.queryByText(/You do not have access/)).toBeNull()
  })

  it('says nothing when the profile was asked for, or / leads there', async () => {
    const noSchedules = { ...staffProfile, permissions: [] }
    renderApp('/', { user: noSchedules })
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeVisible()
    expect(screen.queryByText(/You do not have access/)).toBeNull()
  })

  it('shows each person the menu their role allows, with groups linking to their first readable page', async () => {
    renderApp('/profile', { user: managerProfile })
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link').map((link) => link.textContent)
    expect(links).toEqual(['Schedules', 'Communications', 'Settings', 'Profile', 'Support', 'FAQ'])
    const group = within(nav).getByRole('button', { name: 'User Management' })
    await userEvent.setup().click(group)
    expect(within(nav).getByRole('link', { name: 'Team Members' })).toHaveAttribute('href', '/users')
    expect(within(nav).queryByRole('link', { name: 'Roles' })).toBeNull()
  })

  it('hides the action buttons a role may not use', async () => {
    const manager = renderApp('/users', { user: managerProfile })
    expect(await screen.findByRole('link', { name: 'Invite a team member' })).toHaveAttribute('href', '/users/create')
    manager.unmount()
    localStorage.clear()
    renderApp('/finances/invoices', { user: { ...managerProfile, permissions: [...managerProfile.permissions, { model_name: 'invoices', name: 'Invoices', read: true, create: false, update: false, delete: false }] } })
    expect(await screen.findByRole('heading', { name: 'Invoices' })).toBeVisible()
    expect(screen.queryByRole('link', { name: 'New invoice' })).toBeNull()
  })

  it('names the business from its settings and says so in the footer', async () => {
    renderApp('/profile', { user: adminProfile })
    expect(await screen.findByRole('link', { name: 'Maple Cleaning' })).toHaveAttribute('href', '/')
    expect(screen.getByText('Maple Cleaning · powered by Rota')).toBeVisible()
  })

  it('shows a business name too long for the sidebar whole on hover, cut with an ellipsis', async () => {
    const name = 'Les Entreprises de Nettoyage Commercial et Résidentiel du Grand Montréal Inc.'
    const server = fakeServer({ 'GET /settings': () => ({ body: { data: { ...settings, business_name: name } } }) })
    renderApp('/profile', { user: adminProfile, server })
    const [badge] = await screen.findAllByTitle(name)
    expect(badge).toHaveTextContent(name)
    expect(badge).toHaveClass('truncate', 'min-w-0')
  })

  it('names the built-in roles in the reader\'s language, keeping the names the business gave its own', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const server = fakeServer({ 'GET /role': () => ({ body: { data: { count: 3, rows: [role({ id: '00000000-0000-4000-8000-000000000901', name: 'System Administrator', privileged: true }), role({ name: 'Dispatcher' }), role({ id: '00000000-0000-4000-8000-000000000903', name: 'Staff' })] } } }) })
    renderApp('/users/roles', { user: adminProfile, server })
    expect(await screen.findByRole('link', { name: 'Administrateur système' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Employé' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Dispatcher' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Permissions du rôle Administrateur système' })).toBeVisible()
    expect(screen.queryByText('System Administrator')).toBeNull()
  })

  it('asks for the alerts only for those who may read the settings', async () => {
    const forManager = fakeServer({ 'GET /alerts': () => ({ body: { data: [{ id: 'a1', level: 'warning', key: 'unknown_key', values: {}, link: '/settings' }] } }) })
    const manager = renderApp('/profile', { user: managerProfile, server: forManager })
    expect(await screen.findByText('Something needs your attention.')).toBeVisible()
    expect(forManager.called('GET /alerts')).toHaveLength(1)
    manager.unmount()
    localStorage.clear()
    const forStaff = fakeServer()
    renderApp('/profile', { user: staffProfile, server: forStaff })
    await screen.findByRole('heading', { name: 'Profile' })
    expect(forStaff.called('GET /alerts')).toHaveLength(0)
  })

  it('signs out from the user menu, clears the stored session and lands on sign-in', async () => {
    const { server, current } = renderApp('/profile', { user: adminProfile })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /Account menu: Jeanne Tremblay/ }))
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    await waitFor(() => expect(current()).toBe('/auth'))
    expect(server.called('POST /auth/logout')[0]?.body).toEqual({ refresh_token: 'refresh-token-1' })
    expect(localStorage.getItem('rota.token')).toBeNull()
    expect(localStorage.getItem('rota.user')).toBeNull()
  })

  it('ends the session when the server no longer knows the token', async () => {
    const server = fakeServer({ 'GET /profile': () => ({ status: 401, body: { message: 'Please sign in.', code: 'unauthenticated' } }) })
    localStorage.setItem('rota.token', 'old')
    localStorage.setItem('rota.refresh_token', 'old-refresh')
    const { current } = renderApp('/schedules', { server })
    await waitFor(() => expect(current()).toBe('/auth?redirect=%2Fschedules'))
    expect(localStorage.getItem('rota.token')).toBeNull()
  })

  it('logs a refresh that failed, then ends the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const server = fakeServer({
      'GET /profile': () => ({ status: 403, body: { message: 'Your session has expired.', code: 'token_expired' } }),
      'POST /auth/refresh_token': () => ({ status: 401, body: { message: 'Please sign in.', code: 'unauthenticated' } }),
    })
    localStorage.setItem('rota.token', 'old')
    localStorage.setItem('rota.refresh_token', 'old-refresh')
    const { current } = renderApp('/schedules', { server })
    await waitFor(() => expect(current()).toBe('/auth?redirect=%2Fschedules'))
    expect(server.called('POST /auth/refresh_token')).toHaveLength(1)
    expect(warn).toHaveBeenCalledWith('Rota: the session could not be renewed:', 'Please sign in.')
    warn.mockRestore()
  })
})
