import { describe, expect, it } from 'vitest'
import { breakMinutes, checkLocation, clockInOpen, distanceMetres, punctuality } from './time-clock.ts'

const cnTower = { latitude: 43.6426, longitude: -79.3871 }
const unionStation = { latitude: 43.6453, longitude: -79.3806 }

describe('distanceMetres', () => {
  it('measures a short walk downtown and a long way across the country', () => {
    expect(distanceMetres(cnTower, unionStation)).toBe(603)
    expect(distanceMetres(cnTower, cnTower)).toBe(0)
    // Toronto to Vancouver is about 3,360 km as the crow flies.
    const vancouver = { latitude: 49.2827, longitude: -123.1207 }
    expect(Math.round(distanceMetres(cnTower, vancouver) / 1000)).toBe(3359)
  })
})

describe('checkLocation', () => {
  it('says within or outside the radius, with the distance', () => {
    expect(checkLocation(cnTower, { ...cnTower, accuracy_m: 10 }, 250)).toEqual({ verdict: 'within', distance_m: 0 })
    expect(checkLocation(cnTower, { ...unionStation, accuracy_m: 20 }, 250)).toEqual({ verdict: 'outside', distance_m: 603 })
  })

  it('gives an uncertain position the benefit of the doubt, and calls one vaguer than the radius unverified', () => {
    expect(checkLocation(cnTower, { ...unionStation, accuracy_m: 200 }, 450)).toEqual({ verdict: 'within', distance_m: 603 })
    expect(checkLocation(cnTower, { ...unionStation, accuracy_m: 2000 }, 250)).toEqual({ verdict: 'unverified', reason: 'imprecise' })
  })

  it('cannot tell without the client’s coordinates or the person’s position', () => {
    expect(checkLocation(null, unionStation, 250)).toEqual({ verdict: 'unverified', reason: 'no_coordinates' })
    expect(checkLocation(cnTower, null, 250)).toEqual({ verdict: 'unverified', reason: 'no_position' })
  })
})

describe('punctuality', () => {
  const nine = '2026-03-09T13:00:00Z'
  it('flags only what lies beyond the tolerance, by the whole minutes', () => {
    expect(punctuality(nine, '2026-03-09T13:05:59Z', 5)).toBeNull()
    expect(punctuality(nine, '2026-03-09T12:55:00Z', 5)).toBeNull()
    expect(punctuality(nine, '2026-03-09T13:06:00Z', 5)).toEqual({ direction: 'late', minutes: 6 })
    expect(punctuality(nine, '2026-03-09T12:40:00Z', 5)).toEqual({ direction: 'early', minutes: 20 })
    expect(punctuality(nine, '2026-03-09T13:01:00Z', 0)).toEqual({ direction: 'late', minutes: 1 })
  })
})

describe('breakMinutes', () => {
  it('adds whole minutes of each break, one still open counted until the clock-out', () => {
    const breaks = [
      { started_at: '2026-03-09T16:00:00Z', ended_at: '2026-03-09T16:15:30Z' },
      { started_at: '2026-03-09T19:00:00Z', ended_at: null },
    ]
    expect(breakMinutes(breaks, '2026-03-09T19:20:00Z')).toBe(35)
    expect(breakMinutes([], '2026-03-09T19:20:00Z')).toBe(0)
  })

  it('counts nothing of a break past the end it is measured to', () => {
    expect(breakMinutes([{ started_at: '2026-03-09T19:00:00Z', ended_at: '2026-03-09T20:00:00Z' }], '2026-03-09T19:30:00Z')).toBe(30)
    expect(breakMinutes([{ started_at: '2026-03-09T21:00:00Z', ended_at: null }], '2026-03-09T19:30:00Z')).toBe(0)
  })
})

describe('when clocking in is offered', () => {
  const night = { starts_at: '2026-03-10T03:00:00.000Z', ends_at: '2026-03-10T11:00:00.000Z' }
  it('opens two hours before the start and closes at the end, past midnight included', () => {
    expect(clockInOpen(night, '2026-03-10T00:59:00Z')).toBe(false)
    expect(clockInOpen(night, '2026-03-10T01:00:00Z')).toBe(true)
    expect(clockInOpen(night, new Date('2026-03-10T06:00:00Z'))).toBe(true)
    expect(clockInOpen(night, '2026-03-10T11:00:00Z')).toBe(true)
    expect(clockInOpen(night, '2026-03-10T11:00:01Z')).toBe(false)
  })
})
