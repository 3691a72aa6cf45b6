import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { files } from '../../db/schema/index.ts'
import { AppError, notFound } from '../../errors.ts'
import { MAX_UPLOAD_BYTES, sniffFor } from '../../services/file-store.ts'
import type { UploadFolder } from '@rota/core'
import { writeAudit } from '../../repositories/audit-logs.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Rota's own file store (images; PDFs too for receipts), used when Cloudinary is not configured: `POST /api/v1/file?grant=…`
 * (the URL /upload_sign_url gave; multipart with one `file`) and `GET /api/v1/file/{id}`.
 * Outside the contract because they speak multipart and bytes. The grant is checked
 * before the body is read; files are served as images only, never as HTML, with a sandboxing CSP.
 */
export async function registerUploads(api: FastifyInstance): Promise<void> {
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 4096 } })

    scope.post<{ Querystring: { grant?: unknown } }>(
      '/file',
      { schema: { summary: 'Upload an image to the URL /upload_sign_url gave (a signed grant in its query; multipart with one file)', tags: ['files'] } },
      async (request, reply) => {
        const { local } = api.services.files
        const grant = typeof request.query.grant === 'string' ? local.verify(request.query.grant) : null
        if (!grant) throw new AppError(403, 'forbidden')
        if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type')
        const stored = await storeFile(request.parts(), local.write, grant.folder)
        await api.services.database.scoped({ businessId: grant.businessId }, async (db) => {
          await db.insert(files).values({ business_id: grant.businessId, id: stored.id, folder: grant.folder, content_type: stored.content_type, size: stored.size, uploaded_by: grant.userId })
          await writeAudit(db, { businessId: grant.businessId, actorId: grant.userId, action: 'files.upload', model: 'files', recordId: stored.id, after: { ...stored, folder: grant.folder }, ip: request.ip, userAgent: request.headers['user-agent'] })
        })
        return reply.code(201).send({ data: { ...stored, provider: 'local' } })
      },
    )
  })

  api.get<{ Params: { id: string } }>('/file/:id', { schema: { summary: 'An uploaded image (the id is the capability: unguessable, not listed)', tags: ['files'] } }, async (request, reply) => {
    if (!UUID.test(request.params.id)) throw notFound()
    // The id is the capability (unguessable, never listed): found whichever business holds it.
    const [row] = await api.services.database.scoped('system', (db) => db.select().from(files).where(eq(files.id, request.params.id)))
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

type Parts = AsyncIterable<{ type: 'file'; toBuffer(): Promise<Buffer> } | { type: 'field' }>
type Write = (bytes: Uint8Array, contentType: string) => Promise<{ id: string; content_type: string; size: number }>

/**
 * Reads the upload's file part, proves it an image by its bytes and stores it. A body that
 * is not the multipart it claims (no boundary, cut short) is the client's fault: 400, never 500.
 */
async function storeFile(parts: Parts, write: Write, folder: UploadFolder) {
  let stored: Awaited<ReturnType<Write>> | undefined
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue
      const bytes = await part.toBuffer().catch((error: unknown) => {
        throw (error as { statusCode?: number }).statusCode === 413 || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? new AppError(413, 'payload_too_large') : error
      })
      const type = sniffFor(bytes, folder)
      if (!type) throw new AppError(415, 'unsupported_file_type')
      stored = await write(bytes, type)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError((error as { statusCode?: number }).statusCode === 413 ? 413 : 400, (error as { statusCode?: number }).statusCode === 413 ? 'payload_too_large' : 'invalid_multipart')
  }
  if (!stored) throw new AppError(400, 'validation_failed', { file: 'Required' })
  return stored
}
