import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { CsvKind, ImportRow } from '@rota/core'
import { missingTransitions } from '../test/coverage.ts'
import { machineModel, pathName } from '../test/model.ts'
import { answeredByModel, walk, type Meanings, type World } from '../test/walk.ts'
import { importMachine, type CsvRecord, type ImportBatch, type ImportContext, type ImportPreview, type ImportReport } from './import-machine.ts'

const records: CsvRecord[] = [{ Name: 'Maple Court' }, { Name: 'Birch Hall' }, { Name: 'Cedar Lodge' }]
const row = (name: string) => ({ name }) as unknown as ImportRow<CsvKind>
const refusedRow = { ok: false as const, line: 4, errors: [{ column: 'name', message: 'Required' }] }

const previews: Record<string, ImportPreview> = {
  clean: { rows: [row('Maple Court'), row('Birch Hall'), row('Cedar Lodge')], create: 2, update: 1, errors: [] },
  partly: { rows: [row('Maple Court'), row('Birch Hall')], create: 2, update: 0, errors: [refusedRow] },
  nothing: { rows: [], create: 0, update: 0, errors: [refusedRow] },
}

/** The server as far as an import goes: rows staged under the import's key, and rows committed. */
interface ImportWorld extends World {
  staged: unknown[]
  committed: unknown[]
}

function stubWorld(): ImportWorld {
  const world: ImportWorld = {
    actors: Object.fromEntries(['read', 'validate', 'sendBatch', 'commit', 'cancelImport'].map((id) => [id, answeredByModel])),
    staged: [],
    committed: [],
    invoked: (id, input) => {
      const batch = input as { offset: number; rows: unknown[] }
      if (id === 'sendBatch') world.staged = [...(batch.offset === 0 ? [] : world.staged), ...batch.rows]
      if (id === 'cancelImport') world.staged = []
    },
    answered: (id) => {
      if (id === 'commit') world.committed = world.staged
    },
  }
  return world
}

const meanings: Meanings<ImportWorld> = {
  idle: ({ context }: { context: ImportContext }) => {
    expect(context).toMatchObject({ target: null, preview: null, report: null, error: null })
  },
  preview: ({ context }: { context: ImportContext }, { event }) => {
    expect(context.preview).not.toBeNull()
    if (event.type === 'import.confirm') expect(context.error).toMatch(/\S/)
  },
  sending: ({ context }: { context: ImportContext }, { world }) => {
    expect(context.total).toBe(context.preview?.rows.length)
    expect(world.committed).toEqual([])
  },
  'sending.batch': ({ context }: { context: ImportContext }, { world }) => {
    expect(context.sent).toBeLessThan(context.total)
    expect(world.staged).toHaveLength(Math.min(context.sent + context.batchSize, context.total))
  },
  'sending.committing': ({ context }: { context: ImportContext }, { world }) => {
    expect(context.sent).toBe(context.total)
    expect(world.staged).toEqual(context.preview?.rows)
  },
  report: ({ context }: { context: ImportContext }, { world }) => {
    expect(context.report).not.toBeNull()
    expect(world.committed).toEqual(context.preview?.rows)
  },
  cancelled: (_, { world }) => {
    expect(world.committed).toEqual([])
    expect(world.staged).toEqual([])
  },
  failed: ({ context }: { context: ImportContext }, { world }) => {
    expect(context.error).toMatch(/\S/)
    expect(world.committed).toEqual([])
  },
}

const input = { batchSize: 2 }
const failure = [{ error: new Error('Network error') }]
const model = machineModel(importMachine, {
  input,
  events: () => ({
    'import.start': [{ kind: 'locations', key: 'import-1', source: 'clients.csv' }],
    'xstate.done.actor.read': [{ output: records }],
    'xstate.error.actor.read': [{ error: new Error('This file is not CSV') }],
    'xstate.done.actor.validate': Object.values(previews).map((output) => ({ output })),
    'xstate.error.actor.validate': failure,
    'import.confirm': [{}, { skipInvalid: true }],
    'xstate.error.actor.sendBatch': failure,
    'xstate.done.actor.commit': [{ output: { created: 2, updated: 1, errors: [] } }],
    'xstate.error.actor.commit': failure,
    'xstate.error.actor.cancelImport': failure,
  }),
})
const paths = model.getShortestPaths()

describe('import machine (model)', () => {
  it('walks every transition', () => {
    expect(missingTransitions(importMachine, [{ paths, input }])).toEqual([])
  })

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) =>
    walk(path, { machine: importMachine, world: stubWorld(), meanings, input }),
  )
})

describe('importing a file', () => {
  it('sends the rows in batches with their offsets, then commits once', async () => {
    const sendBatch = vi.fn(async (_: { input: ImportBatch }) => {})
    const commit = vi.fn(async (): Promise<ImportReport> => ({ created: 3, updated: 0, errors: [] }))
    const importer = createActor(
      importMachine.provide({
        actors: {
          read: fromPromise(async () => records),
          validate: fromPromise(async () => previews.clean!),
          sendBatch: fromPromise(sendBatch),
          commit: fromPromise(commit),
        },
      }),
      { input },
    ).start()
    importer.send({ type: 'import.start', kind: 'locations', key: 'import-1', source: 'clients.csv' })
    await waitFor(importer, (snapshot) => snapshot.matches('preview'))
    importer.send({ type: 'import.confirm' })
    const done = await waitFor(importer, (snapshot) => snapshot.matches('report'))
    expect(sendBatch.mock.calls.map(([{ input }]) => [input.offset, input.rows.length])).toEqual([[0, 2], [2, 1]])
    expect(commit).toHaveBeenCalledOnce()
    expect(done.context.report).toEqual({ created: 3, updated: 0, errors: [] })
  })
})
