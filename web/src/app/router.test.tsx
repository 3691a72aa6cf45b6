import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer } from '../testing/fake-server.ts'
import { renderApp } from '../testing/render-app.tsx'

describe('the router', () => {
  it('answers an unknown path with the 404 page, signed in or not, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: "Oops! The page you're looking for doesn't exist." })).toBeVisible()
    // The console line comes from an effect, which may run just after the heading shows.
    await waitFor(() => expect(logged).toHaveBeenCalledWith('404: no page at /no/such/page'))
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
    logged.mockRestore()
  })

  it('shows every area of SPEC.md §2 with its heading', async () => {
    const pages: [string, string][] = [
      ['/users/roles/permissions/r1', 'Role permissions'],
      ['/timeoff', 'Time Off Requests'],
      ['/timeoff/timeoff-categories', 'Time Off Categories'],
      ['/finances/payrolls/preview/p1', 'Payroll preview'],
      ['/communications', 'Chat'],
      ['/report', 'Timesheet Report'],
      ['/audit-logs', 'Audit'],
    ]
    for (const [path, heading] of pages) {
      const view = renderApp(path, { user: adminProfile })
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible()
      view.unmount()
    }
  })

  it('opens /finances on the invoices', async () => {
    const { current } = renderApp('/finances', { user: adminProfile })
    await waitFor(() => expect(current()).toBe('/finances/invoices'))
  })

  it('switches the language from the footer, and remembers it for the signed-in user\'s e-mails', async () => {
    const server = fakeServer({ 'PUT /profile': ({ body }) => ({ body: { data: { ...adminProfile, ...(body as object) } } }) })
    renderApp('/profile', { user: adminProfile, server })
    await screen.findByRole('heading', { name: 'Profile' })
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français')
    expect(await screen.findByRole('heading', { name: 'Profil' })).toBeVisible()
    expect(document.documentElement.lang).toBe('fr')
    await waitFor(() => expect(server.called('PUT /profile')[0]?.body).toEqual({ locale: 'fr' }))
  })
})
