import { checkCsvHeader, csvColumn, type ImportKind, type SetupStep } from '@rota/core'
import { importMachine } from '@rota/machines'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { importActors, type ImportTally } from '../api/import-actors.ts'
import { NotUtf8Error, readHeader } from '../utils/read-csv.ts'

/** The setup guide's step that an import of each kind completes (shifts complete theirs when published, which an import here does not). */
const steps: Partial<Record<ImportKind, SetupStep>> = { locations: 'clients', services: 'services' }

/** What is wrong with a file's header row, before anything is sent. */
export interface HeaderProblems {
  empty: boolean
  notUtf8: boolean
  missing: string[]
  unknown: string[]
  /** Two headers name the same column (say `name` and `nom`). */
  duplicated: boolean
  /** The parser's own words when the file is not CSV at all (a quote never closed…). */
  malformed: string | null
}

const none: HeaderProblems = { empty: false, notUtf8: false, missing: [], unknown: [], duplicated: false, malformed: null }

/**
 * A CSV import through the import machine: the file's header is checked first (nothing is
 * sent for a file Rota cannot read), then the machine opens a job, streams the rows with
 * their progress, dry-runs, and commits after `confirm`. `onImported` runs once rows were
 * written, for the list to show them.
 * @example
 * const importer = useCsvImport('locations', () => queryClient.invalidateQueries({ queryKey: ['locations'] }))
 * importer.choose(file)
 */
export function useCsvImport(kind: ImportKind, onImported: () => void) {
  const { t } = useTranslation('app')
  const api = useApi()
  const stepDone = useStepDone()
  const tally = useRef<ImportTally>({ bytes: 0, local: [] })
  const [file, setFile] = useState<File | null>(null)
  const [header, setHeader] = useState<HeaderProblems | null>(null)
  // Each column as the file heads it (`code_postal`), to name a refused cell as its reader wrote it.
  const [columnNames, setColumnNames] = useState<Readonly<Record<string, string>>>({})
  const actor = useActorRef(importMachine.provide({ actors: importActors(api, tally.current) }))
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress)
  const preview = useSelector(actor, (snapshot) => snapshot.context.preview)
  const report = useSelector(actor, (snapshot) => snapshot.context.report)
  const error = useSelector(actor, (snapshot) => snapshot.context.error)

  // "Fix the file": once this import is dropped, the dialog asks for a file again.
  const startingOver = useRef(false)
  const reset = () => {
    setFile(null)
    setHeader(null)
    actor.send({ type: 'import.reset' })
  }
  useEffect(() => {
    if (state !== 'cancelled' || !startingOver.current) return
    startingOver.current = false
    reset()
  })

  const imported = useRef(onImported)
  imported.current = onImported
  const announced = useRef<typeof report>(null)
  useEffect(() => {
    if (state !== 'done' || !report || announced.current === report) return
    announced.current = report
    if (report.created + report.updated === 0) return
    const step = steps[kind]
    if (step) stepDone(step)
    imported.current()
  }, [state, report, kind, stepDone])

  const choose = async (chosen: File) => {
    setFile(chosen)
    setHeader(null)
    let headers: string[]
    try {
      headers = await readHeader(chosen.stream())
    } catch (failure) {
      setHeader(failure instanceof NotUtf8Error ? { ...none, notUtf8: true } : { ...none, malformed: failure instanceof Error ? failure.message : String(failure) })
      return
    }
    const check = checkCsvHeader(kind, headers)
    if (headers.length === 0 || !check.ok) {
      const duplicated = check.problems.length > check.missing.length + check.unknown.length
      setHeader(headers.length === 0 ? { ...none, empty: true } : { ...none, missing: check.missing, unknown: check.unknown.map((name) => name.trim()), duplicated })
      return
    }
    setColumnNames(Object.fromEntries(headers.flatMap((name) => {
      const key = csvColumn(kind, name)?.key
      return key ? [[key, name.trim()]] : []
    })))
    tally.current.bytes = 0
    tally.current.local = []
    actor.send({ type: 'import.start', kind, source: chosen })
  }

  return {
    state,
    file,
    header,
    columnNames,
    progress,
    bytes: tally.current.bytes,
    preview,
    report,
    error: error === 'not_utf8' ? t('imports.notUtf8') : error,
    choose,
    confirm: (skipInvalid?: boolean) => actor.send({ type: 'import.confirm', ...(skipInvalid === undefined ? {} : { skipInvalid }) }),
    cancel: () => actor.send({ type: 'import.cancel' }),
    /** Drops this import (nothing was written) and asks for a file again: the bad rows are to be fixed in the file. */
    startOver: () => {
      startingOver.current = true
      actor.send({ type: 'import.cancel' })
    },
    retry: () => actor.send({ type: 'import.retry' }),
    reset,
  }
}
