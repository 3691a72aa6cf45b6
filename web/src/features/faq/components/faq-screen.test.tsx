import type { Faq } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { markdownHtml } from '../../../components/ui/markdown.tsx'

const faq = (id: number, category: string, question: string, answer: string, position = 0): Faq => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  category,
  question,
  answer,
  position,
  version: 1,
  created_at: '2025-03-05T15:00:00Z',
  updated_at: '2025-03-05T15:00:00Z',
})
const rows = [
  faq(1, 'Access', 'How do I reset my password?', 'Use [Forgot password](https://rota.test/auth/forget-password).'),
  faq(2, 'Pay', 'When is payday?', 'Every second **Friday**. <img src=x onerror="alert(1)"> [x](javascript:alert(1))', 0),
  faq(3, 'Pay', 'Where are my hours?', 'Under *Timesheets*.', 1),
]

function faqServer() {
  const server = fakeServer()
  server.on('GET /faq', ({ query }) => ({ body: { data: query.get('q') ? rows.filter((row) => row.question.toLowerCase().includes(query.get('q')!.toLowerCase())) : rows } }))
  server.on('PUT /faq/{id}', ({ body, path }) => ({ body: { data: { ...rows.find((row) => path.endsWith(row.id))!, ...(body as object) } } }))
  server.on('POST /faq', ({ body }) => ({ status: 201, body: { data: faq(9, 'Pay', 'x', 'y'), ...(body ? {} : {}) } }))
  return server
}

describe('the FAQ', () => {
  it('shows questions by category, opens on sanitised Markdown answers, and searches', async () => {
    const server = faqServer()
    const user = userEvent.setup()
    renderApp('/faq', { user: staffProfile, server })
    const pay = await screen.findByRole('region', { name: 'Pay' })
    expect(within(screen.getByRole('region', { name: 'Access' })).getByText('How do I reset my password?')).toBeInTheDocument()
    expect(within(pay).getAllByText(/\?$/).map((item) => item.textContent)).toEqual(['When is payday?', 'Where are my hours?'])
    await user.click(within(pay).getByText('When is payday?'))
    expect(within(pay).getByText('Friday').tagName).toBe('STRONG')
    expect(pay.querySelector('[onerror]')).toBeNull()
    expect(pay.querySelector('a[href^="javascript"]')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add a question' })).not.toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search the questions' }), 'hours')
    await waitFor(() => expect(screen.queryByText('When is payday?')).not.toBeInTheDocument())
    expect(screen.getByText('Where are my hours?')).toBeInTheDocument()
  })

  it('lets an administrator order and add questions', async () => {
    const server = faqServer()
    const user = userEvent.setup()
    renderApp('/communications/faqs', { user: adminProfile, server })
    await screen.findByText('Where are my hours?')
    await user.click(screen.getByRole('button', { name: 'Move “Where are my hours?” up' }))
    await waitFor(() => expect(server.called('PUT /faq/{id}')).toHaveLength(2))
    expect(server.called('PUT /faq/{id}').map((call) => [call.path, call.body])).toEqual([
      [`/faq/${rows[2]!.id}`, { position: 0, version: 1 }],
      [`/faq/${rows[1]!.id}`, { position: 1, version: 1 }],
    ])
    await user.click(screen.getByRole('button', { name: 'Add a question' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add a question' })
    await user.clear(within(dialog).getByLabelText('Category'))
    await user.type(within(dialog).getByLabelText('Category'), 'Uniforms')
    await user.type(within(dialog).getByLabelText('Question'), 'Who washes them?')
    await user.type(within(dialog).getByLabelText(/^Answer/), 'You do, **weekly**.')
    expect(within(dialog).getByText('weekly').tagName).toBe('STRONG')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.called('POST /faq')[0]?.body).toEqual({ category: 'Uniforms', question: 'Who washes them?', answer: 'You do, **weekly**.' }))
  })

  it('sanitises Markdown: typed HTML shows as text, unsafe addresses lead nowhere, links open in a new tab', () => {
    const html = markdownHtml('<script>alert(1)</script>\n\nSee <b onclick="x()">b</b> [bad](javascript:alert(1)) ![img](data:text/html,x) [ok](https://rota.test)')
    const box = document.createElement('div')
    box.innerHTML = html
    expect(box.querySelector('script, b, [onclick]')).toBeNull()
    expect(box.textContent).toContain('<script>alert(1)</script>')
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['#', 'https://rota.test'])
    expect(box.querySelector('img')?.getAttribute('src')).toBe('#')
    expect(box.querySelector('a[href="https://rota.test"]')).toHaveAttribute('rel', 'noopener noreferrer')
    expect(box.querySelector('a[href="https://rota.test"]')).toHaveAttribute('target', '_blank')
  })
})
