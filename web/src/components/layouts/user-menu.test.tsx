import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { adminProfile } from '../../testing/fake-server.ts'
import { UserMenu } from './user-menu.tsx'

describe('the user menu', () => {
  it('names the person, links to the profile and signs out', async () => {
    const onSignOut = vi.fn()
    render(
      <Router hook={memoryLocation().hook}>
        <UserMenu user={adminProfile} onSignOut={onSignOut} />
      </Router>,
    )
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /Account menu: Jeanne Tremblay/ }))
    expect(screen.getByRole('menuitem', { name: 'Your profile' })).toHaveAttribute('href', '/profile')
    expect(screen.getByText('Super Admin')).toBeVisible()
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
    expect(onSignOut).toHaveBeenCalledOnce()
  })

  it('finds an item by typing its first letters, forgetting them after 350 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    render(
      <Router hook={memoryLocation().hook}>
        <UserMenu user={adminProfile} onSignOut={() => {}} />
      </Router>,
    )
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await user.click(screen.getByRole('button', { name: /Account menu/ }))
    const menu = screen.getByRole('menu')
    await user.keyboard('s')
    expect(menu).toHaveAttribute('aria-activedescendant', screen.getByRole('menuitem', { name: 'Sign out' }).id)
    await act(() => vi.advanceTimersByTimeAsync(350))
    await user.keyboard('y')
    expect(menu).toHaveAttribute('aria-activedescendant', screen.getByRole('menuitem', { name: 'Your profile' }).id)
    vi.useRealTimers()
  })
})
