import { useEffect, useRef, useState } from 'react'

/**
 * Whether a drag copies rather than moves: Alt held when the card was picked up, or held as it
 * is dropped (with the mouse, or Alt+Space from the keyboard). Followed while a drag is on,
 * so the carried card can say "Copy"; `held()` reads it at the drop, before React draws.
 * @example
 * const copy = useCopyModifier(carrying)
 * onDragStart: copy.begin(event.activatorEvent); onDragEnd: if (copy.held()) …
 */
export function useCopyModifier(dragging: boolean) {
  const atStart = useRef(false)
  const now = useRef(false)
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!dragging) return undefined
    // Capturing, so the state is known before the drag's own listeners end it.
    const key = (event: KeyboardEvent) => {
      if (event.key !== 'Alt') return
      now.current = event.type === 'keydown'
      setShown(atStart.current || now.current)
    }
    const pointer = (event: PointerEvent) => {
      now.current = event.altKey
      setShown(atStart.current || now.current)
    }
    const events = [['keydown', key], ['keyup', key], ['pointermove', pointer], ['pointerup', pointer]] as const
    for (const [name, listener] of events) window.addEventListener(name, listener as EventListener, true)
    return () => {
      for (const [name, listener] of events) window.removeEventListener(name, listener as EventListener, true)
    }
  }, [dragging])
  return {
    shown,
    held: () => atStart.current || now.current,
    begin: (event: Event | null) => {
      atStart.current = event !== null && 'altKey' in event && Boolean((event as KeyboardEvent).altKey)
      now.current = false
      setShown(atStart.current)
    },
  }
}
