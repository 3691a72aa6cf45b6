import { z } from 'zod'

/** What a file is for; each folder has its own limits. */
/** Receipts may be a PDF as well as an image; chat attachments are images. */
export const UploadFolder = z.enum(['avatars', 'logos', 'receipts', 'chat'])
export type UploadFolder = z.infer<typeof UploadFolder>

export const UploadSignQuery = z.object({ folder: UploadFolder.default('avatars') })

/**
 * How to upload one file straight to the image store: POST `url` as multipart form
 * data with `fields` and the file under `file`. Cloudinary when configured, Rota's
 * own file store otherwise — the same shape, so clients do not care which.
 */
export const UploadSignature = z.object({
  provider: z.enum(['local', 'cloudinary']),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  max_bytes: z.number().int(),
  accept: z.array(z.string()),
})
export type UploadSignature = z.infer<typeof UploadSignature>

/** What the upload answers (Cloudinary's `public_id` is the id there). */
export const StoredFile = z.object({
  id: z.string(),
  provider: z.enum(['local', 'cloudinary']),
  content_type: z.string(),
  size: z.number().int(),
})
export type StoredFile = z.infer<typeof StoredFile>

export const FileIdQuery = z.object({ id: z.string().min(1).max(200) })
