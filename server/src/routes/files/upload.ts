import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { files } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import { MAX_UPLOAD_BYTES, sniffImage } from '../../services/file-store.ts'
import { writeAudit } from '../../repositories/audit-logs.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Rota's own image store, used when Cloudinary is not configured: `POST /api/v1/file`
 * (multipart: the signed `grant` from /upload_sign_url, then `file`) and
 * `GET /api/v1/file/{id}`. Outside the contract because they speak multipart and bytes.
 * Files are served as images only, never as HTML, with a sandboxing CSP.
 */
export async function registerUploads(api: FastifyInstance): Promise<void> {
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 4096 } })

    scope.post('/file', { schema: { summary: 'Upload an image with a grant from /upload_sign_url (multipart: grant, then file)', tags: ['files'] } }, async (request, reply) => {
      const { local } = api.services.files
      let grant: ReturnType<typeof local.verify> = null
      let stored: Awaited<ReturnType<typeof local.write>> | undefined
      if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type')
      for await (const part of request.parts()) {
        if (part.type === 'field' && part.fieldname === 'grant') grant = local.verify(String(part.value))
        if (part.type === 'file') {
          if (!grant) throw new AppError(403, 'forbidden')
          const bytes = await part.toBuffer().catch(() => {
            throw new AppError(413, 'payload_too_large')
          })
          const type = sniffImage(bytes)
          if (!type) throw new AppError(415, 'unsupported_file_type')
          stored = await local.write(bytes, type)
        }
      }
      if (!grant) throw new AppError(403, 'forbidden')
      if (!stored) throw new AppError(400, 'validation_failed', { file: 'Required' })
      const { db } = api.services.database
      await db.insert(files).values({ business_id: grant.businessId, id: stored.id, folder: grant.folder, content_type: stored.content_type, size: stored.size, uploaded_by: grant.userId })
      await writeAudit(db, { businessId: grant.businessId, actorId: grant.userId, action: 'files.upload', model: 'files', recordId: stored.id, after: { ...stored, folder: grant.folder }, ip: request.ip, userAgent: request.headers['user-agent'] })
      return reply.code(201).send({ data: { ...stored, provider: 'local' } })
    })
  })

  api.get<{ Params: { id: string } }>('/file/:id', { schema: { summary: 'An uploaded image (the id is the capability: unguessable, not listed)', tags: ['files'] } }, async (request, reply) => {
    if (!UUID.test(request.params.id)) throw notFound()
    const [row] = await api.services.database.db.select().from(files).where(eq(files.id, request.params.id))
    if (!row) throw notFound()
    const bytes = await api.services.files.local.read(row.id).catch(() => {
      throw notFound()
    })
    return reply
      .header('content-type', row.content_type)
      .header('content-disposition', 'inline')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes)
  })
}
