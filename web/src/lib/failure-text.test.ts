import { describe, expect, it } from 'vitest'
import { failureText } from './failure-text.ts'

describe('failure messages', () => {
  const t = (key: string) => `translated ${key}`

  it('translates the API client\'s own words and keeps the server\'s, already in the reader\'s language', () => {
    expect(failureText('Network error', t)).toBe('translated errors.network')
    expect(failureText('Timeout exceeded', t)).toBe('translated errors.timeout')
    expect(failureText("L'entreprise, le courriel ou le mot de passe est incorrect.", t)).toBe("L'entreprise, le courriel ou le mot de passe est incorrect.")
  })
})
