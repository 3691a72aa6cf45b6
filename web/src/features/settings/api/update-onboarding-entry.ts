import type { UpdateOnboardingEntryBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { onboardingEntriesKey } from './list-onboarding-entries.ts'

/**
 * `PUT /settings/onboarding/{id}`: an entry's new words or place, with the version read.
 * `silent` for the moves of a reordering, which the list shows by itself.
 * @example
 * await useUpdateOnboardingEntry().mutateAsync({ id: entry.id, body: { position: 2, version: entry.version } })
 */
export function useUpdateOnboardingEntry({ silent = false }: { silent?: boolean } = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof UpdateOnboardingEntryBody> }) =>
      api.updateOnboardingEntry({ params: { id }, body: { ...body, id } }, { silent: silent || 'errors' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: onboardingEntriesKey }),
  })
}
