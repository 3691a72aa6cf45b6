import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../../testing/fake-server.ts'
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

  it('shows an administrator role with every right, which nobody can change', async () => {
    const server = fakeServer({ 'GET /role/{id}': () => ({ body: { data: role({ name: 'Super Admin', privileged: true }) } }) })
    renderApp(path, { user: adminProfile, server })
    expect(await screen.findByText('Administrator roles have every right and cannot be changed.')).toBeVisible()
    const boxes = screen.getAllByRole('checkbox')
    expect(boxes.every((box) => (box as HTMLInputElement).checked && (box as HTMLInputElement).disabled)).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save permissions' })).toBeNull()
  })
})
