import { describe, expect, it } from 'vitest'
import { toastOptions } from './toast.tsx'

describe('toasts', () => {
  it('follow SPEC.md §9', () => {
    expect(toastOptions).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: true,
      draggablePercent: 80,
      role: 'alert',
      theme: 'light',
    })
    expect(toastOptions.hotKeys(new KeyboardEvent('keydown', { altKey: true, code: 'KeyT' }))).toBe(true)
    expect(toastOptions.hotKeys(new KeyboardEvent('keydown', { code: 'KeyT' }))).toBe(false)
  })
})
