/** Where Rota keeps images: Cloudinary when configured, else the server's own data folder. */
export const IMAGE_PROVIDERS = ['cloudinary', 'local'] as const
export type ImageProvider = (typeof IMAGE_PROVIDERS)[number]

/** A stored image. The provider is a plain string because older records may name others. */
export interface ImageAsset {
  id: string
  provider: string
}

export interface ImageSize {
  height?: number
  width?: number
}

export interface ImageConfig {
  /** The Cloudinary cloud name; without it Cloudinary images cannot be shown. */
  cloudinaryCloudName?: string | null
  /** The provider of images known only by id, such as the settings' business_logo. */
  defaultProvider: ImageProvider
  /** Where Rota's API is mounted, for local images. */
  apiBase?: string
}

function dimension(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= 1 ? Math.round(value) : undefined
}

/** Public ids may sit in folders (`logos/acme`); the slashes stay, the rest is escaped. */
function encodePath(id: string): string {
  return id.split('/').map(encodeURIComponent).join('/')
}

function cloudinaryUrl(cloud: string, id: string, height?: number, width?: number): string {
  const size = [height && `h_${height}`, width && `w_${width}`].filter(Boolean)
  const transformation = size.length > 0 ? `c_fill,${size.join(',')}/` : ''
  return `https://res.cloudinary.com/${encodeURIComponent(cloud)}/image/upload/${transformation}${encodePath(id)}`
}

function localUrl(apiBase: string, id: string, height?: number, width?: number): string {
  const query = new URLSearchParams()
  if (height) query.set('h', String(height))
  if (width) query.set('w', String(width))
  const search = query.size > 0 ? `?${query}` : ''
  return `${apiBase.replace(/\/+$/, '')}/file/${encodeURIComponent(id)}${search}`
}

/**
 * The URL that shows an image, cropped to fill the size asked for (SPEC.md §3, DESIGN.md §6).
 * Cloudinary images get a `c_fill` transformation; local ones are served by Rota's API,
 * which crops the same way. Sizes that are missing, zero or not numbers are left out.
 * No asset, an empty id, an unknown provider or Cloudinary without a cloud name give null,
 * so the caller shows its placeholder.
 * @example
 * imageUrl({ id: 'logos/acme', provider: 'cloudinary' }, { height: 40 }, { cloudinaryCloudName: 'rota', defaultProvider: 'local' })
 * // 'https://res.cloudinary.com/rota/image/upload/c_fill,h_40/logos/acme'
 * imageUrl('f1', { width: 64 }, { defaultProvider: 'local' }) // '/api/v1/file/f1?w=64'
 */
export function imageUrl(asset: ImageAsset | string | null | undefined, size: ImageSize, config: ImageConfig): string | null {
  if (asset == null) return null
  const { id, provider } = typeof asset === 'string' ? { id: asset, provider: config.defaultProvider } : asset
  if (id.trim() === '') return null
  const height = dimension(size.height)
  const width = dimension(size.width)
  if (provider === 'cloudinary') {
    return config.cloudinaryCloudName ? cloudinaryUrl(config.cloudinaryCloudName, id, height, width) : null
  }
  if (provider === 'local') return localUrl(config.apiBase ?? '/api/v1', id, height, width)
  return null
}
