import { isPrivileged } from '@rota/core'
import { and, eq } from 'drizzle-orm'
import { files } from '../../db/schema/index.ts'
import { AppError, forbidden, notFound } from '../../errors.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Signed upload parameters and deletes; the upload itself goes to the store (routes/files/upload.ts or Cloudinary). */
export const fileHandlers: Handlers<'getUploadSignature' | 'deleteFile'> = {
  async getUploadSignature({ query }, ctx) {
    const grant = { businessId: ctx.auth.businessId, userId: ctx.auth.userId, folder: query.folder }
    return ctx.files.cloudinary ? ctx.files.cloudinary.sign(grant) : ctx.files.local.sign(grant)
  },

  async deleteFile({ query }, ctx) {
    const { businessId, userId } = ctx.auth
    const { cloudinary, local } = ctx.files
    if (cloudinary) {
      if (!cloudinary.owns(businessId, query.id)) throw notFound()
      await cloudinary.remove(query.id).catch((cause: unknown) => {
        ctx.log.error({ err: cause }, 'Cloudinary delete failed')
        throw new AppError(502, 'upstream_failed')
      })
    } else {
      if (!UUID.test(query.id)) throw notFound()
      const [row] = await ctx.db.select().from(files).where(and(eq(files.business_id, businessId), eq(files.id, query.id)))
      if (!row) throw notFound()
      if (row.uploaded_by !== userId && !isPrivileged(ctx.auth)) throw forbidden()
      await ctx.db.delete(files).where(and(eq(files.business_id, businessId), eq(files.id, query.id)))
      await local.remove(query.id)
    }
    await audit(ctx, { action: 'files.delete', model: 'files', recordId: query.id })
    return answer({}, 'deleted')
  },
}
