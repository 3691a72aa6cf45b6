import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { initTestI18n } from './i18n.ts'

// Pages are lazy chunks that the test run transforms on first use, slowly on a busy machine; give them time.
configure({ asyncUtilTimeout: 10_000 })
await initTestI18n()

afterEach(async () => {
  cleanup()
  const { queryClient } = await import('../lib/query-provider.tsx')
  queryClient.clear()
  localStorage.clear()
  sessionStorage.clear()
  const { default: i18next } = await import('i18next')
  if (i18next.language !== 'en') await i18next.changeLanguage('en')
})
