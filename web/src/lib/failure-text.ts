/**
 * The words for a failure message kept by a machine: the server's messages arrive already in
 * the reader's language (Accept-Language), but the API client's own ones — no network, no
 * answer in time — are English sentences, said here in the reader's language instead.
 * @example
 * failureText('Network error', t) // 'Impossible de joindre Rota…' in French
 */
export function failureText(message: string, t: (key: 'errors.network' | 'errors.timeout' | 'errors.generic') => string): string {
  if (message === 'Network error') return t('errors.network')
  if (message === 'Timeout exceeded') return t('errors.timeout')
  if (message === 'Something went wrong') return t('errors.generic')
  return message
}
