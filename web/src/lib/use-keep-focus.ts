import { useEffect, useRef, type RefObject } from 'react'

/**
 * Keeps keyboard users in place when an action replaces its own button (Clock in becomes
 * Clock out, Approve goes away): armed before the action is sent, once `key` (what decides
 * the buttons) has changed and focus has fallen to the page, it moves to the first control
 * left in `box` instead of the start of the page.
 * @example
 * const keep = useKeepFocus(box, shift.allowed_events.join())
 * keep.arm(); await send(type)  // keep.disarm() if it fails
 */
export function useKeepFocus(box: RefObject<HTMLElement | null>, key: string) {
  const armedAt = useRef<string | null>(null)
  useEffect(() => {
    if (armedAt.current === null || armedAt.current === key) return
    armedAt.current = null
    const active = document.activeElement
    if (active && active !== document.body && active.isConnected) return
    box.current?.querySelector<HTMLElement>('button:not([disabled]), [tabindex="-1"]')?.focus()
  }, [key, box])
  return {
    arm: () => void (armedAt.current = key),
    disarm: () => void (armedAt.current = null),
  }
}
