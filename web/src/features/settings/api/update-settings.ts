import type { UpdateSettingsBody } from '@rota/core'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi, useServices } from '../../../lib/services.tsx'

/**
 * `PUT /settings`: the business's settings, with the version read (a stale one: 409). The
 * session hears the new settings, so the name, logo and guide in the layout follow at once.
 * @example
 * await useUpdateSettings().mutateAsync({ business_name: 'Maple Cleaning', version: settings.version })
 */
export function useUpdateSettings({ silent = false }: { silent?: boolean } = {}) {
  const api = useApi()
  const { session } = useServices()
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateSettingsBody>) => api.updateSettings({ body }, { silent: silent || 'errors' }),
    onSuccess: (settings) => session.send({ type: 'session.settings.updated', settings }),
  })
}
