import type { Handlers } from '../handler.ts'
import { VERSION } from '../../version.ts'

/** What the web app needs before sign-in (no secrets). */
export const configHandlers: Handlers<'getClientConfig'> = {
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
