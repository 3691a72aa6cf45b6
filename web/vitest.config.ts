import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

/** The web's component tests: happy-dom, Testing Library, translations loaded from public/locales. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 15_000,
  },
})
