import type { ApiFunctions, UploadFolder } from '@rota/core'
import { useMutation } from '@tanstack/react-query'
import { readCookie } from './browser-store.ts'
import { useServices } from './services.tsx'

/** What the browser refuses before sending (a translation each, under `image` in the app's words). */
export const IMAGE_REFUSALS = ['too_large', 'wrong_type'] as const

/** Why an image was not stored: too big or not an image (said before sending), or the store's refusal. */
export class ImageUploadError extends Error {
  constructor(
    readonly reason: (typeof IMAGE_REFUSALS)[number] | 'refused',
    message: string = reason,
  ) {
    super(message)
  }
}

interface UploadOptions {
  api: ApiFunctions
  file: File
  folder: UploadFolder
  fetch?: typeof globalThis.fetch
}

function storedId(provider: 'local' | 'cloudinary', body: unknown): string | undefined {
  const answer = body as { data?: { id?: unknown }; public_id?: unknown } | null
  const id = provider === 'local' ? answer?.data?.id : answer?.public_id
  return typeof id === 'string' ? id : undefined
}

function refusal(body: unknown): string | undefined {
  const answer = body as { message?: unknown; error?: { message?: unknown } } | null
  const message = answer?.message ?? answer?.error?.message
  return typeof message === 'string' ? message : undefined
}

/**
 * Uploads one image the way SPEC.md §7 does: signed parameters from `GET /upload_sign_url`,
 * then the file posted as multipart straight to the store (Rota's own, or Cloudinary). Our
 * own origin also gets the anti-forgery header, since the browser sends it cookies.
 * Answers the stored image's id, to save on the record.
 * @example
 * const id = await uploadImage({ api, file, folder: 'avatars' })
 */
export async function uploadImage({ api, file, folder, fetch = globalThis.fetch }: UploadOptions): Promise<string> {
  const signature = await api.getUploadSignature({ query: { folder } }, { silent: true })
  if (signature.accept.length > 0 && !signature.accept.includes(file.type)) throw new ImageUploadError('wrong_type')
  if (file.size > signature.max_bytes) throw new ImageUploadError('too_large')
  const form = new FormData()
  for (const [name, value] of Object.entries(signature.fields)) form.append(name, value)
  form.append('file', file)
  const target = new URL(signature.url, window.location.origin)
  const ours = target.origin === window.location.origin
  const xsrf = ours ? readCookie('XSRF-TOKEN') : undefined
  const response = await fetch(target.href, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', ...(xsrf ? { 'X-XSRF-TOKEN': xsrf } : {}) },
    credentials: ours ? 'same-origin' : 'omit',
  })
  const body: unknown = await response.json().catch(() => null)
  const id = response.ok ? storedId(signature.provider, body) : undefined
  if (!id) throw new ImageUploadError('refused', refusal(body))
  return id
}

/**
 * Uploading an image from a form, for any record that keeps one.
 * @example
 * const upload = useImageUpload('logos')
 * const id = await upload.mutateAsync(file)
 */
export function useImageUpload(folder: UploadFolder) {
  const { api, fetch } = useServices()
  return useMutation({ mutationFn: (file: File) => uploadImage({ api, file, folder, fetch }) })
}

/**
 * Deletes an image that no record shows any more (`DELETE /file?id=`). Quietly: the record
 * no longer points at it, so a refusal leaves nothing for the person to do.
 * @example
 * await forgetImage(api, previous)
 */
export async function forgetImage(api: ApiFunctions, id: string | null): Promise<void> {
  if (!id) return
  await api.deleteFile({ query: { id } }, { silent: true }).catch(() => {})
}
