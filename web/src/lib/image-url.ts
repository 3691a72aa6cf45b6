import { imageUrl } from '@rota/core'
import { useClientConfig } from './client-config.ts'

/**
 * The URL of an uploaded image (an avatar, a logo) at a size, from wherever this Rota keeps
 * images: its own file store, or Cloudinary with a fill crop.
 * @example
 * const src = useImageUrl()
 * <img src={src(user.file, 80) ?? undefined} alt="" />
 */
export function useImageUrl(): (id: string | null | undefined, size: number) => string | null {
  const { data: config } = useClientConfig()
  return (id, size) =>
    imageUrl(id, { height: size, width: size }, { cloudinaryCloudName: config?.images.cloud_name ?? null, defaultProvider: config?.images.provider ?? 'local' })
}
