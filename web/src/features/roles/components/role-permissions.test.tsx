import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, managerProfile, permissionEntry } from '../../../testing/fake-server.ts'
import { role } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const dispatcher = role()
const path = `/users/roles/permissions/${dispatcher.id}`

describe('a role\'s permissions page', () => {
  it('saves the whole matrix with the version read, and asks before leaving unsaved changes', async () => {
    const server = fakeServer({
      'GET /role/{id}': () => ({ body: { data: dispatcher } }),
      'PUT /role/{id}': ({ body }) => ({ body: { data: { ...dispatcher, permissions: (body as { permissions: typeof dispatcher.permissions }).permissions, version: 4 }, message: 'Saved.' } }),
    })
    const { current } = renderApp(path, { user: adminProfile, server })
    const user = userEvent.setup()
    expect(await screen.findByText('Permissions of Dispatcher')).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: 'Clients: Update' }))
    expect(screen.getByText('You have unsaved changes.')).toBeVisible()

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Services' }))
    const leave = await screen.findByRole('alertdialog', { name: 'Leave without saving?' })
    await user.click(within(leave).getByRole('button', { name: 'Cancel' }))
    expect(current()).toBe(path)

    await user.click(screen.getByRole('button', { name: 'Save permissions' }))
    await waitFor(() => expect(server.called('PUT /role/{id}')).toHaveLength(1))
    const body = server.called('PUT /role/{id}')[0]?.body as { permissions: { model_name: string; update: boolean }[]; version: number }
    expect(body.version).toBe(3)
    expect(body.permissions).toHaveLength(15)
    expect(body.permissions.find((entry) => entry.model_name === 'locations')).toMatchObject({ read: true, update: true, delete: false })
    expect(await screen.findByText('All changes are saved.')).toBeVisible()
  })

  it('says when someone else saved the role first, and reloads it', async () => {
    let version = 3
    const server = fakeServer({
      'GET /role/{id}': () => ({ body: { data: { ...dispatcher, version } } }),
      'PUT /role/{id}': () => ({ status: 409, body: { message: 'Someone else changed this record. Reload it and try again.', code: 'stale_version' } }),
    })
    renderApp(path, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: 'Roles: Read' }))
    await user.click(screen.getByRole('button', { name: 'Save permissions' }))
    expect(await screen.findByText('Someone else changed this record. Reload it and try again.')).toBeVisible()
    version = 5
    await user.click(screen.getByRole('button', { name: 'Reload the latest version' }))
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Roles: Read' })).not.toBeChecked())
    expect(screen.getByText('All changes are saved.')).toBeVisible()
  })

  it('greys out the rights the editor does not hold, which the row and column checkboxes leave alone, and lets one take away a right the role has', async () => {
    // A manager who may edit roles, schedules and clients, and read the rest of nothing.
    const editor = {
      ...managerProfile,
      permissions: [permissionEntry('roles', { read: true, update: true }), permissionEntry('schedules', { read: true, create: true, update: true, delete: true }), permissionEntry('locations', { read: true, create: true })],
    }
    const server = fakeServer({
      'GET /role/{id}': () => ({ body: { data: role({ permissions: [...dispatcher.permissions.filter((entry) => entry.model_name !== 'settings'), { model_name: 'settings', name: 'settings', read: true, create: false, update: false, delete: false }] }) } }),
      'PUT /role/{id}': ({ body }) => ({ body: { data: { ...dispatcher, permissions: (body as { permissions: typeof dispatcher.permissions }).permissions, version: 4 }, message: 'Saved.' } }),
    })
    renderApp(path, { user: editor, server })
    const user = userEvent.setup()
    expect(await screen.findByText('Rights you do not hold yourself are greyed out: only someone who holds a right can give it.')).toBeVisible()
    expect(screen.getByRole('checkbox', { name: 'Clients: Create' })).toBeEnabled()
    expect(screen.getByRole('checkbox', { name: 'Clients: Update' })).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Invoices: Read' })).toBeDisabled()
    // The role reads the settings though the editor does not: the right may be taken away, and given back.
    const settingsRead = screen.getByRole('checkbox', { name: 'Settings: Read' })
    expect(settingsRead).toBeEnabled()
    await user.click(settingsRead)
    expect(settingsRead).not.toBeChecked()
    // A whole area the editor holds nothing of cannot be ticked at once; a whole right ticks only what they hold.
    expect(screen.getByRole('checkbox', { name: 'Every right on Invoices' })).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Create in every area' }))
    expect(screen.getByRole('checkbox', { name: 'Schedules: Create' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Invoices: Create' })).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Save permissions' }))
    await waitFor(() => expect(server.called('PUT /role/{id}')).toHaveLength(1))
    const body = server.called('PUT /role/{id}')[0]?.body as { permissions: { model_name: string; read: boolean; create: boolean }[] }
    const given = body.permissions.flatMap((entry) => (['read', 'create'] as const).filter((action) => entry[action]).map((action) => `${entry.model_name}:${action}`))
    expect(given.sort()).toEqual(['locations:create', 'locations:read', 'schedules:create', 'schedules:read'])
  })

  it('shows an administrator role with every right, which nobody can change', async () => {
    const server = fakeServer({ 'GET /role/{id}': () => ({ body: { data: role({ name: 'Super Admin', privileged: true }) } }) })
    renderApp(path, { user: adminProfile, server })
    expect(await screen.findByText('Administrator roles have every right and cannot be changed.')).toBeVisible()
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes.every((box) => (box as HTMLInputElement).checked && (box as HTMLInputElement).disabled)).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull()
  })
})
