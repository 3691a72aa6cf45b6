import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type FormEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button.tsx'

/** A form whose save runs until the test finishes it, as a save waits on the server. */
function SaveForm({ save }: { save: () => Promise<void> }) {
  const [pending, setPending] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setPending(true)
    void save().finally(() => setPending(false))
  }
  return (
    <form onSubmit={submit}>
      <label>
        Name <input name="name" />
      </label>
      <Button type="submit" loading={pending}>
        Save
      </Button>
    </form>
  )
}

describe('Button', () => {
  it('keeps the keyboard on the button through a save, and ignores presses and Enter until it is done', async () => {
    let finish = () => {}
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<SaveForm save={save} />)
    const user = userEvent.setup()
    const button = screen.getByRole('button', { name: 'Save' })
    button.focus()
    await user.keyboard('{Enter}')
    expect(save).toHaveBeenCalledTimes(1)
    // Busy, and said to be unavailable, yet still focusable: a disabled button would lose the focus to the page.
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).not.toHaveAttribute('disabled')
    expect(button).toHaveFocus()
    await user.keyboard('{Enter}')
    await user.click(button)
    await user.type(screen.getByLabelText('Name'), 'Zoë{Enter}')
    expect(save).toHaveBeenCalledTimes(1)
    finish()
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'))
    button.focus()
    await user.keyboard('{Enter}')
    expect(save).toHaveBeenCalledTimes(2)
  })

  it('is disabled, out of reach, when told so', async () => {
    const onClick = vi.fn()
    render(
      <Button disabled onClick={onClick}>
        Send
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Send' })
    expect(button).toBeDisabled()
    await userEvent.setup().click(button)
    expect(onClick).not.toHaveBeenCalled()
  })
})
