import type { ClockPosition } from '@rota/core'

/** How long a clocking waits for the browser's position before going on without it. */
const WAIT_MS = 10_000

/**
 * Where the browser says its person is, asked when they clock in or out (the browser asks
 * them first). Null when they refuse, the device cannot tell, or it takes too long: the
 * clocking goes ahead and the timesheet is flagged unverified, never refused.
 * @example
 * const position = await locate(navigator.geolocation) // { latitude: 43.64, longitude: -79.38, accuracy_m: 12 } or null
 */
export function locate(geolocation: Geolocation | undefined, waitMs = WAIT_MS): Promise<ClockPosition | null> {
  if (!geolocation) return Promise.resolve(null)
  return new Promise((resolve) => {
    const gaveUp = setTimeout(() => resolve(null), waitMs + 1000)
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(gaveUp)
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy_m: Number.isFinite(coords.accuracy) ? Math.round(coords.accuracy) : null })
      },
      () => {
        clearTimeout(gaveUp)
        resolve(null)
      },
      { enableHighAccuracy: true, timeout: waitMs, maximumAge: 60_000 },
    )
  })
}
