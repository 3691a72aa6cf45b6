import type { OvertimeRule } from '@rota/core'
import { totalsOf, weeksOf, type FillProblem, type FillRules, type FillTotals } from './problem.ts'
import type { FillResult, SolveOptions } from './solve.ts'

/**
 * A fill problem as it crosses to the worker thread (structured clone keeps dates and maps,
 * not functions): the overtime rule of each business week the open shifts start in, in place
 * of `overtimeOf`.
 */
export interface FillProblemData extends Omit<FillProblem, 'rules'> {
  rules: Omit<FillRules, 'overtimeOf'> & { overtime: Record<string, OvertimeRule> }
}

/** A solve's answer with the figures a manager compares, worked out in the worker too. */
export interface FillAnswer extends FillResult {
  totals: { before: FillTotals; after: FillTotals }
}

/** What the pool asks of a worker: one job at a time. */
export interface FillJob {
  id: number
  problem: FillProblemData
  options: Pick<SolveOptions, 'timeLimitMs' | 'gap'>
}

/** What a worker answers: the greedy fallback as soon as it has it, then the answer, or why it failed. */
export type FillMessage = { id: number; kind: 'fallback'; answer: FillAnswer } | { id: number; kind: 'done'; answer: FillAnswer } | { id: number; kind: 'failed'; message: string }

export function toProblemData(problem: FillProblem): FillProblemData {
  const { overtimeOf, ...rules } = problem.rules
  const overtime = Object.fromEntries(weeksOf(problem).map((week) => [week, overtimeOf(week)]))
  return { shifts: problem.shifts, people: problem.people, weights: problem.weights, rules: { ...rules, overtime } }
}

export function fromProblemData(data: FillProblemData): FillProblem {
  const { overtime, ...rules } = data.rules
  const overtimeOf = (week: string) => {
    const rule = overtime[week]
    if (!rule) throw new Error(`No overtime rule was sent for the week of ${week}`)
    return rule
  }
  return { shifts: data.shifts, people: data.people, weights: data.weights, rules: { ...rules, overtimeOf } }
}

/** A result with the range's figures before and after it, priced exactly (`totalsOf`). */
export function withTotals(problem: FillProblem, result: FillResult, before = totalsOf(problem, new Map())): FillAnswer {
  const after = totalsOf(problem, new Map(result.assignments.map((a) => [a.shift_id, a.staff_id])))
  return { ...result, totals: { before, after } }
}
