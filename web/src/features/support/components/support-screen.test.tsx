import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, staffProfile, tokens } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

describe('support', () => {
  it('names the administrators and Rota’s help, and copies diagnostic details without secrets', async () => {
    const server = fakeServer()
    server.on('GET /support', () => ({ body: { data: { administrators: [{ name: 'Jeanne Tremblay', email: 'jeanne@maple.test' }], help_url: 'https://help.rota.test', version: '1.4.2' } } }))
    const user = userEvent.setup()
    renderApp('/support', { user: staffProfile, server })
    const admins = await screen.findByRole('region', { name: 'Your administrators' })
    expect(within(admins).getByRole('link', { name: 'jeanne@maple.test' })).toHaveAttribute('href', 'mailto:jeanne@maple.test')
    expect(screen.getByRole('link', { name: 'Open Rota’s help' })).toHaveAttribute('href', 'https://help.rota.test')
    await user.click(screen.getByRole('button', { name: 'Copy diagnostic details' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied.'))
    const copied = await navigator.clipboard.readText()
    expect(copied).toContain('Rota 1.4.2')
    expect(copied).toContain(`Browser: ${navigator.userAgent}`)
    expect(copied).toMatch(/^Page: \//m)
    for (const secret of [tokens.token, tokens.refresh_token, staffProfile.email]) expect(copied).not.toContain(secret)
  })
})
