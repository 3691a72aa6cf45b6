import { can, type ImportKind, type ImportReport, type PermissionModel } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { AppError, forbidden, unprocessable } from '../../errors.ts'
import { completeGuideStep } from '../../repositories/businesses.ts'
import {
  analyzeImported,
  checkStagedRows,
  closeJob,
  createImportJob,
  findJob,
  jobWithCounts,
  requireOpen,
  StagedRowsLost,
  stageRows,
  writeStagedRows,
  type JobRow,
} from '../../repositories/imports.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { commitShifts, type ShiftCommit } from './shifts.ts'

/** The setup guide's step a first import completes (shifts: their first publish does). */
const GUIDE_STEP = { locations: 'clients', services: 'services' } as const

/** The permission model of what each kind imports. */
const MODEL: Record<ImportKind, PermissionModel> = { locations: 'locations', services: 'services', shifts: 'schedules' }

/** Importing creates and updates records, so it needs both rights on the model. */
async function requireImportRights(ctx: HandlerContext<Auth>, kind: ImportKind): Promise<void> {
  if (can(ctx.auth, MODEL[kind], 'create') && can(ctx.auth, MODEL[kind], 'update')) return
  await audit(ctx, { action: 'auth.forbidden', model: MODEL[kind], after: { action: 'import' } })
  throw forbidden()
}

/** Writes (or dry-runs) the job's staged rows by its kind's rules: shifts by the schedule's, clients and services by name. */
async function writeRows(ctx: HandlerContext<Auth>, tx: Db, job: JobRow, options: { requireAllValid: boolean; write: boolean; publish: boolean }): Promise<ShiftCommit> {
  if (job.kind === 'shifts') return commitShifts(ctx, tx, job, options)
  if (options.publish) throw unprocessable('import_publish_shifts')
  return { ...(await writeStagedRows(tx, job, options)), warned: 0, warnings: [], notified: 0 }
}

/** A job whose staged rows the database lost cannot be committed any more: it is cancelled, and the client told so. */
async function abandon(ctx: HandlerContext<Auth>, id: string): Promise<never> {
  await ctx.db.transaction(async (tx) => {
    const job = await findJob(tx, ctx.auth.businessId, ctx.auth.userId, id, true)
    await closeJob(tx, job, 'cancelled')
    await audit(ctx, { action: 'import.cancel', model: MODEL[job.kind as ImportKind], recordId: job.id, after: { reason: 'staged rows lost' } }, tx)
  })
  throw new AppError(409, 'import_closed')
}

/**
 * CSV imports in three steps (docs/decisions): start, send checked batches, commit
 * in one transaction — or cancel, leaving the business's records untouched.
 */
export const importHandlers: Handlers<'createImport' | 'addImportRows' | 'commitImport' | 'getImport' | 'cancelImport'> = {
  async createImport({ body }, ctx) {
    await requireImportRights(ctx, body.kind)
    const job = await createImportJob(ctx.db, { businessId: ctx.auth.businessId, userId: ctx.auth.userId, kind: body.kind, skipInvalid: body.skip_invalid, fileName: body.file_name })
    return answer(job, undefined, 201)
  },

  async addImportRows({ params, body }, ctx) {
    const errors = await stageRows(ctx.db, ctx.auth, params.id, body.rows)
    return { received: body.rows.length, invalid: errors.length, errors }
  },

  async commitImport({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const rollback = Symbol('dry run')
    let report: ImportReport | undefined
    // Repeated names are marked in a transaction of their own: a dry run rolls back, and its marks serve the commit after it.
    await ctx.db.transaction(async (tx) => {
      const job = await findJob(tx, businessId, userId, params.id, true)
      requireOpen(job)
      await checkStagedRows(tx, job)
    })
    try {
      await ctx.db.transaction(async (tx) => {
        const job = await findJob(tx, businessId, userId, params.id, true)
        requireOpen(job)
        await requireImportRights(ctx, job.kind as ImportKind)
        const skipInvalid = body.skip_invalid ?? job.skip_invalid
        const counts = await writeRows(ctx, tx, job, { requireAllValid: !skipInvalid, write: !body.dry_run, publish: body.publish })
        const base = {
          id: job.id,
          kind: job.kind as ImportKind,
          dry_run: body.dry_run,
          created: counts.created,
          updated: counts.updated,
          unchanged: counts.unchanged,
          skipped: skipInvalid ? counts.invalid : 0,
          invalid: counts.invalid,
          errors: counts.errors,
          warned: counts.warned,
          warnings: counts.warnings,
          notified: counts.notified,
        }
        if (body.dry_run) {
          report = { ...base, status: 'open' }
          throw rollback
        }
        if (counts.invalid > 0 && !skipInvalid) {
          throw new AppError(422, 'import_invalid', { invalid: counts.invalid, errors: counts.errors })
        }
        await closeJob(tx, job, 'committed')
        const published = job.kind === 'shifts' ? { published: body.publish, notified: counts.notified } : {}
        await audit(ctx, { action: 'import.commit', model: MODEL[job.kind as ImportKind], recordId: job.id, after: { file_name: job.file_name, created: counts.created, updated: counts.updated, unchanged: counts.unchanged, skipped: base.skipped, ...published } }, tx)
        if (job.kind !== 'shifts' && counts.created + counts.updated > 0) await completeGuideStep(tx, businessId, GUIDE_STEP[job.kind as keyof typeof GUIDE_STEP])
        report = { ...base, status: 'committed' }
      })
    } catch (error) {
      if (error instanceof StagedRowsLost) await abandon(ctx, params.id)
      if (error !== rollback) throw error
    }
    if (report!.status === 'committed' && report!.created + report!.updated > 0) {
      // After the answer: the import stands whatever happens here, a failure only leaves the statistics to autovacuum.
      const kind = report!.kind
      ctx.background.run('analyze after import', () => ctx.database.scoped('system', (db) => analyzeImported(db, kind)))
    }
    return answer(report!, body.dry_run ? undefined : 'import_done')
  },

  async getImport({ params }, ctx) {
    return jobWithCounts(ctx.db, await findJob(ctx.db, ctx.auth.businessId, ctx.auth.userId, params.id))
  },

  async cancelImport({ params }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const job = await findJob(tx, ctx.auth.businessId, ctx.auth.userId, params.id, true)
      requireOpen(job)
      await closeJob(tx, job, 'cancelled')
      await audit(ctx, { action: 'import.cancel', model: MODEL[job.kind as ImportKind], recordId: job.id }, tx)
    })
    return answer({}, 'import_cancelled')
  },
}
