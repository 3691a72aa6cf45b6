import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * A function that keeps one identity for the component's life and always runs the latest
 * `handler`: the board's rows are drawn again when what they show changes, not whenever the
 * board is (a new arrow function each time would say they had changed).
 * @example
 * const onOpen = useStableHandler((shift: Shift) => record.open(shift.id))
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler)
  useLayoutEffect(() => {
    latest.current = handler
  })
  return useCallback((...args: A) => latest.current(...args), [])
}
