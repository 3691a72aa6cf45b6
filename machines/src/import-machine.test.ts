import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { IMPORT_BATCH_MAX, type ImportJob, type ImportReport } from '@rota/core'
import { importMachine, type ImportContext, type ImportUpload } from './import-machine.ts'
import { answeredByModel, machineModel, missingTransitions, pathName, walk, type Meanings, type World } from './testing/index.ts'

const job: ImportJob = {
  id: '7f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7',
  kind: 'locations',
  status: 'open',
  skip_invalid: false,
  rows_received: 0,
  rows_invalid: 0,
  created_at: '2025-03-01T12:00:00Z',
}
const rowError = { line: 4, errors: [{ column: 'name', code: 'required', message: 'Required' }] }
const report = (fields: Partial<ImportReport> = {}): ImportReport => ({
  id: job.id,
  kind: 'locations',
  dry_run: true,
  status: 'open',
  created: 2,
  updated: 1,
  unchanged: 0,
  skipped: 0,
  invalid: 0,
  errors: [],
  warned: 0,
  warnings: [],
  notified: 0,
  ...fields,
})
const previews = { clean: report(), partly: report({ invalid: 1, errors: [rowError] }) }

/** The server as far as an import goes: each job's status, and whether a commit wrote the rows. */
interface ImportWorld extends World {
  jobs: Map<string, ImportJob['status']>
  written: boolean
}

function stubWorld(): ImportWorld {
  let reportProgress: ImportUpload['reportProgress'] = () => {}
  const world: ImportWorld = {
    actors: Object.fromEntries(['open', 'upload', 'dryRun', 'commit', 'cancelImport'].map((id) => [id, answeredByModel])),
    jobs: new Map(),
    written: false,
    invoked: (id, input) => {
      if (id === 'upload') reportProgress = (input as ImportUpload).reportProgress
    },
    answered: (id, output) => {
      if (id === 'open') world.jobs.set((output as ImportJob).id, 'open')
      if (id === 'commit') world.written = true
      if (id === 'commit' || id === 'cancelImport') world.jobs.set(job.id, id === 'commit' ? 'committed' : 'cancelled')
    },
    // The upload actor tells the machine how far it got; the walk plays it.
    events: { 'import.progress': ({ rows, invalid }) => reportProgress({ rows, invalid }) },
  }
  return world
}

type Reached = { context: ImportContext }

const meanings: Meanings<ImportWorld> = {
  idle: ({ context }: Reached) => {
    expect(context).toEqual({ kind: null, source: null, skipInvalid: false, job: null, progress: { rows: 0, invalid: 0 }, preview: null, report: null, error: null })
  },
  opening: ({ context }: Reached) => {
    expect(context).toMatchObject({ kind: 'locations', source: 'clients.csv', job: null, preview: null, error: null })
  },
  uploading: ({ context }: Reached, { world, event }) => {
    expect(world.jobs.get(context.job!.id)).toBe('open')
    if (event.type === 'import.progress') expect(context.progress).toEqual({ rows: event.rows, invalid: event.invalid })
  },
  previewing: ({ context }: Reached, { event }) => {
    expect(context.progress).toEqual({ rows: event.output.rows, invalid: event.output.invalid })
  },
  preview: ({ context }: Reached, { world, event }) => {
    expect(context.preview).not.toBeNull()
    expect(world.written).toBe(false)
    if (event.type === 'import.confirm') expect(context.error).toMatch(/skip them/)
  },
  committing: ({ context }: Reached, { world }) => {
    expect(context.preview!.invalid === 0 || context.skipInvalid).toBe(true)
    expect(world.written).toBe(false)
  },
  done: ({ context }: Reached, { world }) => {
    expect(context.report).toEqual(report({ dry_run: false, status: 'committed' }))
    expect(world.jobs.get(job.id)).toBe('committed')
  },
  cancelled: ({ context }: Reached, { world, event }) => {
    expect(world.written).toBe(false)
    if (event.type === 'xstate.done.actor.cancelImport') expect(world.jobs.get(job.id)).toBe('cancelled')
    if (event.type === 'xstate.error.actor.cancelImport') expect(context.error).toMatch(/\S/)
    else expect(context.error).toBeNull()
  },
  failed: ({ context }: Reached, { world }) => {
    expect(context.error).toMatch(/\S/)
    expect(world.written).toBe(false)
  },
}

const failure = [{ error: new Error('Network error') }]
const model = machineModel(importMachine, {
  events: () => ({
    'import.start': [{ kind: 'locations', source: 'clients.csv' }],
    'xstate.done.actor.open': [{ output: job }],
    'xstate.error.actor.open': failure,
    'import.progress': [{ rows: 5000, invalid: 1 }],
    'xstate.done.actor.upload': [{ output: { rows: 7500, invalid: 1 } }],
    'xstate.error.actor.upload': failure,
    'xstate.done.actor.dryRun': Object.values(previews).map((output) => ({ output })),
    'xstate.error.actor.dryRun': failure,
    'import.confirm': [{}, { skipInvalid: true }],
    'xstate.done.actor.commit': [{ output: report({ dry_run: false, status: 'committed' }) }],
    'xstate.error.actor.commit': failure,
    'xstate.done.actor.cancelImport': [{ output: undefined }],
    'xstate.error.actor.cancelImport': failure,
  }),
})
const paths = model.getShortestPaths()

describe('import machine (model)', () => {
  it('walks every transition', () => {
    expect(missingTransitions(importMachine, [{ paths }])).toEqual([])
  })

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) => walk(path, { machine: importMachine, world: stubWorld(), meanings }))
})

/** A CSV source of `total` records, read lazily in batches as a parser would stream them. */
async function* records(total: number) {
  for (let line = 2; line < total + 2; line += IMPORT_BATCH_MAX) {
    yield Array.from({ length: Math.min(IMPORT_BATCH_MAX, total + 2 - line) }, (_, k) => ({ line: line + k, cells: { Name: `Client ${line + k}` } }))
  }
}

function importer(overrides: Partial<Parameters<typeof importMachine.provide>[0]['actors']> = {}) {
  const calls = { commit: vi.fn(), cancelImport: vi.fn() }
  const actor = createActor(
    importMachine.provide({
      actors: {
        open: fromPromise(async () => job),
        upload: fromPromise(async ({ input }) => {
          let rows = 0
          for await (const batch of records(input.source as number)) {
            rows += batch.length
            input.reportProgress({ rows, invalid: 0 })
          }
          return { rows, invalid: 0 }
        }),
        dryRun: fromPromise(async () => previews.partly),
        commit: fromPromise(async ({ input }) => (calls.commit(input), report({ dry_run: false, status: 'committed', skipped: 1, invalid: 1 }))),
        cancelImport: fromPromise(async ({ input }) => void calls.cancelImport(input)),
        ...overrides,
      },
    }),
  ).start()
  return { actor, calls }
}

describe('importing a file', () => {
  it('streams a million rows holding only their counts, and commits the good ones once the person skips the bad', async () => {
    const { actor, calls } = importer()
    const seen: number[] = []
    actor.subscribe((snapshot) => seen.push(snapshot.context.progress.rows))
    actor.send({ type: 'import.start', kind: 'locations', source: 1_000_000 })
    const preview = await waitFor(actor, (snapshot) => snapshot.matches('preview'))
    expect(preview.context.progress).toEqual({ rows: 1_000_000, invalid: 0 })
    expect(new Set(seen).size).toBeGreaterThan(100)
    expect(JSON.stringify(preview.context).length).toBeLessThan(2000)

    actor.send({ type: 'import.confirm' })
    expect(actor.getSnapshot().context.error).toMatch(/skip them/)
    actor.send({ type: 'import.confirm', skipInvalid: true })
    const done = await waitFor(actor, (snapshot) => snapshot.matches('done'))
    expect(calls.commit).toHaveBeenCalledExactlyOnceWith({ job, skipInvalid: true })
    expect(done.context.report).toMatchObject({ created: 2, updated: 1, skipped: 1 })
  })

  it('cancelling during the upload stops it and drops the job, and nothing is committed', async () => {
    let aborted = false
    const { actor, calls } = importer({
      upload: fromPromise(({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(signal.reason))))),
    })
    actor.send({ type: 'import.start', kind: 'services', source: 10, skipInvalid: true })
    await waitFor(actor, (snapshot) => snapshot.matches('uploading'))
    actor.send({ type: 'import.cancel' })
    await waitFor(actor, (snapshot) => snapshot.matches('cancelled'))
    expect(aborted).toBe(true)
    expect(calls.cancelImport).toHaveBeenCalledExactlyOnceWith({ job })
    expect(calls.commit).not.toHaveBeenCalled()
  })

  it('cannot be cancelled while committing, and a failed commit can be retried with the same file on a new job', async () => {
    const { actor } = importer({ commit: fromPromise(() => Promise.reject(new Error('The import changed while it was committed'))) })
    actor.send({ type: 'import.start', kind: 'locations', source: 3, skipInvalid: true })
    await waitFor(actor, (snapshot) => snapshot.matches('preview'))
    actor.send({ type: 'import.confirm' })
    expect(actor.getSnapshot().can({ type: 'import.cancel' })).toBe(false)
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'))
    expect(failed.context.error).toBe('The import changed while it was committed')
    actor.send({ type: 'import.retry' })
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'locations', source: 3, skipInvalid: true, job: null, preview: null, error: null })
  })
})
