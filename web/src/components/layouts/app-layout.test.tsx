import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer } from '../../testing/fake-server.ts'
import { renderApp } from '../../testing/render-app.tsx'

afterEach(() => localStorage.removeItem('rota.sidebar-collapsed'))

describe('the sidebar', () => {
  it('collapses to icons, and is kept so for the next visit', async () => {
    renderApp('/profile', { user: adminProfile, server: fakeServer() })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Collapse the sidebar' }))
    expect(await screen.findByRole('button', { name: 'Expand the sidebar' })).toBeInTheDocument()
    expect(localStorage.getItem('rota.sidebar-collapsed')).toBe('true')
  })

  it('starts as the last visit left it', async () => {
    localStorage.setItem('rota.sidebar-collapsed', 'true')
    vi.resetModules()
    const { sidebarCollapsedAtom } = await import('./layout-state.ts')
    expect(createStore().get(sidebarCollapsedAtom)).toBe(true)
  })
})
