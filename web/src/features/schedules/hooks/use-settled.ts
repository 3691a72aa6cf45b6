import { useEffect, useState } from 'react'

/**
 * A value once it has stopped changing for a moment: the panel asks the server about a shift
 * when typing pauses, not at every key. Values are compared by their JSON.
 * @example
 * const body = useSettled(checkOf(values), 300)
 */
export function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  const text = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(text) as T), delay)
    return () => clearTimeout(timer)
  }, [text, delay])
  return settled
}
