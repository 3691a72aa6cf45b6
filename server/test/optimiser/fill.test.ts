import { overtimeRuleOn } from '@rota/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { brokenRules, DEFAULT_FILL_WEIGHTS, objectiveOf, unfilledWeight, violations, type FillProblem } from '../../src/optimiser/problem.ts'
import { candidates } from '../../src/optimiser/candidates.ts'
import { improve } from '../../src/optimiser/improve.ts'
import { greedyFill } from '../../src/optimiser/greedy.ts'
import { solveFill } from '../../src/optimiser/solve.ts'
import { arbitraryProblem, bruteForce, busyWeek, MONDAY, person, problem, shift } from './fill.fixtures.ts'

const exact = { timeLimitMs: 10_000, gap: 0 }
const staffOf = (result: Awaited<ReturnType<typeof solveFill>>) => Object.fromEntries(result.assignments.map((a) => [a.shift_id, a.staff_id]))

describe('the fill optimiser on hand-made weeks', () => {
  it('gives each shift to the cheaper person, and proves it optimal', async () => {
    const fill = problem([shift('mon', 0, 9, 8), shift('tue', 1, 9, 8)], [person('dear', { payRateCents: 3000 }), person('cheap', { payRateCents: 1800 })])
    const result = await solveFill(fill, exact)
    expect(result.method).toBe('optimal')
    expect(staffOf(result)).toEqual({ mon: 'cheap', tue: 'cheap' })
    expect(result.objective).toBe(bruteForce(fill))
    expect(result.assignments[0]!.reason).toMatchObject({ week_minutes: 960, cost_cents: 14_400, overtime: false })
  })

  it('moves work to a dearer person rather than into overtime past the weekly threshold', async () => {
    const overtime = { ...overtimeRuleOn({ jurisdiction: 'ON' }, MONDAY), weeklyThresholdMinutes: 16 * 60 }
    const fill = problem([shift('a', 0, 9, 8), shift('b', 1, 9, 8), shift('c', 2, 9, 8)], [person('cheap', { payRateCents: 2000 }), person('dear', { payRateCents: 2400 })], { overtime })
    const result = await solveFill(fill, exact)
    // A third day for `cheap` costs 8 h × 20 $ × 1.5 = 240 $; `dear` costs 192 $.
    expect(Object.values(staffOf(result)).sort()).toEqual(['cheap', 'cheap', 'dear'])
    expect(result.objective).toBe(bruteForce(fill))
  })

  it('keeps the rest between shifts and the days in a row, and says which rule left a shift open', async () => {
    const night = shift('night', 0, 22, 8)
    const morning = shift('morning', 1, 9, 8)
    const fill = problem([night, morning], [person('only')], { minRestMinutes: 480 })
    const result = await solveFill(fill, exact)
    expect(result.assignments).toHaveLength(1)
    expect(result.unfilled).toEqual([{ shift_id: expect.any(String), rule: 'taken', counts: {} }])

    const saved = [0, 1, 2].map((day) => ({ ...shift(`saved${day}`, day, 9, 8), service_id: 'guard' }))
    const tired = problem([shift('thu', 3, 9, 8)], [person('worked', { others: saved })], { maxDaysInRow: 3 })
    const refused = await solveFill(tired, exact)
    expect(refused.assignments).toEqual([])
    expect(refused.unfilled).toEqual([{ shift_id: 'thu', rule: 'days_in_row', counts: { days_in_row: 1 } }])
  })

  it('explains a shift nobody may take: the service, time off, availability, weekly hours', async () => {
    const off = { from: shift('x', 2, 0, 24).starts_at, to: shift('x', 3, 0, 24).starts_at }
    const fill = problem(
      [shift('patrol', 0, 9, 8, { service_id: 'patrol' }), shift('away', 2, 9, 8), shift('sunday', 6, 9, 8), shift('long', 4, 6, 12)],
      [
        person('guard-only', { serviceIds: ['guard'], timeOff: [off], availability: { windows: [{ weekday: 1, start: '00:00', end: '00:00' }, { weekday: 3, start: '00:00', end: '00:00' }, { weekday: 5, start: '00:00', end: '00:00' }], exceptions: [] } }),
        person('part-time', { serviceIds: ['guard'], timeOff: [off], maxWeeklyMinutes: 600, availability: { windows: [{ weekday: 5, start: '00:00', end: '00:00' }], exceptions: [] } }),
      ],
    )
    const result = await solveFill(fill, exact)
    const rules = Object.fromEntries(result.unfilled.map((u) => [u.shift_id, u.rule]))
    expect(rules).toEqual({ patrol: 'service', away: 'time_off', sunday: 'availability' })
    expect(staffOf(result)).toEqual({ long: 'guard-only' })
    expect(result.unfilled.find((u) => u.shift_id === 'sunday')!.counts).toEqual({ availability: 2 })
  })

  it('weighs continuity, preferences and fairness, as the brute force does', async () => {
    const fill = problem(
      [shift('a', 0, 9, 8, { location_id: 'mall' }), shift('b', 1, 9, 8), shift('c', 2, 9, 8, { location_id: 'mall' }), shift('d', 3, 9, 8)],
      [
        person('regular', { recentLocationIds: ['mall'], targetWeeklyMinutes: 1200 }),
        person('fan', { preferredLocationIds: ['tower'], targetWeeklyMinutes: 960 }),
        person('new', { targetWeeklyMinutes: 480, payRateCents: 1900 }),
      ],
    )
    const result = await solveFill(fill, exact)
    expect(result.objective).toBe(bruteForce(fill))
    expect(result.assignments.find((a) => a.shift_id === 'a')!.reason.recent_client).toBe(true)
  })

  it('finds the brute-force optimum on random small weeks', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryProblem(4, 3), async (fill) => {
        const result = await solveFill(fill, exact)
        expect(result.method).toBe('optimal')
        expect(result.objective).toBeCloseTo(bruteForce(fill), 6)
      }),
      { numRuns: 60 },
    )
  })

  it('never breaks a hard rule, whatever the week (solver and greedy alike)', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryProblem(14, 5), async (fill) => {
        const result = await solveFill(fill, { timeLimitMs: 5_000 })
        const proposal = new Map(result.assignments.map((a) => [a.shift_id, a.staff_id]))
        expect(violations(fill, proposal)).toEqual([])
        expect(violations(fill, greedyFill(fill))).toEqual([])
        expect(result.assignments.length + result.unfilled.length).toBe(fill.shifts.length)
        expect(result.objective).toBeLessThanOrEqual(objectiveOf(fill, greedyFill(fill)) + 1e-6)
      }),
      { numRuns: 60 },
    )
  })

  it('gives a week too big for the solver to the local search, which beats the greedy start within the time limit', async () => {
    const people = Array.from({ length: 40 }, (_, i) => person(`p${i}`, { payRateCents: 1800 + ((i * 37) % 900), targetWeeklyMinutes: 1800, recentLocationIds: i % 3 === 0 ? ['mall'] : [] }))
    const shifts = Array.from({ length: 200 }, (_, i) => shift(`s${i}`, i % 7, (i * 5) % 24, 6 + (i % 5), { location_id: i % 2 ? 'mall' : 'tower' }))
    const fill: FillProblem = problem(shifts, people, { maxDaysInRow: 5 }, { ...DEFAULT_FILL_WEIGHTS, fairness: 900 })
    const started = performance.now()
    const result = await solveFill(fill, { timeLimitMs: 2000, gap: 0 })
    // The budget covers the greedy start and explaining the answer too.
    expect(performance.now() - started).toBeLessThan(2000 + 500)
    expect(result.method).toBe('local_search')
    expect(result.objective).toBeLessThan(objectiveOf(fill, greedyFill(fill)))
    expect(violations(fill, new Map(result.assignments.map((a) => [a.shift_id, a.staff_id])))).toEqual([])

    const fallback = await solveFill(fill, { timeLimitMs: 300, greedyOnly: true })
    expect(fallback.method).toBe('greedy')
  })

  it('staffs more of a busy week than the greedy start, at less per shift staffed, with every rule kept', async () => {
    const fill = busyWeek(60, 300)
    const greedy = greedyFill(fill)
    const started = performance.now()
    const result = await solveFill(fill, { timeLimitMs: 5000 })
    expect(performance.now() - started).toBeLessThan(5000 + 500)
    const proposal = new Map(result.assignments.map((a) => [a.shift_id, a.staff_id]))
    expect(violations(fill, proposal)).toEqual([])
    expect(proposal.size).toBeGreaterThan(greedy.size)
    const perShift = (assignment: Map<string, string>) => (objectiveOf(fill, assignment) - unfilledWeight(fill) * (fill.shifts.length - assignment.size)) / assignment.size
    expect(perShift(proposal)).toBeLessThan(perShift(greedy))
  })

  it('improves by moves that keep every rule: never worse than where it started, never a rule broken', () => {
    fc.assert(
      fc.property(arbitraryProblem(14, 5), (fill) => {
        const start = greedyFill(fill)
        const better = improve(fill, candidates(fill), start, { deadline: performance.now() + 1000, patience: 30 })
        expect(violations(fill, better)).toEqual([])
        expect(objectiveOf(fill, better)).toBeLessThanOrEqual(objectiveOf(fill, start) + 1e-6)
      }),
      { numRuns: 150 },
    )
  })

  it('finds exactly the people the schedule’s rules allow on each shift, however fast it looks', () => {
    fc.assert(
      fc.property(arbitraryProblem(10, 6), (fill) => {
        const found = candidates(fill)
        for (const open of fill.shifts) {
          const allowed = fill.people.filter((p) => brokenRules(fill, p, open, p.others).length === 0)
          expect(found.get(open)!.map((p) => p.id)).toEqual(allowed.map((p) => p.id))
        }
      }),
      { numRuns: 150 },
    )
  })
})
