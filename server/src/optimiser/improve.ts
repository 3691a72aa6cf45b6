import type { Assignment, FillPerson, FillProblem, FillShift } from './problem.ts'
import { SearchState } from './search-state.ts'

/** A move is taken only when it lowers the objective by more than rounding could. */
const EPSILON = 1e-6

export interface ImproveOptions {
  /** performance.now() at which to stop. */
  deadline: number
  /** Stop the random restarts after this many in a row that found nothing better (the descent itself always finishes, time allowing). */
  patience?: number
  seed?: number
}

/**
 * Local search from a proposal that keeps every hard rule (decision 030): a descent through
 * moves that keep them too — an open shift given to someone free, a shift given to someone
 * else, two people trading shifts, an open shift taken by someone who hands one of theirs to a
 * third — each taken when it lowers `objectiveOf` (worked out incrementally: pair costs,
 * each person-week's overtime and preferred hours, each week's fairness spread); then, until
 * the deadline or `patience` restarts without progress, a few people's shifts taken back at
 * random and given again, the descent run on them and on the open shifts the people touched
 * may work, and the result kept only when better.
 * @example
 * const better = improve(problem, candidates(problem), greedyFill(problem), { deadline: performance.now() + 2000 })
 */
export function improve(problem: FillProblem, eligible: Map<FillShift, FillPerson[]>, start: Assignment, options: ImproveOptions): Map<string, string> {
  const search = new Search(problem, eligible, start)
  const all = Array.from({ length: problem.shifts.length }, (_, s) => s)
  if (!search.descend(all, options.deadline)) return search.assignment()
  search.restarts(options.deadline, options.patience ?? 200, options.seed ?? 18)
  return search.assignment()
}

/** The moves and the restarts, on a proposal's state. */
class Search extends SearchState {
  /** Moves until none of the given shifts has one that helps: false when the deadline came first. */
  descend(shifts: readonly number[], deadline: number): boolean {
    for (let improved = true, tick = 0; improved; ) {
      improved = false
      for (const s of shifts) {
        if ((++tick & 31) === 0 && performance.now() > deadline) return false
        if (this.bestMove(s)) improved = true
      }
    }
    return true
  }

  /**
   * Ruin and recreate: the shifts of a few people taken back at random and given again (each to
   * whoever fits at the least cost), the descent run on them and on the open shifts someone they
   * touched may work, the whole kept when it is better. Freeing whole schedules re-shapes a week
   * in ways single moves and trades cannot reach, and often makes room for a shift left open.
   */
  restarts(deadline: number, patience: number, seed: number): void {
    const random = mulberry32(seed)
    const size = Math.max(2, Math.round(this.S * 0.01))
    let best = this.assigned.slice()
    let bestValue = this.value()
    for (let idle = 0; idle < patience && performance.now() < deadline; idle++) {
      const taken: number[] = []
      const freed = new Set<number>()
      for (let tries = 0; taken.length < size && tries < size * 4; tries++) {
        const p = Math.floor(random() * this.people.length)
        if (!freed.has(p)) taken.push(...this.given[p]!)
        freed.add(p)
      }
      if (taken.length === 0) continue
      for (const s of taken) this.reassign(s, -1)
      shuffle(taken, random)
      for (const s of taken) this.bestMove(s)
      // The week's new shape may make room for a shift left open that one of the people it changed may work.
      const touched = new Set(freed)
      for (const s of taken) if (this.assigned[s]! >= 0) touched.add(this.assigned[s]!)
      const reopened = this.unfilled().filter((s) => this.who[s]!.some((p) => touched.has(p)))
      const finished = this.descend(taken, deadline) && this.descend(reopened, deadline)
      const value = this.value()
      if (finished && value < bestValue - EPSILON) {
        best = this.assigned.slice()
        bestValue = value
        idle = -1
      } else {
        this.restore(best)
      }
    }
  }

  /** Takes the best move for shift s, if one lowers the objective: given to someone else, traded, or (open) freed up by a hand-on. */
  private bestMove(s: number): boolean {
    const A = this.assigned[s]!
    const who = this.who[s]!
    let best = -EPSILON
    let move: (() => void) | undefined
    for (let k = 0; k < who.length; k++) {
      const B = who[k]!
      if (B === A) continue
      const delta = this.reassignDelta(s, A, B)
      if (delta < best && this.fits(B, s, -1)) {
        best = delta
        move = () => this.reassign(s, B)
      }
      if (A < 0) continue
      for (const t of this.given[B]!) {
        if (Number.isNaN(this.pairs.get(t, A))) continue
        const traded = this.tradeDelta(s, A, t, B)
        if (traded < best && this.fits(A, t, s) && this.fits(B, s, t)) {
          best = traded
          move = () => {
            this.reassign(s, -1)
            this.reassign(t, A)
            this.reassign(s, B)
          }
        }
      }
    }
    if (!move && A < 0) move = this.handOn(s)
    if (!move) return false
    move()
    return true
  }

  /** An open shift someone could take but for one of theirs, which a third person can take: the two moves, or nothing. */
  private handOn(s: number): (() => void) | undefined {
    for (const B of this.who[s]!) {
      for (const t of this.given[B]!) {
        if (!this.fits(B, s, t)) continue
        for (const C of this.who[t]!) {
          if (C === B || !this.fits(C, t, -1)) continue
          return () => {
            this.reassign(t, C)
            this.reassign(s, B)
          }
        }
      }
    }
    return undefined
  }
}

function shuffle(values: number[], random: () => number): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[values[i], values[j]] = [values[j]!, values[i]!]
  }
}

/** A seeded generator (mulberry32): the same problem gets the same restarts (and a test's fixtures the same week). */
export function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
