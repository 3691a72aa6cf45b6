import type { StoredFile, UploadFolder, UploadSignature } from '@rota/core'
import { createHash, createHmac, randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { safeEqual } from './tokens.ts'

/** Images only: what avatars and logos are. SVG is refused (it can carry scripts). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
const SIGNATURE_SECONDS = 600

/** The content type a file's first bytes prove, whatever its name or the browser claimed. */
export function sniffImage(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif'
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp'
  return null
}

/** What a receipt may be: a photo of it or the PDF a vendor sent. */
export const RECEIPT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const

/** The types a folder takes: receipts also PDFs, everything else images only. */
export const typesOf = (folder: UploadFolder): readonly string[] => (folder === 'receipts' ? RECEIPT_TYPES : IMAGE_TYPES)

/** The content type a file's first bytes prove for a folder, or null when the folder does not take it. */
export function sniffFor(bytes: Uint8Array, folder: UploadFolder): string | null {
  const image = sniffImage(bytes)
  if (image) return image
  const pdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d
  return folder === 'receipts' && pdf ? 'application/pdf' : null
}

export interface UploadGrant {
  businessId: string
  userId: string
  folder: UploadFolder
}

/**
 * Rota's own image store (DESIGN.md §6, the default): files live in the data folder
 * under server-generated names; uploads are authorised by a short-lived signed grant
 * in the upload URL's query, so that the server checks it before reading a byte of the body.
 */
export function createLocalFileStore(options: { folder: string; secret: string }) {
  const key = createHash('sha256').update(`${options.secret}:rota upload grant`).digest()
  const { folder } = options
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')

  return {
    sign(grant: UploadGrant): UploadSignature {
      const payload = Buffer.from(JSON.stringify({ ...grant, exp: Math.floor(Date.now() / 1000) + SIGNATURE_SECONDS })).toString('base64url')
      const grantText = `${payload}.${mac(payload)}`
      return { provider: 'local', url: `/api/v1/file?grant=${grantText}`, fields: {}, max_bytes: MAX_UPLOAD_BYTES, accept: [...typesOf(grant.folder)] }
    },

    /** The grant's contents when its signature holds and it has not expired. */
    verify(grant: string): UploadGrant | null {
      const [payload, signature] = grant.split('.')
      if (!payload || !signature || !safeEqual(signature, mac(payload))) return null
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant & { exp: number }
      return parsed.exp > Date.now() / 1000 ? { businessId: parsed.businessId, userId: parsed.userId, folder: parsed.folder } : null
    },

    async write(bytes: Uint8Array, contentType: string): Promise<Omit<StoredFile, 'provider'>> {
      const id = randomUUID()
      await mkdir(folder, { recursive: true })
      await writeFile(join(folder, id), bytes, { mode: 0o600 })
      return { id, content_type: contentType, size: bytes.byteLength }
    },

    read: (id: string) => readFile(join(folder, id)),
    remove: (id: string) => rm(join(folder, id), { force: true }),
  }
}

export type LocalFileStore = ReturnType<typeof createLocalFileStore>

/** Cloudinary (ROTA_CLOUDINARY_URL = cloudinary://key:secret@cloud): signed direct uploads and deletes. */
export function createCloudinary(url: string, api = 'https://api.cloudinary.com') {
  const parsed = new URL(url)
  const cloud = parsed.hostname
  const apiKey = decodeURIComponent(parsed.username)
  const apiSecret = decodeURIComponent(parsed.password)
  const signed = (params: Record<string, string>) => {
    const text = Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&')
    return { ...params, api_key: apiKey, signature: createHash('sha1').update(text + apiSecret).digest('hex') }
  }
  const folderOf = (grant: Pick<UploadGrant, 'businessId'>) => `rota/${grant.businessId}`

  return {
    cloud,
    sign(grant: UploadGrant): UploadSignature {
      const fields = signed({ folder: `${folderOf(grant)}/${grant.folder}`, timestamp: String(Math.floor(Date.now() / 1000)) })
      return { provider: 'cloudinary', url: `${api}/v1_1/${cloud}/auto/upload`, fields, max_bytes: MAX_UPLOAD_BYTES, accept: [...typesOf(grant.folder)] }
    },
    /** True when the public id lies in the business's own folder. */
    owns(businessId: string, publicId: string): boolean {
      return publicId.startsWith(`${folderOf({ businessId })}/`)
    },
    async remove(publicId: string): Promise<void> {
      const body = new URLSearchParams(signed({ public_id: publicId, timestamp: String(Math.floor(Date.now() / 1000)) }))
      const response = await fetch(`${api}/v1_1/${cloud}/image/destroy`, { method: 'POST', body })
      if (!response.ok) throw new Error(`Cloudinary refused to delete ${publicId}: ${response.status}`)
    },
  }
}

export type Cloudinary = ReturnType<typeof createCloudinary>
