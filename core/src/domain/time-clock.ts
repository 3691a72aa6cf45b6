import { minutesBetween, toInstant, type Instant } from './time.ts'

/** A point on the map in decimal degrees (WGS 84), as the browser's geolocation gives it. */
export interface Coordinates {
  latitude: number
  longitude: number
}

/** Where a browser said its person stood, and how sure it was (metres, 95 % or so). */
export interface Position extends Coordinates {
  accuracy_m?: number | null
}

/** The Earth's mean radius in metres (IUGG), for distances between two nearby points. */
const EARTH_RADIUS_M = 6_371_008.8

const radians = (degrees: number) => (degrees * Math.PI) / 180

/**
 * The great-circle distance between two points, in whole metres (haversine): within a
 * fraction of a percent of the ellipsoid's at the few hundred metres a time clock compares.
 * @example
 * distanceMetres({ latitude: 43.6426, longitude: -79.3871 }, { latitude: 43.6453, longitude: -79.3806 }) // 603 (CN Tower to Union Station)
 */
export function distanceMetres(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude)
  const dLon = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))))
}

/**
 * What a clock-in or clock-out's position says about where its person was:
 * - `within` the client's radius;
 * - `outside` it, by `distance_m` from the client (the position's own uncertainty given the
 *   benefit of the doubt: only a position that could not be inside the radius is outside);
 * - `unverified`: the client has no coordinates, the person did not share a position, or the
 *   position is too vague to tell (less precise than the radius itself).
 * Never a refusal: the time clock records and flags, the manager judges.
 * @example
 * checkLocation({ latitude: 43.6426, longitude: -79.3871 }, { latitude: 43.6453, longitude: -79.3806, accuracy_m: 20 }, 250)
 * // { verdict: 'outside', distance_m: 603 }
 */
export function checkLocation(
  client: Coordinates | null,
  position: Position | null,
  radiusMetres: number,
): { verdict: 'within' | 'outside'; distance_m: number } | { verdict: 'unverified'; reason: 'no_coordinates' | 'no_position' | 'imprecise' } {
  if (!client) return { verdict: 'unverified', reason: 'no_coordinates' }
  if (!position) return { verdict: 'unverified', reason: 'no_position' }
  const accuracy = Math.max(0, position.accuracy_m ?? 0)
  if (accuracy > radiusMetres) return { verdict: 'unverified', reason: 'imprecise' }
  const distance = distanceMetres(client, position)
  return { verdict: distance - accuracy > radiusMetres ? 'outside' : 'within', distance_m: distance }
}

/**
 * How far a clocked time is from the planned one, when past the business's tolerance:
 * `early` or `late` by that many whole minutes, or null when within it.
 * @example
 * punctuality('2026-03-09T13:00:00Z', '2026-03-09T13:12:00Z', 5) // { direction: 'late', minutes: 12 }
 * punctuality('2026-03-09T13:00:00Z', '2026-03-09T12:57:00Z', 5) // null
 */
export function punctuality(planned: Instant, actual: Instant, toleranceMinutes: number): { direction: 'early' | 'late'; minutes: number } | null {
  const minutes = minutesBetween(planned, actual)
  if (Math.abs(minutes) <= toleranceMinutes) return null
  return { direction: minutes < 0 ? 'early' : 'late', minutes: Math.abs(minutes) }
}

/** A break taken while clocked in; `ended_at` null while it goes on. */
export interface ClockedBreak {
  started_at: Instant
  ended_at: Instant | null
}

/**
 * The unpaid minutes of a shift's breaks: each break's whole minutes, one still going on
 * counted until `until` (the clock-out), and none beyond it.
 * @example
 * breakMinutes([{ started_at: '2026-03-09T17:00:00Z', ended_at: '2026-03-09T17:30:40Z' }], '2026-03-09T21:00:00Z') // 30
 */
export function breakMinutes(breaks: readonly ClockedBreak[], until: Instant): number {
  const end = toInstant(until).getTime()
  return breaks.reduce((sum, item) => {
    const from = toInstant(item.started_at).getTime()
    const to = Math.min(end, item.ended_at === null ? end : toInstant(item.ended_at).getTime())
    return sum + Math.max(0, minutesBetween(new Date(from), new Date(to)))
  }, 0)
}

/** How long before a shift's start its staff member is offered to clock in. */
export const CLOCK_IN_OPENS_MINUTES = 120

/**
 * Whether a shift not yet clocked into is offered to clock in at `now`: from
 * CLOCK_IN_OPENS_MINUTES before its start until its end — a night begun yesterday included,
 * a shift over or hours away not.
 * @example
 * clockInOpen({ starts_at: '2026-03-10T03:00:00Z', ends_at: '2026-03-10T11:00:00Z' }, '2026-03-10T06:00:00Z') // true
 */
export function clockInOpen(shift: { starts_at: Instant; ends_at: Instant }, now: Instant): boolean {
  const at = new Date(now).getTime()
  return at >= new Date(shift.starts_at).getTime() - CLOCK_IN_OPENS_MINUTES * 60_000 && at <= new Date(shift.ends_at).getTime()
}
