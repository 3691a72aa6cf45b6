import { instantAt, overtimeRuleOn, type OvertimeRule } from '@rota/core'
import fc from 'fast-check'
import { mulberry32 } from '../../src/optimiser/improve.ts'
import { DEFAULT_FILL_WEIGHTS, objectiveOf, violations, type FillPerson, type FillProblem, type FillShift } from '../../src/optimiser/problem.ts'

export const TZ = 'America/Toronto'
/** A Monday after the spring clock change. */
export const MONDAY = '2026-03-09'
const days = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16']

export function shift(id: string, day: number, start: number, hours: number, extra: Partial<FillShift> = {}): FillShift {
  const starts_at = instantAt(days[day]!, `${String(start).padStart(2, '0')}:00`, TZ)
  return { id, starts_at, ends_at: new Date(starts_at.getTime() + hours * 3_600_000), break_minutes: 0, service_id: 'guard', location_id: 'tower', ...extra }
}

export function person(id: string, extra: Partial<FillPerson> = {}): FillPerson {
  return {
    id,
    name: id,
    payRateCents: 2000,
    serviceIds: [],
    availability: null,
    maxWeeklyMinutes: null,
    preferredWeeklyMinutes: null,
    targetWeeklyMinutes: null,
    preferredLocationIds: [],
    recentLocationIds: [],
    others: [],
    timeOff: [],
    ...extra,
  }
}

export function problem(shifts: FillShift[], people: FillPerson[], rules: { minRestMinutes?: number; maxDaysInRow?: number | null; overtime?: OvertimeRule } = {}, weights = DEFAULT_FILL_WEIGHTS): FillProblem {
  const overtime = rules.overtime ?? overtimeRuleOn({ jurisdiction: 'ON' }, MONDAY)
  return {
    shifts,
    people,
    rules: {
      timeZone: TZ,
      weekStart: 1,
      minRestMinutes: rules.minRestMinutes ?? 480,
      maxDaysInRow: rules.maxDaysInRow ?? null,
      overtimeOf: () => overtime,
      servicePay: new Map([
        ['guard', 1800],
        ['patrol', 2200],
      ]),
    },
    weights,
  }
}

/** The best objective over every proposal that keeps the hard rules, by trying them all. */
export function bruteForce(fill: FillProblem): number {
  let best = Number.POSITIVE_INFINITY
  const choose = (index: number, assignment: Map<string, string>) => {
    if (index === fill.shifts.length) {
      if (violations(fill, assignment).length === 0) best = Math.min(best, objectiveOf(fill, assignment))
      return
    }
    choose(index + 1, assignment)
    for (const p of fill.people) {
      assignment.set(fill.shifts[index]!.id, p.id)
      choose(index + 1, assignment)
      assignment.delete(fill.shifts[index]!.id)
    }
  }
  choose(0, new Map())
  return best
}

const hours = fc.integer({ min: 4, max: 12 })
const maybeMinutes = fc.option(fc.integer({ min: 4, max: 40 }).map((h) => h * 60), { nil: null })

/** A random small week: open shifts, people with rules, saved shifts, time off and availability. */
export const arbitraryProblem = (maxShifts: number, maxPeople: number) =>
  fc
    .record({
      shifts: fc.array(fc.record({ day: fc.integer({ min: 0, max: 6 }), start: fc.integer({ min: 0, max: 23 }), hours, service: fc.constantFrom('guard', 'patrol'), location: fc.constantFrom('tower', 'mall') }), { minLength: 1, maxLength: maxShifts }),
      people: fc.array(
        fc.record({
          rate: fc.option(fc.integer({ min: 1500, max: 3500 }), { nil: null }),
          services: fc.subarray(['guard', 'patrol']),
          max: maybeMinutes,
          preferred: maybeMinutes,
          target: maybeMinutes,
          recent: fc.subarray(['tower', 'mall']),
          preferredClients: fc.subarray(['tower', 'mall']),
          saved: fc.array(fc.record({ day: fc.integer({ min: 0, max: 7 }), start: fc.integer({ min: 0, max: 23 }), hours }), { maxLength: 3 }),
          away: fc.option(fc.record({ day: fc.integer({ min: 0, max: 6 }), length: fc.integer({ min: 1, max: 3 }) }), { nil: null }),
          windows: fc.option(fc.array(fc.record({ weekday: fc.integer({ min: 0, max: 6 }), start: fc.integer({ min: 0, max: 12 }), hours: fc.integer({ min: 6, max: 24 }) }), { minLength: 1, maxLength: 7 }), { nil: null }),
        }),
        { minLength: 1, maxLength: maxPeople },
      ),
      rest: fc.constantFrom(0, 480, 600),
      maxDaysInRow: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      weeklyThresholdHours: fc.integer({ min: 8, max: 44 }),
    })
    .map(({ shifts, people, rest, maxDaysInRow, weeklyThresholdHours }) =>
      problem(
        shifts.map((s, i) => shift(`s${i}`, s.day, s.start, s.hours, { service_id: s.service, location_id: s.location })),
        people.map((p, i) =>
          person(`p${i}`, {
            payRateCents: p.rate,
            serviceIds: p.services,
            maxWeeklyMinutes: p.max,
            preferredWeeklyMinutes: p.preferred,
            targetWeeklyMinutes: p.target,
            recentLocationIds: p.recent,
            preferredLocationIds: p.preferredClients,
            others: p.saved.map((s, j) => {
              const span = shift(`e${i}_${j}`, s.day, s.start, s.hours)
              return { id: span.id, starts_at: span.starts_at, ends_at: span.ends_at, break_minutes: 0, service_id: 'guard' }
            }),
            timeOff: p.away ? [{ from: instantAt(days[p.away.day]!, '00:00', TZ), to: instantAt(days[Math.min(7, p.away.day + p.away.length)]!, '00:00', TZ) }] : [],
            availability: p.windows ? { windows: p.windows.map((w) => ({ weekday: w.weekday, start: `${String(w.start).padStart(2, '0')}:00`, end: `${String((w.start + w.hours) % 24).padStart(2, '0')}:00` })), exceptions: [] } : null,
          }),
        ),
        { minRestMinutes: rest, maxDaysInRow, overtime: { ...overtimeRuleOn({ jurisdiction: 'ON' }, MONDAY), weeklyThresholdMinutes: weeklyThresholdHours * 60 } },
      ),
    )

/**
 * A busy week as the bench builds it (bench/fill.mjs), smaller: people who each work three of
 * six services, five days of seven for most, with weekly maxima, preferences and targets, and
 * open shifts at the usual times — seeded, so that every run builds the same week.
 */
export function busyWeek(staff: number, open: number, seed = 18): FillProblem {
  const random = mulberry32(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const services = ['guard', 'patrol', 'desk', 'concierge', 'events', 'night']
  const clients = Array.from({ length: 6 }, (_, i) => `client-${i}`)
  const shifts = Array.from({ length: open }, (_, i) => {
    const hours = pick([6, 8, 8, 8, 10])
    return shift(`s${i}`, i % 7, pick([6, 7, 8, 14, 15, 22]), hours, { break_minutes: hours >= 8 ? 30 : 0, service_id: pick(services), location_id: pick(clients) })
  })
  const people = Array.from({ length: staff }, (_, i) => {
    const off = new Set([Math.floor(random() * 7), Math.floor(random() * 7)])
    const windows = [0, 1, 2, 3, 4, 5, 6].filter((weekday) => !off.has(weekday)).map((weekday) => ({ weekday, start: '00:00', end: '00:00' }))
    return person(`p${i}`, {
      payRateCents: 1800 + Math.floor(random() * 13) * 100,
      serviceIds: [...new Set([pick(services), pick(services), pick(services)])],
      availability: random() < 0.8 ? { windows, exceptions: [] } : null,
      maxWeeklyMinutes: pick([2400, 2400, 2880, 1440]),
      preferredWeeklyMinutes: pick([null, 1920, 2400]),
      targetWeeklyMinutes: pick([null, 1800, 2400]),
      preferredLocationIds: random() < 0.3 ? [pick(clients)] : [],
      recentLocationIds: [pick(clients), pick(clients)],
    })
  })
  return problem(shifts, people, { maxDaysInRow: 5 })
}

/**
 * Twelve people alike (same pay, a 28 h target) and 42 eight-hour shifts, three a day twice
 * over: 3.5 shifts each, so someone always works 8 h more than someone else, which the
 * solver's relaxation does not see — it searches until its time runs out, however long that is.
 */
export function evenWeek(): FillProblem {
  const people = Array.from({ length: 12 }, (_, i) => person(`p${i}`, { targetWeeklyMinutes: 1680 }))
  const shifts = Array.from({ length: 42 }, (_, i) => shift(`s${i}`, Math.floor(i / 6), [6, 14, 22][i % 3]!, 8))
  return problem(shifts, people)
}
