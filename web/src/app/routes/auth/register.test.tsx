import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, tokens } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

async function fillOwner() {
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Business name'), 'Érable Ménage Inc.')
  await user.type(screen.getByLabelText('First name'), 'Jeanne')
  await user.type(screen.getByLabelText('Last name'), 'Tremblay')
  await user.type(screen.getByLabelText('E-mail address'), 'jeanne@maple.test')
  await user.type(screen.getByLabelText('Password'), 'maple syrup forever')
  return user
}

describe('registering a business', () => {
  it('suggests a business id from the name and signs the new owner in', async () => {
    const server = fakeServer({ 'POST /business': () => ({ body: { data: tokens, message: 'Welcome to Rota! Your business is ready.' } }) })
    const { current } = renderApp('/register', { server })
    const user = await fillOwner()
    expect(screen.getByLabelText('Business ID')).toHaveValue('erable-menage-inc')
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Halifax')
    await user.click(screen.getByRole('button', { name: 'Create my business' }))

    await waitFor(() => expect(current()).toBe('/dashboard'))
    expect(server.called('POST /business')[0]?.body).toEqual({
      business_id: 'erable-menage-inc',
      business_name: 'Érable Ménage Inc.',
      firstname: 'Jeanne',
      lastname: 'Tremblay',
      email: 'jeanne@maple.test',
      password: 'maple syrup forever',
      timezone: 'America/Halifax',
      locale: 'en',
    })
  })

  it('sends the province chosen, which sets the business\'s tax province, and the language the page is in', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const server = fakeServer({ 'POST /business': () => ({ body: { data: tokens } }) })
    renderApp('/register', { server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText("Nom de l'entreprise"), 'Érable Ménage Inc.')
    expect(screen.getByLabelText('Province ou territoire')).toHaveAccessibleDescription(/province de taxe de vente/)
    await user.selectOptions(screen.getByLabelText('Province ou territoire'), 'Nouveau-Brunswick')
    await user.type(screen.getByLabelText('Prénom'), 'Jeanne')
    await user.type(screen.getByLabelText('Nom'), 'Tremblay')
    await user.type(screen.getByLabelText('Adresse courriel'), 'jeanne@maple.test')
    await user.type(screen.getByLabelText('Mot de passe'), 'maple syrup forever')
    await user.click(screen.getByRole('button', { name: 'Créer mon entreprise' }))
    await waitFor(() => expect(server.called('POST /business')).toHaveLength(1))
    expect(server.called('POST /business')[0]?.body).toMatchObject({ locale: 'fr', province: 'NB' })
  })

  it('shows the server\'s word on a field it refused', async () => {
    const server = fakeServer({
      'POST /business': () => ({ status: 409, body: { message: 'This business ID is already taken. Choose another.', code: 'business_taken', details: { business_id: 'Taken' } } }),
    })
    renderApp('/register', { server })
    const user = await fillOwner()
    await user.click(screen.getByRole('button', { name: 'Create my business' }))
    // Said once, beside the field, in the reader's language (the answer's message, not its details' English).
    await waitFor(() => expect(screen.getByLabelText('Business ID')).toHaveAccessibleDescription(/This business ID is already taken. Choose another./))
    expect(screen.getByLabelText('Business ID')).toHaveFocus()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('checks every field with the contract\'s rules before sending', async () => {
    const server = fakeServer()
    renderApp('/register', { server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Create my business' }))
    expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/This field is required/)
    expect(server.called('POST /business')).toHaveLength(0)
  })
})
