import { createContext, use, useEffect, useRef, useState, type ReactNode } from 'react'
import { createLiveEvents, type LiveEvents } from './live-events.ts'
import { useServices } from './services.tsx'

const LiveContext = createContext<LiveEvents | null>(null)

/**
 * Keeps one connection to the server's live updates while the signed-in layout is on
 * screen, for every feature that listens.
 * @example
 * <LiveUpdatesProvider><Shell /></LiveUpdatesProvider>
 */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const { store, refresh, baseURL, fetch } = useServices()
  const [live] = useState(() => createLiveEvents({ url: `${baseURL}/events`, token: () => store.get('token'), refresh, fetch }))
  useEffect(() => {
    const controller = new AbortController()
    void live.connect(controller.signal)
    return () => controller.abort()
  }, [live])
  return <LiveContext value={live}>{children}</LiveContext>
}

/**
 * Calls `listener` with the data of each live event of that name.
 * @example
 * useLiveEvent('notification', (data) => bell.send({ type: 'notifications.received', notification: JSON.parse(data) }))
 */
export function useLiveEvent(name: string, listener: (data: string) => void): void {
  const live = use(LiveContext)
  const latest = useRef(listener)
  latest.current = listener
  useEffect(() => live?.subscribe(name, (data) => latest.current(data)), [live, name])
}
