import { parentPort } from 'node:worker_threads'
import { totalsOf } from './problem.ts'
import { fromProblemData, withTotals, type FillJob, type FillMessage } from './problem-data.ts'
import { solveFill } from './solve.ts'

/**
 * The fill's worker thread (decision 030): solves one job at a time for the pool in
 * worker-pool.ts, so that the API's event loop keeps answering meanwhile. It posts the greedy
 * fallback as soon as it has it — the answer the pool gives if this thread then fails or runs
 * past its time — and then the answer itself.
 */
const port = parentPort
if (!port) throw new Error('fill-worker.ts runs as a worker thread')
const post = (message: FillMessage) => port.postMessage(message)

port.on('message', async (job: FillJob) => {
  try {
    const problem = fromProblemData(job.problem)
    const before = totalsOf(problem, new Map())
    const result = await solveFill(problem, { ...job.options, onFallback: (fallback) => post({ id: job.id, kind: 'fallback', answer: withTotals(problem, fallback, before) }) })
    post({ id: job.id, kind: 'done', answer: withTotals(problem, result, before) })
  } catch (error) {
    post({ id: job.id, kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  }
})
