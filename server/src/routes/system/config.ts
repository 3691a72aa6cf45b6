import { AppError } from '../../errors.ts'
import type { Handlers } from '../handler.ts'
import { VERSION } from '../../version.ts'

/** What the web app needs before sign-in (no secrets), and its missing-translation reports in development. */
export const configHandlers: Handlers<'getClientConfig' | 'reportMissingTranslations'> = {
  async reportMissingTranslations({ params, body }, ctx) {
    if (!ctx.config.development) throw new AppError(404, 'route_not_found')
    ctx.log.warn({ lng: params.lng, ns: params.ns, keys: Object.keys(body) }, 'missing translations')
    return {}
  },

  async getClientConfig(_input, ctx) {
    const cloudName = ctx.config.cloudinaryUrl ? new URL(ctx.config.cloudinaryUrl).hostname : null
    return {
      version: VERSION,
      google_client_id: ctx.config.google?.clientId ?? null,
      images: cloudName ? { provider: 'cloudinary', cloud_name: cloudName } : { provider: 'local', cloud_name: null },
      maps_key: ctx.config.mapsKey ?? null,
      mail_delivery: ctx.config.smtpUrl !== undefined,
    }
  },
}
