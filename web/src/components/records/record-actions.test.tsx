import { ApiError } from '@rota/core'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { RecordActions } from './record-actions.tsx'

const stale = new ApiError({ status: 409, code: 'stale_version', message: 'Someone else changed this record. Reload it and try again.' })

describe('RecordActions', () => {
  it('offers exactly the allowed events, in their order, named by their translation', async () => {
    const { rerender } = render(<RecordActions allowed={['invoice.send', 'invoice.void']} send={vi.fn()} />)
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Send', 'Void'])
    rerender(<RecordActions allowed={['invoice.payment']} send={vi.fn()} />)
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Record a payment'])
    await i18next.changeLanguage('fr')
    rerender(<RecordActions allowed={['timeoff.cancellation.approve', 'timeoff.cancellation.refuse']} send={vi.fn()} />)
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(["Approuver l'annulation", "Refuser l'annulation"])
    rerender(<RecordActions allowed={[]} send={vi.fn()} />)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('sends a step forward at once, and keeps the other buttons waiting while it runs', async () => {
    let finish = () => {}
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<RecordActions allowed={['timesheet.approve', 'timesheet.reject']} options={{ 'timesheet.approve': { tone: 'primary' } }} send={send} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(send).toHaveBeenCalledWith('timesheet.approve', {})
    // The one pressed spins and ignores presses, yet keeps the focus; the others are disabled.
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(send).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Reject' })).toBeDisabled()
    finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled())
  })

  it('keeps the keyboard in place when the button pressed goes away: focus moves to the first one left', async () => {
    const { rerender } = render(<RecordActions allowed={['timesheet.approve', 'timesheet.reject']} send={async () => {}} />)
    const approve = screen.getByRole('button', { name: 'Approve' })
    approve.focus()
    await userEvent.setup().keyboard('{Enter}')
    // The record comes back approved: its buttons are others.
    rerender(<RecordActions allowed={['timesheet.reopen']} send={async () => {}} />)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen' })).toHaveFocus())
  })

  it('asks before a destructive event, and sends nothing when the answer is no', async () => {
    const send = vi.fn(async () => {})
    render(<RecordActions allowed={['shift.publish', 'shift.cancel']} send={send} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Cancel shift' }))
    let question = await screen.findByRole('alertdialog', { name: 'Confirm: Cancel shift' })
    expect(question).toHaveTextContent("Rota keeps who did it, and when, in this record's history.")
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(send).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Cancel shift' }))
    question = await screen.findByRole('alertdialog', { name: 'Confirm: Cancel shift' })
    await user.click(within(question).getByRole('button', { name: 'Cancel shift' }))
    await waitFor(() => expect(send).toHaveBeenCalledWith('shift.cancel', {}))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('asks the screen\'s own question when it has one', async () => {
    const send = vi.fn(async () => {})
    render(<RecordActions allowed={['delete']} options={{ delete: { confirm: { title: 'Delete the client Maple?', text: 'Its history goes with it.' } } }} send={send} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const question = await screen.findByRole('alertdialog', { name: 'Delete the client Maple?' })
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(send).toHaveBeenCalledWith('delete', {}))
  })

  it('asks for the reason an event takes, and sends it with the event', async () => {
    const send = vi.fn(async () => {})
    render(<RecordActions allowed={['expense.reject']} options={{ 'expense.reject': { reason: { label: 'Why is it rejected?', field: 'note' } } }} send={send} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm: Reject' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(within(dialog).getByLabelText('Why is it rejected?')).toHaveAccessibleDescription('Enter a reason.')
    expect(send).not.toHaveBeenCalled()
    await user.type(within(dialog).getByLabelText('Why is it rejected?'), '  No receipt attached  ')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(send).toHaveBeenCalledWith('expense.reject', { note: 'No receipt attached' }))
  })

  it('sends an optional note only when one is typed', async () => {
    const send = vi.fn(async () => {})
    render(<RecordActions allowed={['shift.cancel']} options={{ 'shift.cancel': { reason: { label: 'Note for the staff', field: 'note', optional: true } } }} send={send} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Cancel shift' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Confirm: Cancel shift' })
    expect(within(dialog).getByLabelText('Note for the staff')).not.toBeRequired()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel shift' }))
    await waitFor(() => expect(send).toHaveBeenLastCalledWith('shift.cancel', {}))

    await user.click(screen.getByRole('button', { name: 'Cancel shift' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Confirm: Cancel shift' })
    await user.type(within(dialog).getByLabelText('Note for the staff'), 'The client is closed')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel shift' }))
    await waitFor(() => expect(send).toHaveBeenLastCalledWith('shift.cancel', { note: 'The client is closed' }))
  })

  it('offers to reload a record someone else changed first, and gives a business rule\'s refusal in the server\'s words', async () => {
    const onReload = vi.fn()
    const send = vi.fn().mockRejectedValueOnce(stale).mockRejectedValueOnce(new ApiError({ status: 422, code: 'transition_not_allowed', message: 'This payroll is already paid.' }))
    render(<RecordActions allowed={['payroll.approve']} send={send} onReload={onReload} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Someone else changed this record. Reload it and try again.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Reload the latest version' }))
    expect(onReload).toHaveBeenCalledOnce()
    expect(screen.queryByRole('alert')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('This payroll is already paid.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Reload the latest version' })).toBeNull()
  })

  it('names an event this build does not know as the server sent it', () => {
    render(<RecordActions allowed={['shift.pause']} send={vi.fn()} />)
    expect(screen.getByRole('button', { name: 'shift.pause' })).toBeVisible()
  })
})
