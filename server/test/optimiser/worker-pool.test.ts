import { afterEach, describe, expect, it } from 'vitest'
import { solveFill } from '../../src/optimiser/solve.ts'
import { createFillSolver, FillUnavailable, type FillSolver, type FillSolverOptions } from '../../src/optimiser/worker-pool.ts'
import { evenWeek, person, problem, shift } from './fill.fixtures.ts'

const pools: FillSolver[] = []
const warnings: string[] = []
const log = { warn: (_: object, message: string) => void warnings.push(message), error: (_: object, message: string) => void warnings.push(message) }
function pool(options: FillSolverOptions = {}): FillSolver {
  const created = createFillSolver({ log, ...options })
  pools.push(created)
  return created
}
const faulty = (mode: string) => new URL(`./fixtures/${mode}.mjs`, import.meta.url)
const small = () => problem([shift('mon', 0, 9, 8), shift('tue', 1, 9, 8)], [person('dear', { payRateCents: 3000 }), person('cheap', { payRateCents: 1800 })])

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20_000) throw new Error('the condition never held')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()))
  warnings.length = 0
})

describe('the fill’s worker threads', () => {
  it('solve in a thread what the optimiser solves here, with the figures before and after', async () => {
    const fill = small()
    const here = await solveFill(fill, { timeLimitMs: 10_000 })
    const there = await pool().solve(fill, { timeLimitMs: 10_000 })
    expect(there.method).toBe('optimal')
    expect(there.assignments).toEqual(here.assignments)
    expect(there.objective).toBe(here.objective)
    expect(there.totals.before).toMatchObject({ filled: 0, open: 2, cost_cents: 0 })
    expect(there.totals.after).toMatchObject({ filled: 2, open: 0, cost_cents: 2 * 14_400 })
  })

  it('stop a solve whose caller went away, and start a new thread for the next', async () => {
    const fill = pool()
    const stop = new AbortController()
    const solving = fill.solve(evenWeek(), { timeLimitMs: 30_000 }, stop.signal).catch((error: unknown) => error)
    await until(() => fill.running() === 1)
    stop.abort()
    expect(await solving).toMatchObject({ name: 'AbortError' })
    expect(fill.running()).toBe(0)
    expect((await fill.solve(small(), { timeLimitMs: 5000 })).method).toBe('optimal')
  })

  it('run at most their number of solves at once: the next waits for a thread', async () => {
    const fill = pool({ threads: 1 })
    const finished: string[] = []
    let most = 0
    const watching = setInterval(() => (most = Math.max(most, fill.running())), 5)
    const first = fill.solve(evenWeek(), { timeLimitMs: 1500 }).then(() => finished.push('first'))
    const second = fill.solve(small(), { timeLimitMs: 1500 }).then(() => finished.push('second'))
    await Promise.all([first, second])
    clearInterval(watching)
    expect(most).toBe(1)
    expect(finished).toEqual(['first', 'second'])
  })

  it('answer with the greedy proposal a thread sent before it crashed or ran past its time', async () => {
    const crashed = await pool({ script: faulty('crash-after-fallback') }).solve(small(), { timeLimitMs: 5000 })
    expect(crashed).toMatchObject({ method: 'greedy', objective: 1 })
    const hung = await pool({ script: faulty('hang-after-fallback'), graceMs: 100 }).solve(small(), { timeLimitMs: 200 })
    expect(hung).toMatchObject({ method: 'greedy', objective: 1 })
    expect(warnings).toContain('fill worker stopped: answering with its greedy proposal')
  })

  it('say plainly that no proposal could be had when a thread fails before its first, or cannot start', async () => {
    await expect(pool({ script: faulty('crash') }).solve(small(), { timeLimitMs: 5000 })).rejects.toBeInstanceOf(FillUnavailable)
    await expect(pool({ script: faulty('hang'), graceMs: 100 }).solve(small(), { timeLimitMs: 200 })).rejects.toThrow('ran past its time limit')
    await expect(pool({ script: new URL('./fixtures/no-such-worker.mjs', import.meta.url) }).solve(small(), { timeLimitMs: 5000 })).rejects.toBeInstanceOf(FillUnavailable)
    // A pool whose thread crashed still solves: the next thread is a new one.
    const fill = pool({ script: faulty('crash') })
    await fill.solve(small(), { timeLimitMs: 5000 }).catch(() => undefined)
    await expect(fill.solve(small(), { timeLimitMs: 5000 })).rejects.toBeInstanceOf(FillUnavailable)
    expect(fill.running()).toBe(0)
  })
})
