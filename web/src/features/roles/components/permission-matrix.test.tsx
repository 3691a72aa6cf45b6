import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { role } from '../../../testing/records.ts'
import { grantsOf, type Grants } from '../utils/grants.ts'
import { PermissionMatrix } from './permission-matrix.tsx'

function Editable({ onChange, readOnly = false }: { onChange?: (grants: Grants) => void; readOnly?: boolean }) {
  const [grants, setGrants] = useState(grantsOf(role()))
  return (
    <PermissionMatrix
      roleName="Dispatcher"
      grants={grants}
      readOnly={readOnly}
      onChange={(next) => {
        setGrants(next)
        onChange?.(next)
      }}
    />
  )
}

describe('the permission matrix', () => {
  it('shows each area\'s four rights, and ticks one at a time', async () => {
    const onChange = vi.fn()
    render(<Editable onChange={onChange} />)
    expect(screen.getByRole('table', { name: 'Rights of the role Dispatcher' })).toBeVisible()
    expect(screen.getByRole('checkbox', { name: 'Clients: Read' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Clients: Create' })).not.toBeChecked()
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Clients: Create' }))
    expect(screen.getByRole('checkbox', { name: 'Clients: Create' })).toBeChecked()
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ locations: { read: true, create: true, update: false, delete: false } }))
  })

  it('sets a whole area, a whole right or everything at once, and shows partial ones as mixed', async () => {
    render(<Editable />)
    const user = userEvent.setup()
    const clients = screen.getByRole('checkbox', { name: 'Every right on Clients' })
    expect(clients).toBePartiallyChecked()
    await user.click(clients)
    for (const action of ['Read', 'Create', 'Update', 'Delete']) expect(screen.getByRole('checkbox', { name: `Clients: ${action}` })).toBeChecked()
    const deleting = screen.getByRole('checkbox', { name: 'Delete in every area' })
    await user.click(deleting)
    expect(screen.getByRole('checkbox', { name: 'Audit Logs: Delete' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Audit Logs: Read' })).not.toBeChecked()
    await user.click(deleting)
    expect(screen.getByRole('checkbox', { name: 'Clients: Delete' })).not.toBeChecked()
    const everything = screen.getByRole('checkbox', { name: 'Every right in every area' })
    await user.click(everything)
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true)
  })

  it('moves between checkboxes with the arrow keys, and ticks with Space', async () => {
    render(<Editable />)
    const user = userEvent.setup()
    screen.getByRole('checkbox', { name: 'Schedules: Read' }).focus()
    await user.keyboard('{ArrowDown}{ArrowRight}')
    expect(screen.getByRole('checkbox', { name: 'Clients: Create' })).toHaveFocus()
    await user.keyboard(' ')
    expect(screen.getByRole('checkbox', { name: 'Clients: Create' })).toBeChecked()
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('checkbox', { name: 'Every right on Clients' })).toHaveFocus()
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(screen.getByRole('checkbox', { name: 'Every right in every area' })).toHaveFocus()
  })

  it('changes nothing when read-only', () => {
    render(<Editable readOnly />)
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true)
  })
})
