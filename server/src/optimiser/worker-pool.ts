import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { FillProblem } from './problem.ts'
import { toProblemData, type FillAnswer, type FillJob, type FillMessage } from './problem-data.ts'

/** No answer could be had: the worker failed, or ran past its time, before it had even the greedy proposal. */
export class FillUnavailable extends Error {
  override name = 'FillUnavailable'
}

/** Fill solves in worker threads, so that a solve never holds up the API's other requests. */
export interface FillSolver {
  /**
   * Solves `problem` in a worker thread within `timeLimitMs`. A thread that fails or runs past
   * the limit (plus a grace) is stopped and the greedy proposal it sent first is the answer; with
   * none yet, a `FillUnavailable`. An aborted `signal` stops the thread and rejects with its reason.
   */
  solve(problem: FillProblem, options: FillJob['options'], signal?: AbortSignal): Promise<FillAnswer>
  /** How many solves are running in a thread now. */
  running(): number
  /** Stops every thread; solves still running or waiting fail. */
  close(): Promise<void>
}

export interface FillSolverOptions {
  /** The most threads at once; further solves wait for one. */
  threads?: number
  /** The worker's script. By default the one built beside the server bundle, or (from the TypeScript sources) bundled on first use. */
  script?: URL
  /** How long past its time limit a solve may run before its thread is stopped. */
  graceMs?: number
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void }
}

/**
 * A small pool of worker threads for the fill (decision 030), created lazily and kept while
 * idle (unreferenced, so they never keep a process alive): HiGHS and the search run there.
 * @example
 * const fill = createFillSolver({ log: app.log })
 * const answer = await fill.solve(problem, { timeLimitMs: 10_000 }, signal)
 */
export function createFillSolver(options: FillSolverOptions = {}): FillSolver {
  const threads = options.threads ?? 2
  const grace = options.graceMs ?? 3000
  const idle: Worker[] = []
  const live = new Set<Worker>()
  const queue: { resume: () => void; fail: (error: unknown) => void }[] = []
  let taken = 0
  let running = 0
  let jobs = 0
  let closed = false

  /** A thread for one solve: an idle one, a new one while there are fewer than `threads`, or the next one freed. */
  async function acquire(signal: AbortSignal | undefined): Promise<Worker> {
    if (taken < threads) taken++
    else {
      await new Promise<void>((resume, fail) => {
        const entry = { resume, fail }
        queue.push(entry)
        signal?.addEventListener('abort', () => {
          const at = queue.indexOf(entry)
          if (at >= 0) queue.splice(at, 1)
          fail(signal.reason)
        })
      })
    }
    const reused = idle.pop()
    if (reused) return reused
    try {
      const worker = new Worker(options.script ?? (await defaultScript()))
      worker.unref()
      live.add(worker)
      // A thread that fails while idle is forgotten; the next solve starts another.
      worker.on('error', (error) => options.log?.error({ err: error }, 'fill worker failed'))
      worker.once('exit', () => {
        live.delete(worker)
        const at = idle.indexOf(worker)
        if (at >= 0) idle.splice(at, 1)
      })
      return worker
    } catch (error) {
      release(null)
      throw new FillUnavailable(`the fill's worker could not start: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /** Gives the thread back (null: it was stopped), or its turn to the next solve waiting. */
  function release(worker: Worker | null): void {
    if (worker && !closed) idle.push(worker)
    const next = queue.shift()
    if (next) next.resume()
    else taken--
  }

  return {
    running: () => running,

    async solve(problem, solveOptions, signal) {
      signal?.throwIfAborted()
      if (closed) throw new FillUnavailable('the fill is shutting down')
      const job: FillJob = { id: ++jobs, problem: toProblemData(problem), options: solveOptions }
      const worker = await acquire(signal)
      if (signal?.aborted) {
        release(worker)
        throw signal.reason
      }
      running++
      const started = performance.now()
      return new Promise<FillAnswer>((resolve, reject) => {
        let fallback: FillAnswer | undefined
        let settled = false
        const settle = (keep: boolean, outcome: () => void) => {
          if (settled) return
          settled = true
          running--
          clearTimeout(watchdog)
          signal?.removeEventListener('abort', onAbort)
          worker.off('message', onMessage)
          worker.off('error', onError)
          worker.off('exit', onExit)
          if (!keep) void worker.terminate()
          release(keep ? worker : null)
          outcome()
        }
        const orFallback = (why: string, err?: unknown) => {
          options.log?.warn({ err, why, fallback: fallback !== undefined }, fallback ? 'fill worker stopped: answering with its greedy proposal' : 'fill worker stopped before any proposal')
          if (fallback) resolve({ ...fallback, method: 'greedy', solve_ms: Math.round(performance.now() - started) })
          else reject(new FillUnavailable(`the fill's worker ${why}`))
        }
        const onMessage = (message: FillMessage) => {
          if (message.id !== job.id) return
          if (message.kind === 'fallback') fallback = message.answer
          else if (message.kind === 'done') settle(true, () => resolve(message.answer))
          else settle(true, () => orFallback('failed', new Error(message.message)))
        }
        const onError = (error: Error) => settle(false, () => orFallback('crashed', error))
        const onExit = (code: number) => settle(false, () => orFallback(`stopped (exit code ${code})`))
        const onAbort = () => settle(false, () => reject(signal!.reason))
        const watchdog = setTimeout(() => settle(false, () => orFallback('ran past its time limit')), solveOptions.timeLimitMs + grace)
        worker.on('message', onMessage)
        worker.on('error', onError)
        worker.on('exit', onExit)
        signal?.addEventListener('abort', onAbort, { once: true })
        worker.postMessage(job)
      })
    },

    async close() {
      closed = true
      for (const entry of queue.splice(0)) entry.fail(new FillUnavailable('the fill is shutting down'))
      await Promise.all([...live].map((worker) => worker.terminate()))
    },
  }
}

let located: Promise<URL> | undefined
/** The worker's script, found once per process. */
const defaultScript = () => (located ??= locateScript())

/**
 * In the server bundle (`npm start`), `dist/fill-worker.js`, built with it by scripts/bundle.mjs.
 * From the TypeScript sources (Vitest, development), Node cannot run the worker's TypeScript:
 * esbuild (a development dependency) bundles it once into node_modules/.cache, where the
 * packages it leaves out resolve, under a name that changes with its contents.
 */
async function locateScript(): Promise<URL> {
  const { serverRoot } = await import('../paths.ts')
  if (!import.meta.url.endsWith('.ts')) {
    const built = join(serverRoot, 'dist', 'fill-worker.js')
    if (!existsSync(built)) throw new Error(`${built} is missing: build the server again (npm run build -w server)`)
    return pathToFileURL(built)
  }
  const { build } = await import('esbuild')
  const bundled = await build({
    entryPoints: [join(serverRoot, 'src', 'optimiser', 'fill-worker.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [{ name: 'external-packages', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@rota/') ? undefined : { path: args.path, external: true })) }],
  })
  const code = bundled.outputFiles[0]!.text
  const folder = join(serverRoot, '..', 'node_modules', '.cache', 'rota-fill-worker')
  const file = join(folder, `fill-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true })
    // Several test processes may bundle it at once: each writes its own copy, then renames it into place.
    const partial = `${file}.${process.pid}.tmp`
    writeFileSync(partial, code)
    renameSync(partial, file)
  }
  return pathToFileURL(file)
}
